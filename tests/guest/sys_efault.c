/*
 * Bad user pointers: every syscall here gets (void *)1, a PROT_NONE page
 * or an unmapped page where it reads or writes memory, and must fail with
 * EFAULT (or what the kernel checks first) instead of killing the process.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static void report(const char *name, const char *kind, long r)
{
    printf("%s/%s: %ld %s\n", name, kind, r,
           r < 0 ? strerrorname_np(errno) : "");
}

static void run_all(const char *kind, void *bad)
{
    char buf[256];
    uint64_t set = 0, len = 0;
    void *head = NULL;
    struct timespec zero = {0, 0};
    int sv[2], ep, pfd[2];
    struct msghdr msg;
    struct iovec iov = {buf, 1};
    char *argv[] = {"/bin/true", NULL};
    struct epoll_event ev = {EPOLLIN, {0}};
    uint64_t sigdata[2] = {(uint64_t)(uintptr_t)bad, 8};

    report("faccessat", kind, syscall(SYS_faccessat, AT_FDCWD, bad, F_OK));
    report("openat", kind, syscall(SYS_openat, AT_FDCWD, bad, O_RDONLY));
    report("newfstatat-path", kind,
           syscall(SYS_newfstatat, AT_FDCWD, bad, buf, 0));
    report("newfstatat-buf", kind,
           syscall(SYS_newfstatat, AT_FDCWD, "/", bad, 0));
    report("fstat", kind, syscall(SYS_fstat, 0, bad));
    report("readlinkat-path", kind,
           syscall(SYS_readlinkat, AT_FDCWD, bad, buf, sizeof(buf)));
    report("readlinkat-buf", kind,
           syscall(SYS_readlinkat, AT_FDCWD, "/proc/self/exe", bad, 16));
    report("uname", kind, syscall(SYS_uname, bad));
    report("rt_sigpending", kind, syscall(SYS_rt_sigpending, bad, 8));
    report("rt_sigprocmask-set", kind,
           syscall(SYS_rt_sigprocmask, SIG_BLOCK, bad, NULL, 8));
    report("rt_sigprocmask-old", kind,
           syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, bad, 8));
    report("rt_sigaction-act", kind,
           syscall(SYS_rt_sigaction, SIGUSR1, bad, NULL, 8));
    report("rt_sigaction-old", kind,
           syscall(SYS_rt_sigaction, SIGUSR1, NULL, bad, 8));
    report("rt_sigtimedwait-set", kind,
           syscall(SYS_rt_sigtimedwait, bad, NULL, &zero, 8));
    set = 1ull << (SIGUSR2 - 1);
    report("rt_sigtimedwait-ts", kind,
           syscall(SYS_rt_sigtimedwait, &set, NULL, bad, 8));
    report("rt_sigsuspend", kind, syscall(SYS_rt_sigsuspend, bad, 8));
    report("sigaltstack-new", kind, syscall(SYS_sigaltstack, bad, NULL));
    report("sigaltstack-old", kind, syscall(SYS_sigaltstack, NULL, bad));
    report("get_robust_list-head", kind,
           syscall(SYS_get_robust_list, 0, bad, &len));
    report("get_robust_list-len", kind,
           syscall(SYS_get_robust_list, 0, &head, bad));
    report("readv", kind, syscall(SYS_readv, 0, bad, 1));
    report("writev-badfd", kind, syscall(SYS_writev, -1, bad, 1));
    report("execve-path", kind, syscall(SYS_execve, bad, argv, NULL));
    report("execve-argv", kind, syscall(SYS_execve, "/bin/true", bad, NULL));
    report("openat2", kind, syscall(SYS_openat2, AT_FDCWD, "/", bad, 24));
    report("clone3", kind, syscall(SYS_clone3, bad, 64));
    report("pipe2", kind, syscall(SYS_pipe2, bad, 0));

    if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) == 0) {
        report("sendmsg-hdr", kind, syscall(SYS_sendmsg, sv[0], bad, 0));
        report("recvmsg-hdr", kind,
               syscall(SYS_recvmsg, sv[1], bad, MSG_DONTWAIT));
        memset(&msg, 0, sizeof(msg));
        msg.msg_iov = bad;
        msg.msg_iovlen = 1;
        report("sendmsg-iov", kind, syscall(SYS_sendmsg, sv[0], &msg, 0));
        msg.msg_iov = &iov;
        iov.iov_base = bad;
        report("sendmsg-base", kind, syscall(SYS_sendmsg, sv[0], &msg, 0));
        report("sendmsg-badfd", kind, syscall(SYS_sendmsg, -1, bad, 0));
        close(sv[0]);
        close(sv[1]);
    }
    ep = epoll_create1(0);
    if (ep >= 0 && pipe(pfd) == 0) {
        report("epoll_ctl", kind,
               syscall(SYS_epoll_ctl, ep, EPOLL_CTL_ADD, pfd[0], bad));
        report("epoll_pwait", kind,
               syscall(SYS_epoll_pwait, ep, bad, 1, 0, NULL, 8));
        epoll_ctl(ep, EPOLL_CTL_ADD, pfd[0], &ev);
        write(pfd[1], "x", 1);
        report("epoll_pwait-ready", kind,
               syscall(SYS_epoll_pwait, ep, bad, 1, 0, NULL, 8));
        report("pselect6-sigdata", kind,
               syscall(SYS_pselect6, 0, NULL, NULL, NULL, &zero, bad));
        report("pselect6-sigset", kind,
               syscall(SYS_pselect6, 0, NULL, NULL, NULL, &zero, sigdata));
        close(pfd[0]);
        close(pfd[1]);
        close(ep);
    }
}

/* A System V segment is guest memory too: arx must write into it. */
static void shm_buffer(void)
{
    int id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
    char *p = id < 0 ? (char *)-1 : shmat(id, NULL, 0);
    struct utsname *u = (struct utsname *)p;

    if (id < 0 || p == (char *)-1) {
        printf("shm: unavailable\n");
        return;
    }
    shmctl(id, IPC_RMID, NULL);
    report("fstat-shm", "ok", syscall(SYS_fstat, 0, p));
    report("uname-shm", "ok", syscall(SYS_uname, u));
    shmdt(p);
    report("uname-shmdt", "gone", syscall(SYS_uname, u));
}

int main(void)
{
    long page = sysconf(_SC_PAGESIZE);
    void *none =
        mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    void *gone =
        mmap(NULL, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    if (none == MAP_FAILED || gone == MAP_FAILED || munmap(gone, page) != 0)
        return 1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    run_all("one", (void *)1);
    run_all("prot_none", none);
    run_all("unmapped", gone);
    shm_buffer();
    printf("alive\n");
    return 0;
}
