#ifndef LIMELIGHT_STANDARD_OUTPUT_H
#define LIMELIGHT_STANDARD_OUTPUT_H

/* Flushes the C library's stdout (where Swift's print writes) and says whether everything written
   to it arrived: 0 when it did, else the errno of the failure (ENOSPC for a full disk, EPIPE for a
   closed pipe). Swift 6 cannot name the C global `stdout` itself. */
int limelight_finish_standard_output(void);
#endif
