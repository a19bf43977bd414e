#ifndef LIMELIGHT_CSPNG_SHIM_H
#define LIMELIGHT_CSPNG_SHIM_H
#include <spng.h>
#endif
