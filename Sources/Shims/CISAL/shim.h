#ifndef LIMELIGHT_CISAL_SHIM_H
#define LIMELIGHT_CISAL_SHIM_H
// ISA-L's igzip: deflate with the processor's vector units (picked at run time), 10-20 times
// zlib's fastest level on frames of an interface, for a PNG's image data.
#include <isa-l/igzip_lib.h>

// The size of the buffer level 1 works in (a macro of macros, which Swift does not import).
static const uint32_t limelight_isal_level1_buffer = ISAL_DEF_LVL1_DEFAULT;
#endif
