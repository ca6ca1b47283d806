// glibc declarations Swift's Glibc module does not expose: the allocator's tuning
// (mallopt, M_TRIM_THRESHOLD, …), getrandom(2) and timerfd (the benchmark's load driver).
// Empty on other systems.
#if defined(__linux__)
#include <malloc.h>
#include <sys/random.h>
#include <sys/timerfd.h>

/// Arms timerfd `fd` to fire once, `nanos` (at least 1) from now.
static inline int quench_timerfd_arm(int fd, unsigned long long nanos) {
    struct itimerspec spec = {0};
    if (nanos == 0) nanos = 1;
    spec.it_value.tv_sec = (time_t)(nanos / 1000000000ULL);
    spec.it_value.tv_nsec = (long)(nanos % 1000000000ULL);
    return timerfd_settime(fd, 0, &spec, 0);
}
#endif
