#ifndef LIMELIGHT_CDEFLATE_SHIM_H
#define LIMELIGHT_CDEFLATE_SHIM_H
// libdeflate's checksums: Adler-32 with the widest vector unit the processor has (picked at run
// time), for the trailer of a PNG's zlib stream.
#include <libdeflate.h>
#endif
