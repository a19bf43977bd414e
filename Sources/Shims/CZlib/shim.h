#ifndef LIMELIGHT_CZLIB_SHIM_H
#define LIMELIGHT_CZLIB_SHIM_H
// zlib's Adler-32 arithmetic: joining the checksums of a PNG's pieces (adler32_combine).
#include <zlib.h>
#endif
