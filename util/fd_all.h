/*
 * Reading or writing a whole buffer through a descriptor despite short
 * transfers and EINTR. No locking, no buffering.
 */
#ifndef ARX_UTIL_FD_ALL_H
#define ARX_UTIL_FD_ALL_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

/* Moves len bytes between buf and fd, in whatever pieces the kernel
 * takes; false at end of file or on an error first. */
static inline bool fd_transfer_all(int fd, uint8_t *p, size_t len, bool out)
{
    while (len) {
        ssize_t n = out ? write(fd, p, len) : read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}

static inline bool read_all(int fd, void *buf, size_t len)
{
    return fd_transfer_all(fd, buf, len, false);
}

/* write() never writes through its buffer: the cast only shares code. */
static inline bool write_all(int fd, const void *buf, size_t len)
{
    return fd_transfer_all(fd, (uint8_t *)(uintptr_t)buf, len, true);
}

#endif
