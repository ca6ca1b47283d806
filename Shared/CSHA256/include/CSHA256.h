// SHA-256 compression with the CPU's SHA extensions (x86-64 SHA-NI), for QuenchRuntime's
// SHA256: where the CPU has them, a block costs a fraction of the portable Swift code's time.
#ifndef QUENCH_CSHA256_H
#define QUENCH_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this CPU has the SHA extensions (and SSSE3, SSE4.1) that
/// `quench_sha256_blocks_hw` needs; 0 otherwise (always 0 off x86-64).
int quench_sha256_hw_available(void);

/// Runs the SHA-256 compression function over `blocks` 64-byte blocks at `data`, updating
/// `state` (the eight working words, host order). Call only when
/// `quench_sha256_hw_available()` returned 1.
void quench_sha256_blocks_hw(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
