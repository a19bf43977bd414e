#ifndef LIMELIGHT_STANDARD_OUTPUT_H
#define LIMELIGHT_STANDARD_OUTPUT_H
#include <errno.h>
#include <stdio.h>

/* Flushes the C library's stdout (where Swift's print writes) and says whether everything written
   to it arrived: 0 when it did, else the errno of the failure (ENOSPC for a full disk, EPIPE for a
   closed pipe). Swift 6 cannot name the C global `stdout` itself. Inline, in a header only, so
   no C object (with its own debug-info format) joins the binary. */
static inline int limelight_finish_standard_output(void) {
    errno = 0;
    int flushed = fflush(stdout);
    int code = errno;
    if (flushed != 0 || ferror(stdout)) return code != 0 ? code : EIO;
    return 0;
}
#endif
