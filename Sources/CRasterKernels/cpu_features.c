#include "limelight_raster_kernels.h"

// What the CPU runs, asked once by Raster's `RowKernels`. GCC and clang's __builtin_cpu_supports
// reads cpuid, and for AVX2 also whether the operating system saves the 256-bit registers (XCR0),
// so a CPU that has AVX2 under a kernel that turned it off answers 0.
int ll_cpu_has_avx2(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}
