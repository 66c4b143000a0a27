/*
 * clone() of a process into new namespaces (UTS, PID, NET, and PID with
 * USER), as LTP's ltp_clone(CLONE_NEW* | SIGCHLD) does: the child sees its
 * own hostname, is pid 1, has only a loopback device; the parent is
 * unchanged. Without the privilege both builds print the same error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static long clone_fork(unsigned long flags)
{
    return syscall(SYS_clone, flags | SIGCHLD, 0, 0, 0, 0);
}

static void child_report(unsigned long flags)
{
    struct if_nameindex *ifs;
    char name[64] = "";
    int n = 0;

    if (flags & CLONE_NEWUTS) {
        sethostname("arx-ns-test", 11);
        gethostname(name, sizeof(name));
        printf("  child hostname %s\n", name);
    }
    if (flags & CLONE_NEWPID)
        printf("  child pid %d\n", (int)getpid());
    if (flags & CLONE_NEWNET) {
        ifs = if_nameindex();
        while (ifs && ifs[n].if_index)
            n++;
        printf("  child interfaces %d\n", n);
    }
    fflush(stdout);
    _exit(7);
}

static void try(const char *what, unsigned long flags)
{
    char name[64] = "";
    int status = 0;
    long pid = clone_fork(flags);

    if (pid == 0)
        child_report(flags);
    if (pid < 0) {
        printf("%s: %s\n", what, strerrorname_np(errno));
        return;
    }
    waitpid((pid_t)pid, &status, 0);
    gethostname(name, sizeof(name));
    printf("%s: child exit %d, parent hostname kept %d\n", what,
           WEXITSTATUS(status), strcmp(name, "arx-ns-test") != 0);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    try("NEWUTS", CLONE_NEWUTS);
    try("NEWPID", CLONE_NEWPID);
    try("NEWNET", CLONE_NEWNET);
    try("NEWPID|NEWUTS", CLONE_NEWPID | CLONE_NEWUTS);
    try("NEWUSER|NEWPID", CLONE_NEWUSER | CLONE_NEWPID);
    try("after: NEWUTS", CLONE_NEWUTS);
    printf("parent pid is 1: %d\n", getpid() == 1);
    return 0;
}
