#ifndef LIMELIGHT_CMALLOC_SHIM_H
#define LIMELIGHT_CMALLOC_SHIM_H
// glibc's allocator tuning (mallopt), which Glibc's Swift module does not export.
#ifdef __linux__
#include <malloc.h>
#endif
#endif
