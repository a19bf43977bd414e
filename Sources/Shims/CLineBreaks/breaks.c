#include "limelight_line_breaks.h"
#include <unicode/ubrk.h>

int32_t limelight_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                              int32_t *offsets, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || it == NULL) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t b = ubrk_next(it); b != UBRK_DONE && count < capacity; b = ubrk_next(it)) {
        if (b >= length) break;
        int32_t rule = ubrk_getRuleStatus(it);
        offsets[count] = b;
        hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count++;
    }
    ubrk_close(it);
    return count;
}
