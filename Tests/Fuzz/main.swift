import Foundation

#if QUENCH_FUZZING
// The fuzzing build (-sanitize=fuzzer -DQUENCH_FUZZING): hand control to libFuzzer.
exit(LibFuzzer.run())
#else
// A plain build: replay the inputs given (`quench-fuzz FILE|DIR…`), e.g. the regression corpus.
exit(FuzzReplay.run(Array(CommandLine.arguments.dropFirst())))
#endif
