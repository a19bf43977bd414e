#include "limelight_standard_output.h"
#include <errno.h>
#include <stdio.h>

int limelight_finish_standard_output(void) {
    errno = 0;
    int flushed = fflush(stdout);
    int code = errno;
    if (flushed != 0 || ferror(stdout)) return code != 0 ? code : EIO;
    return 0;
}
