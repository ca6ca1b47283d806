import ChildProcess
import Foundation

/// A small file system mounted for one test, so storage faults can be made real: a tmpfs
/// that is filled up, or an ext4 image on a loop device (`errors=remount-ro`) that is
/// forced read-only with `trigger_fs_error`, then repaired with `e2fsck` and mounted again.
/// Needs root; `unmount()` (also on deinit) removes the mount, the loop device and the image.
final class ScratchDisk: @unchecked Sendable {
    enum Kind {
        case tmpfs
        case ext4
    }

    let kind: Kind
    let mountPoint: URL
    private var image: URL?
    private var mounted = false
    private var filler: FileHandle?
    private var fillerURL: URL { mountPoint.appendingPathComponent("filler.bin") }

    /// Why this kind of disk cannot be made here, nil when it can (probed once by mounting one).
    static let tmpfsUnavailable: String? = probe(.tmpfs)
    static let ext4Unavailable: String? = probe(.ext4)

    private static func probe(_ kind: Kind) -> String? {
        guard geteuid() == 0 else { return "not running as root (mounting needs root)" }
        do {
            let disk = try ScratchDisk(kind, megabytes: 8)
            disk.unmount()
            return nil
        } catch {
            return "cannot mount a \(kind) scratch disk here: \(error)"
        }
    }

    init(_ kind: Kind, megabytes: Int) throws {
        self.kind = kind
        let base = temporaryDirectory("scratch-disk")
        mountPoint = base.appendingPathComponent("mnt")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        switch kind {
        case .tmpfs:
            image = nil
            try Self.shell("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", mountPoint.path])
        case .ext4:
            let image = base.appendingPathComponent("disk.img")
            self.image = image
            _ = FileManager.default.createFile(atPath: image.path, contents: nil)
            let handle = try FileHandle(forWritingTo: image)
            try handle.truncate(atOffset: UInt64(megabytes) << 20)
            try handle.close()
            try Self.shell(Self.tool("mkfs.ext4"), ["-q", "-F", image.path])
            try mountImage()
        }
        mounted = true
    }

    private func mountImage() throws {
        guard let image else { return }
        try Self.shell("/bin/mount", ["-o", "loop,errors=remount-ro", image.path, mountPoint.path])
    }

    func folder(_ name: String) -> URL { mountPoint.appendingPathComponent(name) }

    /// Writes a filler file until the file system is full; returns its size in bytes.
    @discardableResult
    func fill() throws -> Int {
        _ = FileManager.default.createFile(atPath: fillerURL.path, contents: nil)
        let handle = try FileHandle(forWritingTo: fillerURL)
        filler = handle
        var written = 0
        for chunk in [1 << 20, 64 << 10, 4 << 10, 512] {
            let data = Data(repeating: 0xAB, count: chunk)
            while (try? handle.write(contentsOf: data)) != nil {
                written += chunk
            }
        }
        return written
    }

    /// Deletes the filler file: the space is free again.
    func removeFiller() throws {
        try filler?.close()
        filler = nil
        try FileManager.default.removeItem(at: fillerURL)
    }

    /// ext4 only: reports a file-system error, so the kernel remounts it read-only at once
    /// (even with files open for writing, which `mount -o remount,ro` refuses).
    func forceReadOnly() throws {
        let device = try Self.shell("/usr/bin/findmnt", ["-n", "-o", "SOURCE", mountPoint.path])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let trigger = "/sys/fs/ext4/\((device as NSString).lastPathComponent)/trigger_fs_error"
        try Data("reliability test\n".utf8).write(to: URL(fileURLWithPath: trigger))
    }

    /// ext4 only: unmounts, repairs and mounts read-write again (every process using it must have stopped).
    func repair() throws {
        for attempt in 1...3 {
            try Self.shell("/bin/umount", [mountPoint.path])
            if let old = image {
                // A mount namespace made meanwhile (e.g. by `ip netns exec` in a test running
                // alongside) can keep the old superblock, with its emergency read-only flag,
                // alive: from the second attempt on, mount a copy of the image (a new one).
                var current = old
                if attempt > 1 {
                    current = old.deletingLastPathComponent().appendingPathComponent("disk-\(attempt).img")
                    try? FileManager.default.removeItem(at: current)
                    try FileManager.default.copyItem(at: old, to: current)
                    image = current
                }
                // e2fsck exits 1 when it corrected errors (here: the forced one).
                _ = try? Self.shell(Self.tool("e2fsck"), ["-fy", current.path])
            }
            try mountImage()
            let probe = mountPoint.appendingPathComponent("writable.probe")
            if FileManager.default.createFile(atPath: probe.path, contents: Data("ok".utf8)) {
                try? FileManager.default.removeItem(at: probe)
                return
            }
            if attempt == 3 {
                let options = (try? Self.shell("/usr/bin/findmnt", ["-n", "-o", "OPTIONS", mountPoint.path])) ?? "?"
                throw TestFailure("the repaired disk is still not writable (mount options: \(options))")
            }
        }
    }

    func unmount() {
        try? filler?.close()
        filler = nil
        guard mounted else { return }
        mounted = false
        _ = try? Self.shell("/bin/umount", ["-l", mountPoint.path])
        if let image { try? FileManager.default.removeItem(at: image) }
    }

    deinit {
        unmount()
    }

    private static func tool(_ name: String) -> String {
        ["/usr/sbin/", "/sbin/", "/usr/bin/", "/bin/"].map { $0 + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? name
    }

    @discardableResult
    static func shell(_ executable: String, _ arguments: [String]) throws -> String {
        let result = try ChildCommand(
            executable, arguments: arguments, standardInput: .null, standardOutput: .pipe, standardError: .sameAsStandardOutput
        ).run()
        let text = result.standardOutputText
        guard result.status == 0 else {
            throw TestFailure("\(executable) \(arguments.joined(separator: " ")) exited \(result.status): \(text)")
        }
        return text
    }
}
