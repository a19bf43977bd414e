#ifndef LIMELIGHT_CFRIBIDI_SHIM_H
#define LIMELIGHT_CFRIBIDI_SHIM_H
#include <fribidi.h>

/* FRIBIDI_LEVEL_IS_RTL and FRIBIDI_IS_LETTER are macros. */
static inline int limelight_fribidi_level_is_rtl(FriBidiLevel level) { return level & 1; }
static inline FriBidiParType limelight_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType limelight_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
/* From the first strong character (outside isolates), else left to right or right to left. */
static inline FriBidiParType limelight_fribidi_par_weak_ltr(void) { return FRIBIDI_PAR_WLTR; }
static inline FriBidiParType limelight_fribidi_par_weak_rtl(void) { return FRIBIDI_PAR_WRTL; }
static inline int limelight_fribidi_is_rtl_par(FriBidiParType t) { return FRIBIDI_IS_RTL(t) ? 1 : 0; }
#endif
