// glibc declarations Swift's Glibc module does not expose: the allocator's tuning
// (mallopt, M_TRIM_THRESHOLD, …) and getrandom(2). Empty on other systems.
#if defined(__linux__)
#include <malloc.h>
#include <sys/random.h>
#endif
