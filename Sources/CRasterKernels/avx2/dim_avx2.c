// The dim's row kernels in AVX2: DimBlend's constant and masked rows (Sources/Raster/DimBlend.swift)
// eight pixels to a 256-bit register where the portable form puts four in SSE2's 128 (but for one
// loop: see constant_row). The same
// arithmetic in the same 16-bit lanes, so the same bytes: the half opacity as the rounding byte
// average (vpavgb), any other as (x·(256 − a) + c·a + 128) >> 8 per channel, and the hole's edge
// pixels with their own k. Only x86-64 builds this file; only a CPU with AVX2 may call it.
#if defined(__x86_64__)
#include "limelight_raster_kernels.h"
#include <immintrin.h>

#define LL_AVX2 __attribute__((target("avx2")))
#define LL_INLINE static inline __attribute__((always_inline, target("avx2")))

// The dim's constants, in the lanes the loops use.
typedef struct {
    uint32_t alpha256;
    uint32_t color_rb, color_ag;       // the colour (opaque) in two 16-bit lanes each, for one pixel
    uint32_t const_rb, const_ag, inverse;
    __m256i color8;                    // the colour's bytes, eight pixels in memory order (B, G, R, 255)
    __m256i color16;                   // the same in 16-bit lanes (two pixels a 128-bit half)
    __m256i inverse16, add16;          // 256 − a, and c·a + 128 per channel
    __m256i alpha_half, alpha_odd;     // a / 2 and a mod 2, for k = a·m' / 256 in 16 bits
} dim_constants;

LL_INLINE dim_constants constants(uint32_t color, uint32_t alpha256) {
    dim_constants k;
    uint32_t a = alpha256;
    uint32_t b = color & 0xFF, g = (color >> 8) & 0xFF, r = (color >> 16) & 0xFF;
    k.alpha256 = a;
    k.color_rb = r << 16 | b;
    k.color_ag = 0xFFu << 16 | g;
    k.inverse = 256 - a;
    k.const_rb = k.color_rb * a + 0x00800080u;
    k.const_ag = k.color_ag * a + 0x00800080u;
    k.color8 = _mm256_set1_epi32((int)(0xFF000000u | r << 16 | g << 8 | b));
    k.color16 = _mm256_set1_epi64x((long long)((uint64_t)b | (uint64_t)g << 16 | (uint64_t)r << 32 | (uint64_t)255 << 48));
    k.inverse16 = _mm256_set1_epi16((short)(256 - a));
    k.add16 = _mm256_set1_epi64x((long long)((uint64_t)(b * a + 128) | (uint64_t)(g * a + 128) << 16 |
                                             (uint64_t)(r * a + 128) << 32 | (uint64_t)(255 * a + 128) << 48));
    k.alpha_half = _mm256_set1_epi16((short)(a >> 1));
    k.alpha_odd = _mm256_set1_epi16((short)(a & 1));
    return k;
}

// One pixel under the constant dim (DimBlend.dimmed(_:)), two channels to a 32-bit lane.
LL_INLINE uint32_t dimmed(const dim_constants *k, uint32_t p) {
    uint32_t rb = ((p & 0x00FF00FFu) * k->inverse + k->const_rb) >> 8 & 0x00FF00FFu;
    uint32_t ag = (((p >> 8) & 0x00FF00FFu) * k->inverse + k->const_ag) & 0xFF00FF00u;
    return rb | ag;
}

// One pixel through hole coverage `hole` (DimBlend.dimmed(_:hole:)).
LL_INLINE uint32_t dimmed_through(const dim_constants *k, uint32_t p, uint8_t hole) {
    uint32_t m = 255 - (uint32_t)hole;
    uint32_t w = (k->alpha256 * (m + (m >> 7))) >> 8;
    uint32_t inv = 256 - w;
    uint32_t rb = ((p & 0x00FF00FFu) * inv + k->color_rb * w + 0x00800080u) >> 8 & 0x00FF00FFu;
    uint32_t ag = (((p >> 8) & 0x00FF00FFu) * inv + k->color_ag * w + 0x00800080u) & 0xFF00FF00u;
    return rb | ag;
}

// Eight pixels under the constant dim; `half`: at an opacity of one half (fixed per copy of a loop),
// where (x·128 + c·128 + 128) >> 8 is the rounding byte average. The 16-bit halves come from the
// in-lane unpacks (pixels 0, 1, 4, 5 and 2, 3, 6, 7), which vpackuswb puts back in order.
LL_INLINE __m256i constant8(const dim_constants *k, __m256i v, int half) {
    if (half) return _mm256_avg_epu8(v, k->color8);
    __m256i zero = _mm256_setzero_si256();
    __m256i lo = _mm256_unpacklo_epi8(v, zero), hi = _mm256_unpackhi_epi8(v, zero);
    lo = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(lo, k->inverse16), k->add16), 8);
    hi = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(hi, k->inverse16), k->add16), 8);
    return _mm256_packus_epi16(lo, hi);
}

// Four pixels the same way, in 128 bits.
LL_INLINE __m128i constant4(const dim_constants *k, __m128i v, int half) {
    if (half) return _mm_avg_epu8(v, _mm256_castsi256_si128(k->color8));
    __m128i zero = _mm_setzero_si128(), inv = _mm256_castsi256_si128(k->inverse16), add = _mm256_castsi256_si128(k->add16);
    __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
    lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(lo, inv), add), 8);
    hi = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(hi, inv), add), 8);
    return _mm_packus_epi16(lo, hi);
}

// k = a·m' / 256 for eight coverage bytes in 16-bit lanes, m = 255 − coverage and m' = m + m/128
// (255 maps to 256). a·m' overflows 16 bits at full opacity, so it is (a/2)·m' + (a mod 2)·m'/2,
// both halved: ⌊(a·m')/256⌋ = ⌊((a/2)·m' + ⌊(a mod 2)·m'/2⌋)/128⌋ exactly (as DimBlend's `weights`).
LL_INLINE __m128i weights(const dim_constants *k, __m128i coverage8) {
    __m128i m = _mm_sub_epi16(_mm_set1_epi16(255), _mm_cvtepu8_epi16(coverage8));
    m = _mm_add_epi16(m, _mm_srli_epi16(m, 7));
    __m128i even = _mm_mullo_epi16(_mm256_castsi256_si128(k->alpha_half), m);
    __m128i odd = _mm_srli_epi16(_mm_mullo_epi16(_mm256_castsi256_si128(k->alpha_odd), m), 1);
    return _mm_srli_epi16(_mm_add_epi16(even, odd), 7);
}

// (x·(256 − w) + c·w + 128) >> 8 in 16-bit lanes, each lane with its pixel's w.
LL_INLINE __m256i blend16(const dim_constants *k, __m256i x, __m256i w) {
    __m256i inv = _mm256_sub_epi16(_mm256_set1_epi16(256), w);
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, inv), _mm256_mullo_epi16(k->color16, w));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_set1_epi16(128)), 8);
}

// Eight pixels, each blended with its own weight of `w` (eight 16-bit lanes). Each weight is spread
// over its pixel's four lanes by one byte shuffle per half: the unpacked low half holds pixels 0, 1
// (first 128 bits) and 4, 5 (second), the high half 2, 3 and 6, 7.
LL_INLINE __m256i edge8(const dim_constants *k, __m256i v, __m128i w) {
    const __m256i spread_lo = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3,
                                               8, 9, 8, 9, 8, 9, 8, 9, 10, 11, 10, 11, 10, 11, 10, 11);
    const __m256i spread_hi = _mm256_setr_epi8(4, 5, 4, 5, 4, 5, 4, 5, 6, 7, 6, 7, 6, 7, 6, 7,
                                               12, 13, 12, 13, 12, 13, 12, 13, 14, 15, 14, 15, 14, 15, 14, 15);
    __m256i both = _mm256_broadcastsi128_si256(w), zero = _mm256_setzero_si256();
    __m256i lo = blend16(k, _mm256_unpacklo_epi8(v, zero), _mm256_shuffle_epi8(both, spread_lo));
    __m256i hi = blend16(k, _mm256_unpackhi_epi8(v, zero), _mm256_shuffle_epi8(both, spread_hi));
    return _mm256_packus_epi16(lo, hi);
}

// Four pixels with the first four weights of `w`.
LL_INLINE __m128i edge4(const dim_constants *k, __m128i v, __m128i w) {
    const __m128i spread_lo = _mm_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3);
    const __m128i spread_hi = _mm_setr_epi8(4, 5, 4, 5, 4, 5, 4, 5, 6, 7, 6, 7, 6, 7, 6, 7);
    __m128i zero = _mm_setzero_si128();
    __m256i x = _mm256_set_m128i(_mm_unpackhi_epi8(v, zero), _mm_unpacklo_epi8(v, zero));
    __m256i spread = _mm256_set_m128i(_mm_shuffle_epi8(w, spread_hi), _mm_shuffle_epi8(w, spread_lo));
    __m256i out = blend16(k, x, spread);
    return _mm_packus_epi16(_mm256_castsi256_si128(out), _mm256_extracti128_si256(out, 1));
}

// Stores: plain (any alignment) or streaming (32- or 16-byte aligned), fixed per copy of a loop.
LL_INLINE void store8(uint32_t *p, __m256i v, int streaming) {
    if (streaming) _mm256_stream_si256((__m256i *)p, v); else _mm256_storeu_si256((__m256i *)p, v);
}
LL_INLINE void store4(uint32_t *p, __m128i v, int streaming) {
    if (streaming) _mm_stream_si128((__m128i *)p, v); else _mm_storeu_si128((__m128i *)p, v);
}
LL_INLINE void store1(uint32_t *p, uint32_t v, int streaming) {
    if (streaming) _mm_stream_si32((int *)p, (int)v); else *p = v;
}
LL_INLINE __m256i load8(const uint32_t *p) { return _mm256_loadu_si256((const __m256i *)p); }
LL_INLINE __m128i load4(const uint32_t *p) { return _mm_loadu_si128((const __m128i *)p); }

LL_INLINE void constant_row(uint32_t *dst, const uint32_t *src, ptrdiff_t count, const dim_constants *k, int half, int streaming) {
    ptrdiff_t i = 0;
    // Streaming stores of 32 bytes need an aligned destination: up to seven pixels first.
    if (streaming) {
        for (; i < count && ((uintptr_t)(dst + i) & 31) != 0; i++) store1(dst + i, dimmed(k, src[i]), 1);
    }
    // Sixteen pixels a step. The byte average stored plainly into another buffer goes sixteen bytes
    // a load and a store: a loop of little but loads and stores, it ran 5% slower with 32-byte ones
    // back to back and 10% slower in the app's rhythm (a frame every 1/60 s, its lines from memory)
    // on the EPYC of BENCHMARKS.md. Multiplies, a dim in place and streaming stores gain from 32.
    if (half && !streaming && dst != src) {
        for (; i + 16 <= count; i += 16) {
            __m128i a = load4(src + i), b = load4(src + i + 4), c = load4(src + i + 8), e = load4(src + i + 12);
            store4(dst + i, constant4(k, a, 1), 0);
            store4(dst + i + 4, constant4(k, b, 1), 0);
            store4(dst + i + 8, constant4(k, c, 1), 0);
            store4(dst + i + 12, constant4(k, e, 1), 0);
        }
    } else {
        for (; i + 16 <= count; i += 16) {
            __m256i a = load8(src + i), b = load8(src + i + 8);
            store8(dst + i, constant8(k, a, half), streaming);
            store8(dst + i + 8, constant8(k, b, half), streaming);
        }
    }
    if (i + 8 <= count) { store8(dst + i, constant8(k, load8(src + i), half), streaming); i += 8; }
    // The last one to seven pixels: into another buffer, as the last eight again (rewriting a pixel
    // from its source gives the same value).
    if (i < count && count >= 8 && !streaming && dst != src) {
        store8(dst + count - 8, constant8(k, load8(src + count - 8), half), 0);
        return;
    }
    if (i + 4 <= count) { store4(dst + i, constant4(k, load4(src + i), half), streaming); i += 4; }
    for (; i < count; i++) store1(dst + i, dimmed(k, src[i]), streaming);
}

// Eight pixels from `j` through their coverage: wholly inside the holes copied (skipped in place),
// wholly outside under the constant dim, else blended pixel by pixel.
LL_INLINE void masked8(uint32_t *dst, const uint32_t *src, const uint8_t *holes, ptrdiff_t j, const dim_constants *k,
                       int half, int in_place, int streaming) {
    uint64_t word;
    __builtin_memcpy(&word, holes + j, 8);
    if (word == UINT64_MAX) {
        if (!in_place) store8(dst + j, load8(src + j), streaming);
    } else if (word == 0) {
        store8(dst + j, constant8(k, load8(src + j), half), streaming);
    } else {
        store8(dst + j, edge8(k, load8(src + j), weights(k, _mm_cvtsi64_si128((long long)word))), streaming);
    }
}

LL_INLINE void masked_row(uint32_t *dst, const uint32_t *src, const uint8_t *holes, ptrdiff_t count, const dim_constants *k,
                          int half, int streaming) {
    int in_place = dst == src;
    ptrdiff_t i = 0;
    if (streaming) {
        for (; i < count && ((uintptr_t)(dst + i) & 31) != 0; i++) store1(dst + i, dimmed_through(k, src[i], holes[i]), 1);
    }
    for (; i + 8 <= count; i += 8) masked8(dst, src, holes, i, k, half, in_place, streaming);
    if (i < count && count >= 8 && !streaming && !in_place) {
        masked8(dst, src, holes, count - 8, k, half, 0, 0);
        return;
    }
    // Four more (narrow strips, such as a moving hole's sides, end in many of these).
    if (i + 4 <= count) {
        uint32_t word;
        __builtin_memcpy(&word, holes + i, 4);
        if (word == UINT32_MAX) {
            if (!in_place) store4(dst + i, load4(src + i), streaming);
        } else if (word == 0) {
            store4(dst + i, constant4(k, load4(src + i), half), streaming);
        } else {
            store4(dst + i, edge4(k, load4(src + i), weights(k, _mm_cvtsi32_si128((int)word))), streaming);
        }
        i += 4;
    }
    for (; i < count; i++) store1(dst + i, dimmed_through(k, src[i], holes[i]), streaming);
}

LL_AVX2 void ll_avx2_dim_row(uint32_t *dst, const uint32_t *src, ptrdiff_t count, uint32_t color, uint32_t alpha256, int streaming) {
    if (count <= 0) return;
    dim_constants k = constants(color, alpha256);
    // A copy of the loop for each kind of store and each case of opacity, its constants in registers.
    if (alpha256 == 128) {
        if (streaming) constant_row(dst, src, count, &k, 1, 1); else constant_row(dst, src, count, &k, 1, 0);
    } else {
        if (streaming) constant_row(dst, src, count, &k, 0, 1); else constant_row(dst, src, count, &k, 0, 0);
    }
}

LL_AVX2 void ll_avx2_dim_masked_row(uint32_t *dst, const uint32_t *src, const uint8_t *holes, ptrdiff_t count, uint32_t color,
                                    uint32_t alpha256, int streaming) {
    if (count <= 0) return;
    dim_constants k = constants(color, alpha256);
    if (alpha256 == 128) {
        if (streaming) masked_row(dst, src, holes, count, &k, 1, 1); else masked_row(dst, src, holes, count, &k, 1, 0);
    } else {
        if (streaming) masked_row(dst, src, holes, count, &k, 0, 1); else masked_row(dst, src, holes, count, &k, 0, 0);
    }
}
#endif
