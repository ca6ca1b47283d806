import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` (`BuildInfo.commit`: `git describe --always --dirty --abbrev=12`
/// of the package's checkout, empty outside a git checkout) before each build. The file is
/// replaced only when the commit changed, so an unchanged checkout rebuilds nothing.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let script = #"""
            set -u
            mkdir -p "$2"
            commit=$(git -C "$1" describe --always --dirty --abbrev=12 2>/dev/null || true)
            case "$commit" in *[!0-9a-zA-Z._-]*) commit="" ;; esac
            scratch=$(mktemp)
            printf '/// Generated before each build by the BuildCommit plugin.\npublic enum BuildInfo {\n    /// The checkout the build was made from (`git describe --always --dirty`), empty outside git.\n    public static let commit = "%s"\n}\n' "$commit" > "$scratch"
            if cmp -s "$scratch" "$2/BuildCommit.swift"; then rm -f "$scratch"; else mv "$scratch" "$2/BuildCommit.swift"; fi
            """#
        return [
            .prebuildCommand(
                displayName: "Build commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output),
        ]
    }
}
