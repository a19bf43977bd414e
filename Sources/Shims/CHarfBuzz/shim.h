#ifndef LIMELIGHT_CHARFBUZZ_SHIM_H
#define LIMELIGHT_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ft.h>
#endif
