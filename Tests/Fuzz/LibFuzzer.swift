#if QUENCH_FUZZING
/// libFuzzer's driver (`LLVMFuzzerRunDriver`, in the runtime `-sanitize=fuzzer` links).
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer with this process's arguments (`-max_total_time=60 corpus/`, …).
enum LibFuzzer {
    static func run() -> Int32 {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        return llvmFuzzerRunDriver(&argc, &argv) { data, size in
            fuzzOneInput(data, size)
        }
    }
}
#endif
