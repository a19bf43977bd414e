#ifndef LIMELIGHT_LINE_BREAKS_H
#define LIMELIGHT_LINE_BREAKS_H
#include <stdint.h>

/* Line break opportunities (UAX #14, with the locale's tailoring and ICU's dictionaries) in UTF-16
   `text`: writes up to `capacity` offsets where a line may start (after 0, before `length`) into
   `offsets`, and 1 into `hard` where it must. Returns how many, or -1 when ICU fails. The ICU types
   stay inside breaks.c, so they never meet the ICU that Foundation carries. */
int32_t limelight_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                              int32_t *offsets, uint8_t *hard, int32_t capacity);
#endif
