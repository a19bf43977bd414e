#ifndef LIMELIGHT_CZLIB_SHIM_H
#define LIMELIGHT_CZLIB_SHIM_H
#include <zlib.h>
#endif
