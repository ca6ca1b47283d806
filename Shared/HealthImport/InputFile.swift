import QuenchStrings

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only file read with plain `read`/`pread`, never mapped or loaded whole.
final class InputFile {
    let path: String
    let size: Int64
    private let fd: Int32

    init(path: String) throws {
        self.path = path
        fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw AppleHealthImportError(.cannotOpen(path: path, SystemErrorText(errno: errno)))
        }
        let end = lseek(fd, 0, SEEK_END)
        guard end >= 0 else {
            close(fd)
            throw AppleHealthImportError(.cannotRead(path: path, SystemErrorText(errno: errno)))
        }
        size = Int64(end)
    }

    deinit { close(fd) }

    /// Reads up to `count` bytes at `offset` into `into`; returns the number read (0 at end of file).
    func read(at offset: Int64, count: Int, into: UnsafeMutableRawPointer) throws -> Int {
        var done = 0
        while done < count {
            let r = pread(fd, into + done, count - done, off_t(offset + Int64(done)))
            if r < 0 {
                if errno == EINTR { continue }
                throw AppleHealthImportError(.cannotRead(path: path, SystemErrorText(errno: errno)), byteOffset: offset + Int64(done))
            }
            if r == 0 { break }
            done += r
        }
        return done
    }

    /// Reads exactly `count` bytes at `offset`, or fewer only at the end of the file.
    func bytes(at offset: Int64, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: count)
        let n = try out.withUnsafeMutableBytes { try read(at: offset, count: count, into: $0.baseAddress!) }
        out.removeLast(count - n)
        return out
    }
}
