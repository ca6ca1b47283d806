import QuenchStrings

#if canImport(CZlib)
import CZlib
#elseif canImport(zlib)
import zlib
#endif

/// Raw-deflate decompression straight from zlib, with exact accounting of input consumed.
final class ZlibInflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutablePointer<UInt8>
    private let outputSize: Int
    private(set) var finished = false

    init(outputSize: Int) throws {
        self.outputSize = outputSize
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = .allocate(capacity: outputSize)
        guard inflateInit2_(stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            output.deallocate()
            throw AppleHealthImportError(.zlibUnavailable)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        output.deallocate()
    }

    /// Inflates all of `input`, passing output in pieces to `consume`; returns the input bytes used
    /// (fewer than given only when the deflate stream ended).
    func feed(_ input: UnsafeRawBufferPointer, consume: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        guard let base = input.baseAddress, input.count > 0, !finished else { return 0 }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(input.count)
        repeat {
            stream.pointee.next_out = output
            stream.pointee.avail_out = UInt32(outputSize)
            let result = inflate(stream, Z_NO_FLUSH)
            let produced = outputSize - Int(stream.pointee.avail_out)
            if produced > 0 { try consume(UnsafeRawBufferPointer(start: output, count: produced)) }
            if result == Z_STREAM_END {
                finished = true
                break
            }
            guard result == Z_OK || result == Z_BUF_ERROR else {
                throw ZlibDataError(message: stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(result)")
            }
            if result == Z_BUF_ERROR, produced == 0 { break }
        } while stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0
        return input.count - Int(stream.pointee.avail_in)
    }
}

/// The compressed data is not valid deflate.
struct ZlibDataError: Error {
    var message: String
}
