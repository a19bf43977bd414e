#if arch(x86_64)
import CRasterKernels
#endif

/// The dim's rows in their AVX2 form (`Sources/CRasterKernels/avx2/dim_avx2.c`), which
/// `constantRow` and `maskedRow` hand a row to when the dim's `kernels` are `.avx2`: the same bytes
/// as the Swift loops, eight pixels a register.
extension DimBlend {
    /// `count` pixels under the constant dim, in AVX2. Hazard: only on a CPU that runs AVX2
    /// (`kernels == .avx2` says so).
    @inline(__always)
    func avx2ConstantRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, streaming: Bool) {
        #if arch(x86_64)
        ll_avx2_dim_row(dst, src, count, colorPixel, alpha256, streaming ? 1 : 0)
        #endif
    }

    /// `count` pixels through hole coverage `holes`, in AVX2 (the same hazard).
    @inline(__always)
    func avx2MaskedRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, holes: UnsafePointer<UInt8>, count: Int,
                       streaming: Bool) {
        #if arch(x86_64)
        ll_avx2_dim_masked_row(dst, src, holes, count, colorPixel, alpha256, streaming ? 1 : 0)
        #endif
    }
}
