/*
 * fork and clone as processes: wait4/waitid exit codes, death by signal
 * (SIGTERM, SIGKILL, SIGSEGV), kill with signal 0 and to a process group,
 * setpgid/getpgid, getppid, a chain of 50 forks, clone(SIGCHLD) on a new
 * stack with the tid flags, and clone3 (fork, pidfd, vfork and thread
 * shapes, errors).
 * Output must not depend on pids or timing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef P_PIDFD
#define P_PIDFD 3
#endif

/* struct clone_args, version 0 (uapi linux/sched.h). */
struct clone_args_v0 {
    uint64_t flags, pidfd, child_tid, parent_tid, exit_signal;
    uint64_t stack, stack_size, tls;
};

static void print_status(const char *what, int status)
{
    if (WIFEXITED(status))
        printf("%s: exited %d\n", what, WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        printf("%s: killed by signal %d\n", what, WTERMSIG(status));
    else
        printf("%s: status 0x%x\n", what, status);
}

static void no_core(void)
{
    struct rlimit rl = {0, 0};
    setrlimit(RLIMIT_CORE, &rl);
}

static void test_wait4(void)
{
    struct rusage ru;
    int status;
    pid_t pid = fork();

    if (pid == 0)
        _exit(5);
    printf("wait4 returns child: %d\n", wait4(pid, &status, 0, &ru) == pid);
    print_status("fork _exit(5)", status);
}

static void test_waitid(void)
{
    siginfo_t si;
    pid_t pid = fork();

    if (pid == 0)
        exit(17);
    memset(&si, 0, sizeof(si));
    waitid(P_PID, pid, &si, WEXITED);
    printf("waitid: pid ok %d, code %s, status %d\n", si.si_pid == pid,
           si.si_code == CLD_EXITED ? "CLD_EXITED" : "other", si.si_status);

    pid = fork();
    if (pid == 0) {
        pause();
        _exit(0);
    }
    kill(pid, SIGKILL);
    memset(&si, 0, sizeof(si));
    waitid(P_PID, pid, &si, WEXITED);
    printf("waitid killed: code %s, status %d\n",
           si.si_code == CLD_KILLED ? "CLD_KILLED" : "other", si.si_status);
}

static void test_signal_deaths(void)
{
    int status;
    pid_t pid;

    pid = fork();
    if (pid == 0) {
        raise(SIGTERM);
        _exit(1);
    }
    waitpid(pid, &status, 0);
    print_status("raise(SIGTERM)", status);

    pid = fork();
    if (pid == 0) {
        kill(getpid(), SIGKILL);
        _exit(1);
    }
    waitpid(pid, &status, 0);
    print_status("kill(self, SIGKILL)", status);

    pid = fork();
    if (pid == 0) {
        no_core();
        *(volatile int *)(uintptr_t)8 = 1;
        _exit(1);
    }
    waitpid(pid, &status, 0);
    print_status("NULL store", status);
}

static void test_kill_zero(void)
{
    int status;
    pid_t pid = fork();

    if (pid == 0) {
        pause();
        _exit(0);
    }
    printf("kill(child, 0) alive: %d\n", kill(pid, 0));
    kill(pid, SIGTERM);
    waitpid(pid, &status, 0);
    print_status("paused child after SIGTERM", status);
    errno = 0;
    status = kill(pid, 0);
    printf("kill(reaped, 0): %d %s\n", status,
           errno == ESRCH ? "ESRCH" : "other");
}

static volatile sig_atomic_t usr1_seen, usr2_seen;

static void on_usr(int sig)
{
    if (sig == SIGUSR1)
        usr1_seen = 1;
    else
        usr2_seen = 1;
}

static pid_t pausing_child(void)
{
    pid_t kid = fork();

    if (kid == 0) {
        for (;;)
            pause();
    }
    return kid;
}

/* kid dies by sig, which the leader (with a handler) also gets. */
static int group_signal(int sig, pid_t target)
{
    struct sigaction sa;
    int status;
    pid_t kid = pausing_child(); /* forked with the default action */

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_usr;
    sigaction(sig, &sa, NULL);
    kill(target, sig);
    waitpid(kid, &status, 0);
    return WIFSIGNALED(status) && WTERMSIG(status) == sig;
}

/* In a child with a group of its own: kill(0, ...) reaches the whole
 * group (itself and a grandchild), kill(-pgid, ...) too. */
static int group_leader(pid_t parent)
{
    int bad = 0;
    pid_t kid;

    if (getppid() != parent)
        bad |= 1;
    if (setpgid(0, 0) != 0 || getpgid(0) != getpid() || getpgrp() != getpid())
        bad |= 2;
    kid = pausing_child();
    if (getpgid(kid) != getpid())
        bad |= 4;
    kill(kid, SIGKILL);
    waitpid(kid, NULL, 0);
    if (!group_signal(SIGUSR1, 0) || !usr1_seen)
        bad |= 8;
    if (!group_signal(SIGUSR2, -getpid()) || !usr2_seen)
        bad |= 16;
    return bad;
}

static void test_process_groups(void)
{
    pid_t parent = getpid();
    int status;
    pid_t pid;

    fflush(stdout);
    pid = fork();
    if (pid == 0)
        _exit(group_leader(parent));
    waitpid(pid, &status, 0);
    print_status("process group checks (0 = all good)", status);
    printf("parent group unchanged: %d\n",
           getpgid(0) == getpgrp() && getpgid(0) != pid);
}

/* Each link forks the next and exits with the next one's status + 1. */
static int fork_chain(int depth)
{
    int status;
    pid_t pid;

    if (depth == 0)
        return 0;
    pid = fork();
    if (pid < 0)
        return 200;
    if (pid == 0)
        _exit(fork_chain(depth - 1));
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) + 1 : 201;
}

static volatile pid_t clone_ctid, clone_ptid;

static int clone_child(void *arg)
{
    /* Our own copy of the parent's memory: the tid words are ours. */
    int ok = clone_ctid == getpid() && *(int *)arg == 1234;
    return ok ? 9 : 1;
}

static void test_clone_stack(void)
{
    static char stack[64 * 1024] __attribute__((aligned(16)));
    int value = 1234, status;
    pid_t pid;

    pid = clone(clone_child, stack + sizeof(stack),
                SIGCHLD | CLONE_PARENT_SETTID | CLONE_CHILD_SETTID, &value,
                &clone_ptid, NULL, &clone_ctid);
    waitpid(pid, &status, 0);
    print_status("clone(SIGCHLD) on a new stack", status);
    printf("parent_tid set in parent: %d, child_tid left alone: %d\n",
           clone_ptid == pid, clone_ctid == 0);

    pid = clone(clone_child, stack + sizeof(stack),
                SIGCHLD | CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID, &value,
                NULL, NULL, &clone_ctid);
    waitpid(pid, &status, 0);
    print_status("clone with CHILD_SETTID|CHILD_CLEARTID", status);
}

static volatile int vm_shared;

static int vm_child(void *arg)
{
    vm_shared = *(int *)arg;
    return 3;
}

static void test_clone_vfork_stack(void)
{
    static char stack[64 * 1024] __attribute__((aligned(16)));
    int value = 77, status;
    pid_t pid;

    pid = clone(vm_child, stack + sizeof(stack),
                CLONE_VM | CLONE_VFORK | SIGCHLD, &value);
    /* CLONE_VFORK: the child has finished when clone returns. */
    printf("clone(VM|VFORK) child wrote %d before clone returned\n", vm_shared);
    waitpid(pid, &status, 0);
    print_status("clone(VM|VFORK) child", status);
}

static long clone3(struct clone_args_v0 *args, size_t size)
{
    return syscall(SYS_clone3, args, size);
}

/*
 * clone3 with CLONE_VM: the child stores 5 to *p and makes syscall
 * exit_nr(code) without touching the stack, which it shares with the
 * parent (vfork without a stack) or which is empty (a thread).
 */
static long clone3_store_exit(struct clone_args_v0 *a, volatile int *p,
                              long exit_nr, long code)
{
#if defined(__x86_64__)
    register long r10 __asm__("r10") = code;
    register long r8 __asm__("r8") = exit_nr;
    long ret;

    __asm__ volatile("mov $435, %%eax\n\t"
                     "syscall\n\t"
                     "test %%rax, %%rax\n\t"
                     "jnz 1f\n\t"
                     "movl $5, (%%rdx)\n\t"
                     "mov %%r10, %%rdi\n\t"
                     "mov %%r8, %%rax\n\t"
                     "syscall\n"
                     "1:"
                     : "=a"(ret)
                     : "D"(a), "S"(sizeof(*a)), "d"(p), "r"(r10), "r"(r8)
                     : "rcx", "r11", "memory");
    return ret;
#elif defined(__aarch64__)
    register long x0 __asm__("x0") = (long)a;
    register long x1 __asm__("x1") = sizeof(*a);
    register long x2 __asm__("x2") = (long)p;
    register long x3 __asm__("x3") = code;
    register long x5 __asm__("x5") = exit_nr;

    __asm__ volatile("mov x8, #435\n\t"
                     "svc #0\n\t"
                     "cbnz x0, 1f\n\t"
                     "mov w4, #5\n\t"
                     "str w4, [x2]\n\t"
                     "mov x0, x3\n\t"
                     "mov x8, x5\n\t"
                     "svc #0\n"
                     "1:"
                     : "+r"(x0)
                     : "r"(x1), "r"(x2), "r"(x3), "r"(x5)
                     : "x4", "x8", "memory");
    return x0;
#else
#error "x86-64 or aarch64 only"
#endif
}

/* The shape of glibc's pthread_create, by clone3. */
static void test_clone3_thread(void)
{
    static char stack[16 * 1024] __attribute__((aligned(16)));
    static volatile pid_t ctid, ptid;
    struct clone_args_v0 args;
    long tid;
    pid_t seen;

    vm_shared = 0;
    memset(&args, 0, sizeof(args));
    args.flags = CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
                 CLONE_THREAD | CLONE_SYSVSEM | CLONE_PARENT_SETTID |
                 CLONE_CHILD_CLEARTID;
    args.child_tid = (uintptr_t)&ctid;
    args.parent_tid = (uintptr_t)&ptid;
    args.stack = (uintptr_t)stack;
    args.stack_size = sizeof(stack);
    ctid = -1;
    tid = clone3_store_exit(&args, &vm_shared, SYS_exit, 0);
    if (tid < 0) {
        printf("clone3 thread failed: %ld\n", tid);
        return;
    }
    /* CLONE_CHILD_CLEARTID: 0 and a futex wake when the thread is gone. */
    while ((seen = ctid) != 0)
        syscall(SYS_futex, &ctid, FUTEX_WAIT, seen, NULL, NULL, 0);
    printf("clone3 thread: wrote %d, parent_tid %d, child_tid cleared\n",
           vm_shared, ptid == tid);
}

static void test_clone3_vfork(int with_stack)
{
    static char stack[16 * 1024] __attribute__((aligned(16)));
    struct clone_args_v0 args;
    int status;
    long pid;

    vm_shared = 0;
    memset(&args, 0, sizeof(args));
    args.flags = CLONE_VM | CLONE_VFORK;
    args.exit_signal = SIGCHLD;
    if (with_stack) {
        args.stack = (uintptr_t)stack;
        args.stack_size = sizeof(stack);
    }
    pid = clone3_store_exit(&args, &vm_shared, SYS_exit_group, 23 + with_stack);
    if (pid < 0) {
        printf("clone3 vfork failed: %ld\n", pid);
        return;
    }
    printf("clone3 vfork (stack %d) child wrote %d\n", with_stack, vm_shared);
    waitpid((pid_t)pid, &status, 0);
    print_status("clone3 vfork", status);
}

static void test_clone3(void)
{
    struct clone_args_v0 args;
    int pidfd = -1, status;
    siginfo_t si;
    long pid;

    memset(&args, 0, sizeof(args));
    args.exit_signal = SIGCHLD;
    pid = clone3(&args, sizeof(args));
    if (pid == 0)
        _exit(21);
    if (pid < 0) {
        printf("clone3 fork failed: %s\n", strerror(errno));
    } else {
        waitpid((pid_t)pid, &status, 0);
        print_status("clone3 fork", status);
    }

    memset(&args, 0, sizeof(args));
    args.flags = CLONE_PIDFD | CLONE_PARENT_SETTID;
    args.pidfd = (uintptr_t)&pidfd;
    args.parent_tid = (uintptr_t)&clone_ptid;
    args.exit_signal = SIGCHLD;
    pid = clone3(&args, sizeof(args));
    if (pid == 0)
        _exit(22);
    if (pid < 0) {
        printf("clone3 pidfd failed: %s\n", strerror(errno));
    } else {
        memset(&si, 0, sizeof(si));
        printf("clone3 pidfd valid: %d, parent_tid: %d\n", pidfd >= 0,
               clone_ptid == pid);
        waitid((idtype_t)P_PIDFD, (id_t)pidfd, &si, WEXITED);
        printf("waitid(P_PIDFD): status %d\n", si.si_status);
        close(pidfd);
    }

    test_clone3_vfork(0);
    test_clone3_vfork(1);
    test_clone3_thread();

    memset(&args, 0, sizeof(args));
    args.exit_signal = SIGCHLD;
    errno = 0;
    pid = clone3(&args, 32);
    printf("clone3 short size: %ld %s\n", pid,
           errno == EINVAL ? "EINVAL" : "other");
    args.stack = 4096;
    errno = 0;
    pid = clone3(&args, sizeof(args));
    printf("clone3 stack without size: %ld %s\n", pid,
           errno == EINVAL ? "EINVAL" : "other");
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    test_wait4();
    test_waitid();
    test_signal_deaths();
    test_kill_zero();
    test_process_groups();
    printf("fork chain of 50: %d\n", fork_chain(50));
    test_clone_stack();
    test_clone_vfork_stack();
    test_clone3();
    return 0;
}
