/*
 * /proc/self files that describe the running program: cmdline, environ,
 * auxv, exe (under each of the process's names), cpuinfo, smaps, and the
 * names their open fds show. Prints
 * properties only, so the output is the same on every architecture.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

extern char **environ;

static char buf[1 << 20];

static long read_file(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    long n = 0, r;

    if (fd < 0)
        return -1;
    while ((r = read(fd, buf + n, sizeof(buf) - 1 - n)) > 0)
        n += r;
    close(fd);
    buf[n] = '\0';
    return n;
}

static const char *ok(int cond)
{
    return cond ? "ok" : "WRONG";
}

/* strings joined with a NUL after each, as the kernel shows them. */
static int matches_strings(long len, char **strings, int count)
{
    long at = 0;

    for (int i = 0; i < count; i++) {
        size_t n = strlen(strings[i]) + 1;
        if (at + (long)n > len || memcmp(buf + at, strings[i], n) != 0)
            return 0;
        at += n;
    }
    return at == len;
}

static void check_cmdline(int argc, char **argv)
{
    long len = read_file("/proc/self/cmdline");
    int envc = 0;

    printf("cmdline: %d args %s\n", argc, ok(matches_strings(len, argv, argc)));
    while (environ[envc])
        envc++;
    len = read_file("/proc/self/environ");
    printf("environ: %s\n", ok(matches_strings(len, environ, envc)));
}

static void check_auxv(void)
{
    long len = read_file("/proc/self/auxv");
    const unsigned long *v = (const unsigned long *)buf;
    long pairs = len / (2 * (long)sizeof(long));
    int pagesz = 0, entry = 0, phdr = 0;

    for (long i = 0; i < pairs; i++) {
        unsigned long type = v[2 * i], value = v[2 * i + 1];
        if (type == AT_PAGESZ)
            pagesz = value == 4096;
        if (type == AT_ENTRY)
            entry = value == getauxval(AT_ENTRY);
        if (type == AT_PHDR)
            phdr = value == getauxval(AT_PHDR);
    }
    printf("auxv: whole pairs %s, ends with AT_NULL %s\n",
           ok(len > 0 && len % (2 * (long)sizeof(long)) == 0),
           ok(pairs > 0 && v[2 * pairs - 2] == AT_NULL));
    printf("auxv: AT_PAGESZ %s, AT_ENTRY %s, AT_PHDR %s\n", ok(pagesz),
           ok(entry), ok(phdr));
}

static void check_exe(const char *argv0)
{
    static const char *const fmt[] = {"/proc/self/exe", "/proc/%d/exe",
                                      "/proc/thread-self/exe",
                                      "/proc/self/task/%d/exe"};
    char real[PATH_MAX], path[64], link[PATH_MAX];

    if (!realpath(argv0, real))
        snprintf(real, sizeof(real), "?");
    for (int i = 0; i < 4; i++) {
        ssize_t n;
        snprintf(path, sizeof(path), fmt[i], getpid());
        n = readlink(path, link, sizeof(link) - 1);
        link[n > 0 ? n : 0] = '\0';
        printf("%s: %s\n", fmt[i], ok(strcmp(link, real) == 0));
    }
}

static void check_cpuinfo(void)
{
    long len = read_file("/proc/cpuinfo");
    int cpus = 0;

    for (char *p = buf; len > 0 && p && *p;
         p = strchr(p, '\n'), p = p ? p + 1 : p)
        if (strncmp(p, "processor", 9) == 0)
            cpus++;
    printf("cpuinfo: processor lines %s\n",
           ok(cpus > 0 && cpus == sysconf(_SC_NPROCESSORS_ONLN)));
}

/* smaps: the entry covering a fresh mapping has a Size that agrees. */
static void check_smaps(void)
{
    char *m = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    unsigned long a = (unsigned long)m, start, end;
    long len, size = -1;
    char *p;

    m[0] = 1;
    len = read_file("/proc/self/smaps");
    for (p = buf; len > 0 && p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
        if (sscanf(p, "%lx-%lx ", &start, &end) == 2 && start <= a && a < end) {
            p = strchr(p, '\n');
            if (p && sscanf(p + 1, "Size: %ld kB", &size) == 1)
                size = size * 1024 == (long)(end - start);
            break;
        }
    }
    printf("smaps: Size %s\n", ok(size == 1));
    munmap(m, 3 * 4096);
}

/* Writing is refused, as for the kernel's read-only files. */
static void check_readonly(void)
{
    int fd = open("/proc/self/maps", O_RDONLY);
    char c;
    int wr_refused = write(fd, "x", 1) < 0;
    int rd = read(fd, &c, 1) == 1;

    close(fd);
    printf("read-only: %s %s\n", ok(wr_refused), ok(rd));
}

/* The fd of an open /proc file names it as /proc/<pid>/..., not a copy. */
static void check_fd_name(const char *path, const char *want_fmt)
{
    char link[64], text[PATH_MAX], want[PATH_MAX];
    int fd = open(path, O_RDONLY);
    ssize_t n;

    snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
    n = readlink(link, text, sizeof(text) - 1);
    text[n > 0 ? n : 0] = '\0';
    snprintf(want, sizeof(want), want_fmt, (long)getpid(), (long)gettid());
    printf("fd name of %s: %s\n", path, ok(strcmp(text, want) == 0));
    close(fd);
}

int main(int argc, char **argv)
{
    check_cmdline(argc, argv);
    check_auxv();
    check_exe(argv[0]);
    check_cpuinfo();
    check_smaps();
    check_readonly();
    check_fd_name("/proc/self/maps", "/proc/%ld/maps");
    check_fd_name("/proc/self/cmdline", "/proc/%ld/cmdline");
    check_fd_name("/proc/thread-self/auxv", "/proc/%ld/task/%ld/auxv");
    check_fd_name("/proc/cpuinfo", "/proc/cpuinfo");
    return 0;
}
