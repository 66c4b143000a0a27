/*
 * Writing a whole buffer to a descriptor despite short writes and EINTR
 * (the persistent cache's files). No locking, no buffering.
 */
#ifndef ARX_UTIL_WRITE_ALL_H
#define ARX_UTIL_WRITE_ALL_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

static inline bool write_all(int fd, const void *buf, size_t len)
{
    const uint8_t *p = buf;

    while (len) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}

#endif
