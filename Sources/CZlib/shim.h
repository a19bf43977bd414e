#ifndef LIMELIGHT_CZLIB_SHIM_H
#define LIMELIGHT_CZLIB_SHIM_H
#include <zlib.h>

// deflateInit2 is a macro, which Swift does not import: a raw deflate stream (no zlib header or
// trailer, so pieces compressed apart can be joined) at `level` with zlib's default memory.
static inline int limelight_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
#endif
