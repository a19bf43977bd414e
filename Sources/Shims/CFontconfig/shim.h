#ifndef LIMELIGHT_CFONTCONFIG_SHIM_H
#define LIMELIGHT_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
