#ifndef LIMELIGHT_CXXHASH_SHIM_H
#define LIMELIGHT_CXXHASH_SHIM_H
#include <xxhash.h>
#endif
