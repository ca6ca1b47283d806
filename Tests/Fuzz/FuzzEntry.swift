/// libFuzzer's entry point (built with `-sanitize=fuzzer`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else {
        FuzzTarget.run([])
        return 0
    }
    FuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
