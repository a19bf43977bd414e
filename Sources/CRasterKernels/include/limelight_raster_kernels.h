#ifndef LIMELIGHT_RASTER_KERNELS_H
#define LIMELIGHT_RASTER_KERNELS_H
#include <stddef.h>
#include <stdint.h>

/* Row kernels for one instruction set beyond the baseline, beside Raster's portable Swift forms
   (Sources/Raster) that every CPU runs. Swift has no way to compile one function for a wider
   target than its module, so these are C functions each built with `target("avx2")`: only a CPU
   that has the instructions may call them. `ll_cpu_has_avx2` says, and Raster's `RowKernels`
   decides once per process which form runs. Each gives, byte for byte, what its portable form
   gives (Tests/RasterTests/RowKernelVariantTests.swift holds them to it).

   Folders: this one for what every architecture builds (the CPU's features), avx2/ for the
   x86-64 AVX2 forms. On other architectures the AVX2 forms are not built and
   `ll_cpu_has_avx2` is 0. */

/* 1 when this CPU and its operating system run AVX2 instructions, else 0. */
int ll_cpu_has_avx2(void);

#if defined(__x86_64__)
/* The dim of `count` pixels of `src` into `dst` with no hole: every channel x becomes
   (x·(256 − a) + c·a + 128) >> 8, where c is the channel of `color` (0xAARRGGBB; its alpha is
   taken as 255) and a is `alpha256` (0...256). `dst` may equal `src` (in place), else the two do
   not overlap. `streaming` non-zero writes with non-temporal stores; the caller then fences the
   run (`ll_stream_fence`). DimBlend's `apply(_:_:count:streaming:)` in AVX2. */
void ll_avx2_dim_row(uint32_t *dst, const uint32_t *src, ptrdiff_t count, uint32_t color, uint32_t alpha256, int streaming);

/* The same dim through hole coverage `holes` (one byte a pixel; 255 is wholly inside a hole,
   which is left as it is): k = a·m' >> 8 with m = 255 − coverage and m' = m + m/128, then every
   channel (x·(256 − k) + c·k + 128) >> 8. DimBlend's `apply(_:_:holes:count:streaming:)` in AVX2. */
void ll_avx2_dim_masked_row(uint32_t *dst, const uint32_t *src, const uint8_t *holes, ptrdiff_t count, uint32_t color,
                            uint32_t alpha256, int streaming);

/* Source-over of the premultiplied `color` through 8-bit `coverage` onto `count` pixels of `row`
   (shapes, glyphs). Kernels.fill(_:coverage:count:color:) in AVX2. */
void ll_avx2_fill_coverage_row(uint32_t *row, const uint8_t *coverage, ptrdiff_t count, uint32_t color);

/* Source-over of the premultiplied `color` onto `count` pixels of `row`. Kernels.fill(_:count:color:)
   in AVX2, for a colour that is not opaque (an opaque one is a plain store). */
void ll_avx2_fill_row(uint32_t *row, ptrdiff_t count, uint32_t color);

/* Source-over of `src` scaled by `opacity` (0...256; 256 and above: as it is) onto `dst`; the two do
   not overlap. Kernels.blend(_:_:count:opacity:) in AVX2. */
void ll_avx2_blend_row(uint32_t *dst, const uint32_t *src, ptrdiff_t count, uint32_t opacity);
#endif

#endif
