import QuenchStrings
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends bytes to a new file through a 1 MiB buffer.
final class BufferedFileWriter {
    private let fd: Int32
    private let path: String
    private var buffer: [UInt8] = []

    init(path: String) throws {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw GeneratorError(kind: .cannotCreate(path: path, SystemErrorText(errno: errno))) }
        buffer.reserveCapacity(1 << 20)
    }

    deinit { close(fd) }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { try flush() }
    }

    func write(bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { try flush() }
    }

    func flush() throws {
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeBytes { posixWrite(fd, $0.baseAddress! + done, $0.count - done) }
            guard n > 0 else { throw GeneratorError(kind: .cannotWrite(path: path, SystemErrorText(errno: errno))) }
            done += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

@inline(__always)
private func posixWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    write(fd, p, n)
}
