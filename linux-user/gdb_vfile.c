/*
 * vFile for linux-user/gdbstub.c: gdb reads files as the guest sees them
 * (the -L sysroot, this process's /proc entries in the guest's view),
 * read only. Knows nothing of threads nor registers.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "linux-user/gdb_protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linux-user/path.h"
#include "linux-user/procfs.h"
#include "syscalls/syscalls.h"

/* gdb's pid for a process when the stub does not report pids. */
#define GDB_MAGIC_NULL_PID 42000

/* /proc/<gdb's pid for us>/... is /proc/self/... (in self, of size
 * PATH_MAX); other paths stay. */
static const char *vfile_proc_self(const char *path, char *self, int self_pid)
{
    char *end;
    long pid;

    if (strncmp(path, "/proc/", 6) != 0 || path[6] < '0' || path[6] > '9')
        return path;
    pid = strtol(path + 6, &end, 10);
    if (*end != '/' || (pid != GDB_MAGIC_NULL_PID && pid != self_pid))
        return path;
    snprintf(self, PATH_MAX, "/proc/self%s", end);
    return self;
}

/* Paths go through the sysroot as the guest's would; /proc/self is the
 * guest's view (procfs.c). */
static int vfile_open(const char *path, int64_t *fd, int self_pid)
{
    char self[PATH_MAX];
    const char *p = vfile_proc_self(path, self, self_pid);

    if (procfs_open(p, O_RDONLY | O_CLOEXEC, fd))
        return *fd < 0 ? (int)-*fd : 0;
    *fd = open(path_redirect(p), O_RDONLY | O_CLOEXEC);
    return *fd < 0 ? errno : 0;
}

static void put_be(uint8_t *out, uint64_t v, int size)
{
    for (int i = size - 1; i >= 0; i--, v >>= 8)
        out[i] = (uint8_t)v;
}

/* The File-I/O protocol's struct stat: big-endian fields. */
static void vfile_fstat(int fd)
{
    struct stat st;
    char reply[4 + 64];
    uint8_t *s = (uint8_t *)reply + 4;

    if (fstat(fd, &st) < 0) {
        gdb_send_fmt("F-1,%x", errno);
        return;
    }
    memcpy(reply, "F40;", 4);
    put_be(s, st.st_dev, 4);
    put_be(s + 4, st.st_ino, 4);
    put_be(s + 8, st.st_mode, 4);
    put_be(s + 12, st.st_nlink, 4);
    put_be(s + 16, st.st_uid, 4);
    put_be(s + 20, st.st_gid, 4);
    put_be(s + 24, st.st_rdev, 4);
    put_be(s + 28, (uint64_t)st.st_size, 8);
    put_be(s + 36, (uint64_t)st.st_blksize, 8);
    put_be(s + 44, (uint64_t)st.st_blocks, 8);
    put_be(s + 52, (uint64_t)st.st_atime, 4);
    put_be(s + 56, (uint64_t)st.st_mtime, 4);
    put_be(s + 60, (uint64_t)st.st_ctime, 4);
    gdb_send_bin(reply, 4 + 64);
}

/* readlink as the guest sees it: its program for /proc/self/exe, paths
 * inside the sysroot without it. */
static void vfile_readlink(const char *path, int self_pid)
{
    char self[PATH_MAX], text[PATH_MAX + 32];
    const char *p = vfile_proc_self(path, self, self_pid), *entry;
    int head = 0;
    ssize_t n;

    entry = procfs_own_entry(p);
    if (entry && strcmp(entry, "exe") == 0) {
        n = snprintf(text + 32, PATH_MAX, "%s", sys_exe_path());
    } else {
        n = readlink(path_redirect(p), text + 32, PATH_MAX - 1);
        if (n < 0) {
            gdb_send_fmt("F-1,%x", errno);
            return;
        }
        text[32 + n] = '\0';
        if (path_is_in_sysroot(text + 32))
            n = (ssize_t)path_to_guest(text + 32);
    }
    head = snprintf(text, 32, "F%zx;", (size_t)n);
    memmove(text + head, text + 32, (size_t)n);
    gdb_send_bin(text, (size_t)head + (size_t)n);
}

void gdb_vfile_packet(const char *p, int self_pid)
{
    if (strncmp(p, "setfs:", 6) == 0) {
        gdb_send("F0");
    } else if (strncmp(p, "open:", 5) == 0) {
        char path[4096];
        const char *q = p + 5, *comma = strchr(q, ',');
        size_t n = comma ? (size_t)(comma - q) / 2 : 0;
        int64_t fd;
        int err;

        if (!comma || n >= sizeof(path) ||
            !gdb_from_hex((uint8_t *)path, q, n)) {
            gdb_send("F-1,16"); /* EINVAL */
            return;
        }
        path[n] = '\0';
        q = comma + 1;
        if (gdb_parse_hex(&q) != 0) { /* gdb's O_RDONLY: nothing else */
            gdb_send("F-1,d");        /* EACCES */
            return;
        }
        err = vfile_open(path, &fd, self_pid);
        if (err)
            gdb_send_fmt("F-1,%x", err);
        else
            gdb_send_fmt("F%llx", (unsigned long long)fd);
    } else if (strncmp(p, "pread:", 6) == 0) {
        const char *q = p + 6;
        int fd = (int)gdb_parse_hex(&q);
        uint64_t count = *q == ',' ? (q++, gdb_parse_hex(&q)) : 0;
        uint64_t offset = *q == ',' ? (q++, gdb_parse_hex(&q)) : 0;
        static char buf[GDB_MAX_PACKET];
        int head;
        ssize_t got;

        if (count > GDB_MAX_PACKET / 2)
            count = GDB_MAX_PACKET / 2;
        got = pread(fd, buf + 32, (size_t)count, (off_t)offset);
        if (got < 0) {
            gdb_send_fmt("F-1,%x", errno);
            return;
        }
        head = snprintf(buf, 32, "F%zx;", (size_t)got);
        memmove(buf + head, buf + 32, (size_t)got);
        gdb_send_bin(buf, (size_t)head + (size_t)got);
    } else if (strncmp(p, "readlink:", 9) == 0) {
        char path[PATH_MAX];
        size_t n = strlen(p + 9) / 2;

        if (n >= sizeof(path) || !gdb_from_hex((uint8_t *)path, p + 9, n)) {
            gdb_send("F-1,16");
            return;
        }
        path[n] = '\0';
        vfile_readlink(path, self_pid);
    } else if (strncmp(p, "fstat:", 6) == 0) {
        const char *q = p + 6;
        vfile_fstat((int)gdb_parse_hex(&q));
    } else if (strncmp(p, "close:", 6) == 0) {
        const char *q = p + 6;
        gdb_send(close((int)gdb_parse_hex(&q)) == 0 ? "F0" : "F-1,9");
    } else {
        gdb_send("");
    }
}
