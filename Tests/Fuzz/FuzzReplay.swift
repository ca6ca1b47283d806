import Foundation

/// Runs files (or every file in folders) through the fuzz target once each.
enum FuzzReplay {
    static func run(_ paths: [String]) -> Int32 {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("quench-fuzz: no such file: \(path)\n".utf8))
                return 66
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.sorted().map { "\(path)/\($0)" }
            } else {
                files.append(path)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            FuzzTarget.run([UInt8](data))
        }
        print("quench-fuzz: replayed \(files.count) input(s) without a crash")
        return 0
    }
}
