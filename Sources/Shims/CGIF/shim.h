#ifndef LIMELIGHT_CGIF_SHIM_H
#define LIMELIGHT_CGIF_SHIM_H
#include <gif_lib.h>
#endif
