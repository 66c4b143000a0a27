/*
 * Emulated /proc files of this process (procfs.c), for the open and
 * readlink syscalls. Serves only this process's own entries and
 * /proc/cpuinfo; the host's file is right for everything else.
 */
#ifndef ARX_LINUX_USER_PROCFS_H
#define ARX_LINUX_USER_PROCFS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * The part of path after /proc/self, /proc/<own pid>, /proc/thread-self
 * or .../task/<own tid>; NULL for other paths.
 */
const char *procfs_own_entry(const char *path);
/*
 * Opens the emulated file at path into *result (an fd or -errno);
 * false when path is not emulated and the host's file should be opened.
 */
bool procfs_open(const char *path, int host_flags, int64_t *result);
/* The prefix of the link text of a file procfs_open made. */
#define PROCFS_LINK_PREFIX "/memfd:arx-proc:"
/*
 * A /proc/self/fd/N link's text that names a file procfs_open made
 * becomes that file's /proc path, in place; false for any other text.
 */
bool procfs_link_text(char *text);

#endif
