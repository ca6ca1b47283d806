// glibc's allocator tuning (mallopt, M_TRIM_THRESHOLD, …), which Swift's Glibc module
// does not expose. Used by QuenchRuntime's MemoryTuning; empty elsewhere.
#if defined(__linux__)
#include <malloc.h>
#endif
