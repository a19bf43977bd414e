#ifndef LIMELIGHT_STANDARD_OUTPUT_H
#define LIMELIGHT_STANDARD_OUTPUT_H
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

/* glibc's fopencookie, declared here with a struct of the same layout as its
   cookie_io_functions_t (which the C library declares only under _GNU_SOURCE, and Swift's view
   of it is built without). */
struct limelight_cookie_functions {
    ssize_t (*read)(void *cookie, char *bytes, size_t count);
    ssize_t (*write)(void *cookie, const char *bytes, size_t count);
    int (*seek)(void *cookie, long long *offset, int whence);
    int (*close)(void *cookie);
};
extern FILE *fopencookie(void *cookie, const char *mode, struct limelight_cookie_functions functions);

/* Writes stdout's buffered bytes to descriptor 1, whole; the errno of a failure is kept in the
   cookie (an int), since the C library keeps only that one happened. */
static ssize_t limelight_write_standard_output(void *cookie, const char *bytes, size_t count) {
    size_t done = 0;
    while (done < count) {
        ssize_t n = write(1, bytes + done, count - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (*(int *)cookie == 0) *(int *)cookie = errno;
            return (ssize_t)done; /* never negative: 0 is the failure */
        }
        done += (size_t)n;
    }
    return (ssize_t)count;
}

/* Makes stdout (where Swift's print writes) a stream over descriptor 1 that keeps the errno of a
   failed write, line-buffered on a terminal and fully buffered otherwise, as before. Returns the
   place that errno is kept, for limelight_finish_standard_output; NULL when stdout is left as it
   was. Call once, at the start, before anything is printed. */
static inline int *limelight_capture_standard_output(void) {
    int *failure = calloc(1, sizeof(int));
    if (failure == NULL) return NULL;
    struct limelight_cookie_functions functions = {NULL, limelight_write_standard_output, NULL, NULL};
    FILE *stream = fopencookie(failure, "w", functions);
    if (stream == NULL) { free(failure); return NULL; }
    setvbuf(stream, NULL, isatty(1) ? _IOLBF : _IOFBF, BUFSIZ);
    stdout = stream;
    return failure;
}

/* Flushes the C library's stdout and says whether everything written to it arrived: 0 when it
   did, else the errno of the failure (ENOSPC for a full disk, EPIPE for a closed pipe), the first
   one kept by the capture when given (a failure while printing, long before the end, leaves no
   errno by then). Swift 6 cannot name the C global `stdout` itself. Inline, in a header only, so
   no C object (with its own debug-info format) joins the binary. */
static inline int limelight_finish_standard_output(const int *captured) {
    errno = 0;
    int flushed = fflush(stdout);
    int code = errno;
    if (captured != NULL && *captured != 0) return *captured;
    if (flushed != 0 || ferror(stdout)) return code != 0 ? code : EIO;
    return 0;
}
#endif
