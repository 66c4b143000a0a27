/* Guest test: file I/O in a scratch directory (argv[1] if it names a
 * directory, else $TMPDIR's replacement: the current directory, which the
 * harness makes fresh): write, read back, pread, lseek, stat sizes, rename,
 * ftruncate, sorted readdir, unlink, pipes and dup. No absolute paths printed.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char base[512];

/* Rotates through several buffers: one call may use two paths. */
static const char *path(const char *name)
{
    static char bufs[4][1024];
    static unsigned next;
    char *buf = bufs[next++ % 4];
    snprintf(buf, sizeof(bufs[0]), "%s/%s", base, name);
    return buf;
}

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (unsigned char)(seed >> 16);
    }
}

static uint32_t hash(const unsigned char *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        printf("opendir failed errno=%d\n", errno);
        return;
    }
    char *names[64];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 64)
        names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof(char *), cmp_str);
    printf("listing (%d entries):\n", n);
    for (int i = 0; i < n; i++) {
        struct stat st;
        char p[1100];
        snprintf(p, sizeof(p), "%s/%s", dir, names[i]);
        /* "." and ".." belong partly to the harness's scratch dir. */
        if (strcmp(names[i], ".") == 0 || strcmp(names[i], "..") == 0)
            printf("  %s\n", names[i]);
        else if (stat(p, &st) == 0)
            printf("  %-12s %s size=%lld mode=%o\n", names[i],
                   S_ISDIR(st.st_mode)   ? "dir "
                   : S_ISREG(st.st_mode) ? "file"
                                         : "other",
                   S_ISDIR(st.st_mode) ? 0LL : (long long)st.st_size,
                   (unsigned)(st.st_mode & 07777));
        free(names[i]);
    }
}

static void sizes(void)
{
    static unsigned char out[100001], in[100001];
    size_t lens[] = {0, 1, 4095, 4096, 4097, 65536, 100001};
    for (unsigned i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        char name[32];
        snprintf(name, sizeof(name), "f%u.bin", i);
        fill(out, lens[i], i + 1);
        int fd = open(path(name), O_WRONLY | O_CREAT | O_TRUNC, 0640);
        ssize_t w = write(fd, out, lens[i]);
        close(fd);
        struct stat st;
        stat(path(name), &st);
        fd = open(path(name), O_RDONLY);
        size_t got = 0;
        ssize_t r;
        while ((r = read(fd, in + got, 4000)) > 0)
            got += (size_t)r;
        unsigned char mid[8] = {0};
        ssize_t pr = pread(fd, mid, 8, (off_t)(lens[i] / 2));
        off_t end = lseek(fd, 0, SEEK_END);
        close(fd);
        printf(
            "%s len=%zu wrote=%zd size=%lld read=%zu same=%d hash=%08x pread=%zd end=%lld mode=%o\n",
            name, lens[i], w, (long long)st.st_size, got,
            memcmp(in, out, lens[i]) == 0, hash(in, got), pr, (long long)end,
            (unsigned)(st.st_mode & 0777));
    }
}

static void stdio_files(void)
{
    FILE *f = fopen(path("text.txt"), "w");
    for (int i = 0; i < 500; i++)
        fprintf(f, "line %d: %s %x\n", i, i % 3 ? "fizz" : "buzz", i * i);
    fclose(f);
    f = fopen(path("text.txt"), "r");
    char line[128];
    int count = 0;
    long chars = 0;
    while (fgets(line, sizeof(line), f)) {
        count++;
        chars += (long)strlen(line);
        if (count % 100 == 1)
            printf("read: %s", line);
    }
    printf("lines=%d chars=%ld ftell=%ld\n", count, chars, ftell(f));
    fseek(f, 100, SEEK_SET);
    int c = fgetc(f);
    printf("char at 100: %d\n", c);
    fclose(f);
    f = fopen(path("text.txt"), "a");
    fputs("appended\n", f);
    fclose(f);
    struct stat st;
    stat(path("text.txt"), &st);
    printf("after append size=%lld\n", (long long)st.st_size);
    int fd = open(path("text.txt"), O_RDWR);
    ftruncate(fd, 1000);
    fstat(fd, &st);
    printf("truncated size=%lld\n", (long long)st.st_size);
    lseek(fd, 5000, SEEK_SET);
    write(fd, "X", 1);
    fstat(fd, &st);
    printf("sparse size=%lld\n", (long long)st.st_size);
    close(fd);
}

static void misc(void)
{
    mkdir(path("sub"), 0755);
    mkdir(path("sub/deeper"), 0700);
    int fd = open(path("sub/a"), O_CREAT | O_WRONLY, 0600);
    write(fd, "hello", 5);
    close(fd);
    printf("rename=%d\n", rename(path("sub/a"), path("sub/b")));
    printf("access b R=%d X=%d\n", access(path("sub/b"), R_OK),
           access(path("sub/b"), F_OK));
    errno = 0;
    int r = open(path("does-not-exist"), O_RDONLY);
    printf("open missing r=%d enoent=%d\n", r, errno == ENOENT);
    errno = 0;
    r = mkdir(path("sub"), 0755);
    printf("mkdir exists r=%d eexist=%d\n", r, errno == EEXIST);
    errno = 0;
    r = rmdir(path("sub"));
    printf("rmdir nonempty r=%d enotempty=%d\n", r,
           errno == ENOTEMPTY || errno == EEXIST);
    list_dir(path("sub"));
    int p[2];
    pipe(p);
    write(p[1], "through a pipe", 14);
    close(p[1]);
    char buf[32] = {0};
    ssize_t n = read(p[0], buf, sizeof(buf) - 1);
    printf("pipe read %zd [%s] eof=%zd\n", n, buf, read(p[0], buf, 1));
    close(p[0]);
    fflush(stdout);
    int d = dup(1);
    dprintf(d, "via dup'd stdout fd\n");
    close(d);
    fd = open(path("sub/b"), O_RDONLY);
    int d2 = dup2(fd, 10);
    memset(buf, 0, sizeof(buf));
    read(10, buf, 5);
    printf("dup2=%d read [%s]\n", d2, buf);
    close(fd);
    close(10);
    symlink("b", path("sub/link"));
    char target[64] = {0};
    ssize_t tl = readlink(path("sub/link"), target, sizeof(target) - 1);
    struct stat st;
    lstat(path("sub/link"), &st);
    printf("readlink %zd [%s] islnk=%d\n", tl, target, S_ISLNK(st.st_mode));
    unlink(path("sub/link"));
    unlink(path("sub/b"));
    rmdir(path("sub/deeper"));
    printf("rmdir sub=%d\n", rmdir(path("sub")));
}

int main(int argc, char **argv)
{
    struct stat st;
    if (argc > 1 && stat(argv[1], &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(base, sizeof(base), "%s", argv[1]);
    else
        snprintf(base, sizeof(base), ".");
    umask(022);
    mkdir(path("work"), 0755);
    snprintf(base + strlen(base), sizeof(base) - strlen(base), "/work");
    sizes();
    stdio_files();
    misc();
    fflush(stdout);
    list_dir(base);
    for (unsigned i = 0; i < 7; i++) {
        char name[32];
        snprintf(name, sizeof(name), "f%u.bin", i);
        unlink(path(name));
    }
    unlink(path("text.txt"));
    list_dir(base);
    return 0;
}
