#ifndef LIMELIGHT_COPENBENEATH_SHIM_H
#define LIMELIGHT_COPENBENEATH_SHIM_H
// openat2(2) with RESOLVE_BENEATH: a path opened inside a folder, never leading out of it (no "..",
// absolute path or symbolic link that leaves it). glibc has no wrapper, and Swift cannot call the
// variadic syscall(2), so this header gives one. Returns the descriptor, or -1 with errno set
// (ENOSYS on a kernel older than 5.6).
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int limelight_open_beneath(int folder, const char *path, int flags, unsigned int mode) {
#ifdef SYS_openat2
    struct open_how how = { .flags = (uint64_t)(unsigned int)flags, .mode = mode,
                            .resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS };
    long fd;
    do { fd = syscall(SYS_openat2, folder, path, &how, sizeof how); } while (fd < 0 && errno == EINTR);
    return (int)fd;
#else
    (void)folder; (void)path; (void)flags; (void)mode;
    errno = ENOSYS;
    return -1;
#endif
}
#endif
