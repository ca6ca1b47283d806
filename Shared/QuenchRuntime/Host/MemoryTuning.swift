#if canImport(Glibc)
internal import CSystemExtras
#endif

/// glibc's allocator returns freed memory at the top of each thread's heap to the kernel as
/// soon as more than 128 KiB is free (`madvise`), and takes it back page by page (a page
/// fault per 4 KiB) on the next request. A service that builds and frees a batch of replies,
/// events and SQLite pages per group commit does this on every batch: a profile of intake
/// under load spent about a quarter of its CPU in those faults and TLB flushes. Keeping up
/// to 64 MiB of freed memory per heap, and growing heaps 16 MiB at a time, stops the churn
/// at the price of a resident set that does not shrink below its recent peak.
enum MemoryTuning {
    static func apply() {
        #if canImport(Glibc)
        _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
        _ = mallopt(M_TOP_PAD, 16 << 20)
        _ = mallopt(M_MMAP_THRESHOLD, 16 << 20)
        #endif
    }

    /// Returns the free pages of every heap to the kernel now (`malloc_trim`), after a burst
    /// was freed (a dropped subscription flood) that the thresholds above would keep.
    static func trim() {
        #if canImport(Glibc)
        _ = malloc_trim(0)
        #endif
    }
}
