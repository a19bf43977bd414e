#ifndef LIMELIGHT_CSTREAM_SHIM_H
#define LIMELIGHT_CSTREAM_SHIM_H
// Non-temporal ("streaming") stores, which Swift has no spelling for. A store that fills a whole
// cache line with data the CPU will not read back soon can skip the read-for-ownership that a
// plain store pays, so writing a large frame from another buffer costs about what memcpy does.
// Inline, so the Swift optimizer sees through them; clang lowers them to movnti/movntdq on x86-64
// and to the target's equivalent elsewhere.

// Sixteen bytes; Swift sees the type as SIMD16<UInt8>.
typedef unsigned char ll_bytes16 __attribute__((ext_vector_type(16)));

// Stores 16 bytes at `p`, which must be 16-byte aligned.
static inline void ll_stream16(void *p, ll_bytes16 v) {
    __builtin_nontemporal_store(v, (ll_bytes16 *)p);
}

// Stores one 32-bit pixel at `p` (4-byte aligned).
static inline void ll_stream4(unsigned int *p, unsigned int v) {
    __builtin_nontemporal_store(v, p);
}

// Asks for the cache line holding `p` ahead of a read, or of a write (`ll_prefetch_write`): for
// narrow strips down many rows, whose next row the hardware prefetcher does not foresee.
static inline void ll_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }
static inline void ll_prefetch_write(void *p) { __builtin_prefetch(p, 1, 3); }

// Orders the streaming stores before any later store or load: call once after a run of them.
static inline void ll_stream_fence(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_sfence();
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

#endif
