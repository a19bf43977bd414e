#ifndef LIMELIGHT_CDEFLATE_SHIM_H
#define LIMELIGHT_CDEFLATE_SHIM_H
// libdeflate's checksums, with the widest vector unit the processor has (picked at run time):
// Adler-32 for the trailer of a PNG's zlib stream, CRC-32 for its chunks.
#include <libdeflate.h>
#endif
