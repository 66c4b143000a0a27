/*
 * prctl options, personality, acct and vhangup as LTP uses them: each
 * result (or errno) must be what the kernel gives a native program.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void report(const char *what, long r)
{
    if (r < 0)
        printf("%s: %s\n", what, strerrorname_np(errno));
    else
        printf("%s: %ld\n", what, r);
}

/* Things that change the process for good run in a child. */
static void in_child(void (*fn)(void))
{
    pid_t pid = fork();
    int status;

    if (pid == 0) {
        fn();
        fflush(stdout);
        _exit(0);
    }
    waitpid(pid, &status, 0);
}

static void caps(void)
{
    report("CAPBSET_DROP", prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0));
    report("CAPBSET_READ after", prctl(PR_CAPBSET_READ, CAP_NET_RAW, 0, 0, 0));
    report("AMBIENT_CLEAR_ALL",
           prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0));
    report("SET_SECUREBITS", prctl(PR_SET_SECUREBITS, 0, 0, 0, 0));
}

static void persona(void)
{
    report("personality SVR4", personality(PER_SVR4));
    report("personality query", personality(0xffffffff));
    report("personality BSD", personality(PER_BSD));
    report("personality query", personality(0xffffffff));
}

int main(void)
{
    int v = -1;
    int *tid_addr = NULL;

    setvbuf(stdout, NULL, _IOLBF, 0);
    report("SET_TIMERSLACK", prctl(PR_SET_TIMERSLACK, 200000, 0, 0, 0));
    report("GET_TIMERSLACK", prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0));
    report("SET_CHILD_SUBREAPER", prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0));
    report("GET_CHILD_SUBREAPER", prctl(PR_GET_CHILD_SUBREAPER, &v, 0, 0, 0));
    printf("  subreaper %d\n", v);
    report("GET_CHILD_SUBREAPER bad",
           prctl(PR_GET_CHILD_SUBREAPER, (void *)1, 0, 0, 0));
    report("CAPBSET_READ", prctl(PR_CAPBSET_READ, CAP_NET_RAW, 0, 0, 0));
    report("CAPBSET_READ bad", prctl(PR_CAPBSET_READ, 1000, 0, 0, 0));
    report("AMBIENT_IS_SET",
           prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_NET_RAW, 0, 0));
    report("GET_SECUREBITS", prctl(PR_GET_SECUREBITS, 0, 0, 0, 0));
    report("GET_THP_DISABLE", prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0));
    report("GET_TIMING", prctl(PR_GET_TIMING, 0, 0, 0, 0));
    report("GET_TID_ADDRESS", prctl(PR_GET_TID_ADDRESS, &tid_addr, 0, 0, 0));
    printf("  set %d\n", tid_addr != NULL);
    in_child(caps);
    in_child(persona);
    report("acct bad", syscall(SYS_acct, (void *)1));
    report("acct off", syscall(SYS_acct, NULL));
    report("vhangup", syscall(SYS_vhangup));
    return 0;
}
