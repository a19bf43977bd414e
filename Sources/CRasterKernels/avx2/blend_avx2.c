// Raster's source-over row kernels in AVX2 (Sources/Raster/Kernels.swift): a constant colour
// through 8-bit coverage (shapes, glyphs), a translucent constant colour, and one row of pixels over
// another at an opacity. Eight pixels to a 256-bit register where the portable form puts four in
// SSE2's 128. The same arithmetic in the same 16-bit lanes (each pixel's even bytes, blue and red,
// and odd bytes, green and alpha), so the same bytes; the portable form's shortcuts (no coverage,
// full coverage, a transparent or opaque source) give what the blend gives, so these loops take
// none. A last group of four pixels runs in 128 bits and fewer in scalar code, as the portable
// loops do. Only x86-64 builds this file; only a CPU with AVX2 may call it.
#if defined(__x86_64__)
#include "limelight_raster_kernels.h"
#include <immintrin.h>

#define LL_INLINE static inline __attribute__((always_inline, target("avx2")))
#define LL_AVX2 __attribute__((target("avx2")))

// v·k / 255 rounded, lane by lane (Kernels.scale255 per channel): t = v·k + 128, (t + t/256) / 256.
LL_INLINE __m256i scaled8(__m256i v, __m256i k) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(v, k), _mm256_set1_epi16(128));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
}

LL_INLINE __m128i scaled4(__m128i v, __m128i k) {
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(v, k), _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}

// Source `rb`, `ag` (even and odd bytes in 16-bit lanes) over destination pixels `w`.
LL_INLINE __m256i over8(__m256i rb, __m256i ag, __m256i w) {
    __m256i low = _mm256_set1_epi16(0x00FF);
    __m256i a = _mm256_srli_epi32(ag, 16);
    __m256i inv = _mm256_sub_epi16(_mm256_set1_epi16(255), _mm256_or_si256(a, _mm256_slli_epi32(a, 16)));
    __m256i orb = _mm256_add_epi16(rb, scaled8(_mm256_and_si256(w, low), inv));
    __m256i oag = _mm256_add_epi16(ag, scaled8(_mm256_srli_epi16(w, 8), inv));
    return _mm256_or_si256(_mm256_and_si256(orb, low), _mm256_slli_epi16(oag, 8));
}

LL_INLINE __m128i over4(__m128i rb, __m128i ag, __m128i w) {
    __m128i low = _mm_set1_epi16(0x00FF);
    __m128i a = _mm_srli_epi32(ag, 16);
    __m128i inv = _mm_sub_epi16(_mm_set1_epi16(255), _mm_or_si128(a, _mm_slli_epi32(a, 16)));
    __m128i orb = _mm_add_epi16(rb, scaled4(_mm_and_si128(w, low), inv));
    __m128i oag = _mm_add_epi16(ag, scaled4(_mm_srli_epi16(w, 8), inv));
    return _mm_or_si128(_mm_and_si128(orb, low), _mm_slli_epi16(oag, 8));
}

// Kernels.scale255 on one pixel, two channels to a 32-bit lane.
static inline uint32_t scale255(uint32_t p, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

// Kernels.scale on one pixel: every channel times k / 256.
static inline uint32_t scale256(uint32_t p, uint32_t k) {
    uint32_t rb = ((p & 0x00FF00FFu) * k) >> 8 & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k & 0xFF00FF00u;
    return rb | ag;
}

LL_AVX2 void ll_avx2_fill_coverage_row(uint32_t *row, const uint8_t *coverage, ptrdiff_t count, uint32_t color) {
    __m256i low = _mm256_set1_epi16(0x00FF);
    __m256i colour = _mm256_set1_epi32((int)color);
    __m256i colour_rb = _mm256_and_si256(colour, low), colour_ag = _mm256_srli_epi16(colour, 8);
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i c = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(coverage + i)));
        __m256i k = _mm256_or_si256(c, _mm256_slli_epi32(c, 16));
        __m256i w = _mm256_loadu_si256((const __m256i *)(row + i));
        __m256i out = over8(scaled8(colour_rb, k), scaled8(colour_ag, k), w);
        _mm256_storeu_si256((__m256i *)(row + i), out);
    }
    if (i + 4 <= count) {
        uint32_t four;
        __builtin_memcpy(&four, coverage + i, 4);
        __m128i c = _mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)four));
        __m128i k = _mm_or_si128(c, _mm_slli_epi32(c, 16));
        __m128i w = _mm_loadu_si128((const __m128i *)(row + i));
        __m128i out = over4(scaled4(_mm256_castsi256_si128(colour_rb), k), scaled4(_mm256_castsi256_si128(colour_ag), k), w);
        _mm_storeu_si128((__m128i *)(row + i), out);
        i += 4;
    }
    for (; i < count; i++) {
        uint32_t s = scale255(color, coverage[i]);
        row[i] = s + scale255(row[i], 255 - (s >> 24));
    }
}

LL_AVX2 void ll_avx2_fill_row(uint32_t *row, ptrdiff_t count, uint32_t color) {
    uint32_t inv = 255 - (color >> 24);
    __m256i k = _mm256_set1_epi16((short)inv), low = _mm256_set1_epi16(0x00FF), colour = _mm256_set1_epi32((int)color);
    ptrdiff_t i = 0;
    // color + scale255(pixel, inv) with a 32-bit add, as the portable loop adds.
    for (; i + 8 <= count; i += 8) {
        __m256i w = _mm256_loadu_si256((const __m256i *)(row + i));
        __m256i rb = scaled8(_mm256_and_si256(w, low), k), ag = scaled8(_mm256_srli_epi16(w, 8), k);
        __m256i scaled = _mm256_or_si256(rb, _mm256_slli_epi16(ag, 8));
        _mm256_storeu_si256((__m256i *)(row + i), _mm256_add_epi32(colour, scaled));
    }
    for (; i < count; i++) row[i] = color + scale255(row[i], inv);
}

LL_AVX2 void ll_avx2_blend_row(uint32_t *dst, const uint32_t *src, ptrdiff_t count, uint32_t opacity) {
    int full = opacity >= 256;
    __m256i low = _mm256_set1_epi16(0x00FF), k = _mm256_set1_epi16((short)(full ? 256 : opacity));
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(src + i));
        __m256i rb = _mm256_and_si256(v, low), ag = _mm256_srli_epi16(v, 8);
        if (!full) {
            rb = _mm256_srli_epi16(_mm256_mullo_epi16(rb, k), 8);
            ag = _mm256_srli_epi16(_mm256_mullo_epi16(ag, k), 8);
        }
        __m256i w = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), over8(rb, ag, w));
    }
    if (i + 4 <= count) {
        __m128i v = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i l = _mm256_castsi256_si128(low);
        __m128i rb = _mm_and_si128(v, l), ag = _mm_srli_epi16(v, 8);
        if (!full) {
            __m128i k4 = _mm256_castsi256_si128(k);
            rb = _mm_srli_epi16(_mm_mullo_epi16(rb, k4), 8);
            ag = _mm_srli_epi16(_mm_mullo_epi16(ag, k4), 8);
        }
        __m128i w = _mm_loadu_si128((const __m128i *)(dst + i));
        _mm_storeu_si128((__m128i *)(dst + i), over4(rb, ag, w));
        i += 4;
    }
    for (; i < count; i++) {
        uint32_t p = full ? src[i] : scale256(src[i], opacity);
        dst[i] = p + scale255(dst[i], 255 - (p >> 24));
    }
}
#endif
