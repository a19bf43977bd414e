#ifndef LIMELIGHT_CXXHASH_SHIM_H
#define LIMELIGHT_CXXHASH_SHIM_H
#include <xxhash.h>

/* On x86-64 xxHash's dispatching entry points pick the widest vector unit the processor has
 * (AVX2, AVX-512) at run time; the plain ones are built for the baseline (SSE2). The digests are
 * the same either way. */
#if defined(__x86_64__)
#include <xxh_x86dispatch.h>
static inline XXH_errorcode limelight_xxh3_128_update(XXH3_state_t *state, const void *input, size_t length) {
    return XXH3_128bits_update_dispatch(state, input, length);
}
static inline XXH128_hash_t limelight_xxh3_128(const void *input, size_t length) {
    return XXH3_128bits_dispatch(input, length);
}
#else
static inline XXH_errorcode limelight_xxh3_128_update(XXH3_state_t *state, const void *input, size_t length) {
    return XXH3_128bits_update(state, input, length);
}
static inline XXH128_hash_t limelight_xxh3_128(const void *input, size_t length) {
    return XXH3_128bits(input, length);
}
#endif
#endif
