/*
 * armhf file syscalls whose layouts differ from arm64: stat64, readdir
 * with telldir/seekdir over many entries (32-bit cookies), lseek with
 * negative offsets, pread/pwrite past 4 GiB, fcntl locks, statfs.
 * Prints only what is the same on every correct run and host.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/vfs.h>
#include <unistd.h>

static void check(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
}

static void test_readdir(const char *dir)
{
    char path[512];
    DIR *d;
    struct dirent *e;
    long pos_at[600];
    char names[600][32];
    int n = 0, errors = 0;

    mkdir(dir, 0755);
    for (int i = 0; i < 500; i++) {
        snprintf(path, sizeof(path), "%s/entry-%04d", dir, i);
        close(open(path, O_CREAT | O_WRONLY, 0644));
    }
    d = opendir(dir);
    errno = 0;
    while (n < 600) {
        long pos = telldir(d);
        if (!(e = readdir(d)))
            break;
        pos_at[n] = pos;
        snprintf(names[n], sizeof(names[n]), "%s", e->d_name);
        n++;
    }
    printf("readdir: %d entries, errno %d\n", n, errno);
    /* Back to every 37th position: the same entry must come next. */
    for (int i = 0; i < n; i += 37) {
        seekdir(d, pos_at[i]);
        e = readdir(d);
        if (!e || strcmp(e->d_name, names[i]) != 0)
            errors++;
    }
    check(errors == 0, "seekdir returns to telldir positions");
    closedir(d);
    for (int i = 0; i < 500; i++) {
        snprintf(path, sizeof(path), "%s/entry-%04d", dir, i);
        unlink(path);
    }
    rmdir(dir);
}

static void test_stat(const char *file)
{
    struct stat st, lst;
    int fd = open(file, O_CREAT | O_RDWR | O_TRUNC, 0640);

    write(fd, "hello", 5);
    check(fstat(fd, &st) == 0 && st.st_size == 5 && S_ISREG(st.st_mode) &&
              (st.st_mode & 0777) == 0640,
          "fstat size and mode");
    check(stat(file, &lst) == 0 && lst.st_ino == st.st_ino &&
              lst.st_dev == st.st_dev,
          "stat inode matches fstat");
    check(st.st_mtime > 1600000000, "mtime plausible");
    check(fstatat(AT_FDCWD, file, &lst, AT_SYMLINK_NOFOLLOW) == 0 &&
              lst.st_nlink == 1,
          "fstatat nlink");
    close(fd);
}

static void test_lseek_pread(const char *file)
{
    int fd = open(file, O_CREAT | O_RDWR | O_TRUNC, 0644);
    off64_t big = (off64_t)5 << 30; /* 5 GiB: sparse */
    char buf[8] = {0};

    write(fd, "0123456789", 10);
    check(lseek(fd, -3, SEEK_END) == 7, "lseek -3 from end");
    check(read(fd, buf, 3) == 3 && memcmp(buf, "789", 3) == 0, "read there");
    check(lseek(fd, -5, SEEK_CUR) == 5, "lseek -5 from current");
    check(lseek(fd, -20, SEEK_SET) == -1 && errno == EINVAL,
          "lseek before 0 is EINVAL");
    check(pwrite64(fd, "far", 3, big) == 3, "pwrite at 5 GiB");
    memset(buf, 0, sizeof(buf));
    check(pread64(fd, buf, 3, big) == 3 && memcmp(buf, "far", 3) == 0,
          "pread at 5 GiB");
    check(lseek64(fd, 0, SEEK_END) == big + 3, "size past 4 GiB");
    check(ftruncate64(fd, (off64_t)4 << 30) == 0 &&
              lseek64(fd, 0, SEEK_END) == (off64_t)4 << 30,
          "ftruncate to 4 GiB");
    close(fd);
}

static void test_locks(const char *file)
{
    int fd = open(file, O_RDWR);
    struct flock64 fl = {.l_type = F_WRLCK,
                         .l_whence = SEEK_SET,
                         .l_start = (off64_t)3 << 30,
                         .l_len = 100};

    check(fcntl(fd, F_SETLK64, &fl) == 0, "F_SETLK at 3 GiB");
    fl.l_type = F_WRLCK;
    check(fcntl(fd, F_GETLK64, &fl) == 0 && fl.l_type == F_UNLCK,
          "F_GETLK own lock: unlocked");
    check((fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDWR, "F_GETFL");
    close(fd);
}

static void test_statfs(const char *dir)
{
    struct statfs sf;

    check(statfs(dir, &sf) == 0 && sf.f_bsize > 0 && sf.f_blocks > 0 &&
              sf.f_namelen > 0,
          "statfs");
}

int main(int argc, char **argv)
{
    const char *base = argc > 1 ? argv[1] : "/tmp";
    char dir[256], file[256];

    snprintf(dir, sizeof(dir), "%s/arx-a32sys-dir-%d", base, getpid());
    snprintf(file, sizeof(file), "%s/arx-a32sys-file-%d", base, getpid());
    test_readdir(dir);
    test_stat(file);
    test_lseek_pread(file);
    test_locks(file);
    test_statfs(base);
    unlink(file);
    return 0;
}
