/* What qemu-arm 7.2 gets wrong (issue 17): mremap growing a mapping, the
 * address of a SIGBUS past the end of a file mapping, posix_spawn of a
 * missing program (ENOENT), statx beside stat. Same bytes as the x86-64
 * build. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static sigjmp_buf jb;
static void *bus_addr;
static void on_bus(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    bus_addr = si->si_addr;
    siglongjmp(jb, 1);
}

int main(void)
{
    long pg = sysconf(_SC_PAGESIZE);
    /* mremap growing a mapping (npm/yarn in armv7 containers) */
    char *p = mmap(NULL, pg, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    p[0] = 42;
    char *q = mremap(p, pg, 64 * 1024 * 1024, MREMAP_MAYMOVE);
    printf("mremap grow: %s, kept %d\n",
           q == MAP_FAILED ? strerror(errno) : "ok",
           q != MAP_FAILED && q[0] == 42);
    if (q != MAP_FAILED) {
        q[64 * 1024 * 1024 - 1] = 1;
        munmap(q, 64 * 1024 * 1024);
    }
    /* SIGBUS past the end of a file mapping: the exact address */
    char path[] = "/tmp/qfXXXXXX";
    int fd = mkstemp(path);
    if (write(fd, "x", 1) != 1)
        return 1;
    char *m = mmap(NULL, 3 * pg, PROT_READ, MAP_SHARED, fd, 0);
    struct sigaction sa = {0};
    sa.sa_sigaction = on_bus;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGBUS, &sa, NULL);
    volatile char c = 0;
    if (!sigsetjmp(jb, 1))
        c = m[pg + 123];
    printf("SIGBUS at offset %ld (want %ld)\n", (long)((char *)bus_addr - m),
           pg + 123);
    (void)c;
    unlink(path);
    /* posix_spawn of a missing program */
    pid_t pid;
    char *argv[] = {"nope", NULL};
    int r = posix_spawn(&pid, "/nonexistent/program", NULL, NULL, argv, NULL);
    printf("posix_spawn missing: %s\n", strerrorname_np(r));
    /* statx and stat agree */
    struct stat st;
    struct statx sx;
    int rs = stat("/", &st), rx = statx(AT_FDCWD, "/", 0, STATX_INO, &sx);
    printf("stat/statx /: %d %d same ino %d\n", rs, rx,
           st.st_ino == sx.stx_ino);
    return 0;
}
