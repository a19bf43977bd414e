#if arch(x86_64)
import CRasterKernels
#endif

/// The source-over rows in their AVX2 form (`Sources/CRasterKernels/avx2/blend_avx2.c`), which
/// `Kernels.fill` and `Kernels.blend` hand a row to when the process's kernels are `.avx2`: the
/// same bytes as the Swift loops, eight pixels a register. Hazard: only on a CPU that runs AVX2
/// (`RowKernels.runs(.avx2)` says so).
extension Kernels {
    /// `color` through `coverage` over `count` pixels, in AVX2.
    @inline(__always)
    static func avx2Fill(_ row: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int, color: UInt32) {
        #if arch(x86_64)
        ll_avx2_fill_coverage_row(row, coverage, count, color)
        #endif
    }

    /// A translucent `color` over `count` pixels, in AVX2.
    @inline(__always)
    static func avx2Fill(_ row: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        #if arch(x86_64)
        ll_avx2_fill_row(row, count, color)
        #endif
    }

    /// `src` at `opacity` over `dst`, in AVX2.
    @inline(__always)
    static func avx2Blend(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, opacity: UInt32) {
        #if arch(x86_64)
        ll_avx2_blend_row(dst, src, count, opacity)
        #endif
    }
}
