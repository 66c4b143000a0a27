/*
 * Code in System V shared memory: a segment attached with SHM_EXEC runs
 * (also after another attachment of it changes the code), one attached
 * without it faults at the call with SEGV_ACCERR, and after shmdt a call
 * there faults with SEGV_MAPERR instead of running blocks translated
 * before; code written through one attachment and maintained (IC IVAU)
 * at the executable one runs there. /proc/self/maps shows the attachments.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <unistd.h>

#ifndef SHM_EXEC
#define SHM_EXEC 0100000
#endif

static volatile int seen_sig, seen_code;
static volatile uintptr_t seen_addr;
static sigjmp_buf escape;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    seen_sig = sig;
    seen_code = si->si_code;
    seen_addr = (uintptr_t)si->si_addr;
    siglongjmp(escape, 1);
}

/* "return value" at p, to run at exec (p itself or another attachment of
 * the same memory, whose cache lines are the same on Arm: maintaining
 * either address is enough; a JIT's dual mapping does it on exec's). */
static void write_code(unsigned char *p, unsigned char *exec, int value)
{
#ifdef __aarch64__
    uint32_t insn[2] = {0x52800000u | (uint32_t)value << 5, 0xd65f03c0};
    memcpy(p, insn, sizeof(insn));
    __builtin___clear_cache((char *)exec, (char *)exec + 8);
#else
    (void)exec;
    unsigned char insn[6] = {0xb8, (unsigned char)value, 0, 0, 0, 0xc3};
    memcpy(p, insn, sizeof(insn));
#endif
}

static void call(const char *what, void *target)
{
    int (*fn)(void) = (int (*)(void))target;

    seen_sig = 0;
    if (sigsetjmp(escape, 1) == 0) {
        int r = fn();
        printf("%s: returned %d\n", what, r);
        return;
    }
    printf("%s: sig %d code %d addr ok %d\n", what, seen_sig, seen_code,
           seen_addr == (uintptr_t)target);
}

/* The protection /proc/self/maps shows for addr. */
static void show_maps(const char *what, void *addr)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[512];
    unsigned long lo, hi;
    char perms[8];

    while (f && fgets(line, sizeof(line), f)) {
        if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3 &&
            (uintptr_t)addr >= lo && (uintptr_t)addr < hi) {
            printf("%s: maps %s\n", what, perms);
            fclose(f);
            return;
        }
    }
    printf("%s: not in maps\n", what);
    if (f)
        fclose(f);
}

int main(void)
{
    struct sigaction sa;
    int id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
    unsigned char *w, *x, *plain;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGSEGV, &sa, NULL);
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (id < 0) {
        printf("shmget failed\n");
        return 1;
    }
    w = shmat(id, NULL, 0);
    x = shmat(id, NULL, SHM_EXEC);
    plain = shmat(id, NULL, 0);
    shmctl(id, IPC_RMID, NULL);
    if (w == (void *)-1 || x == (void *)-1 || plain == (void *)-1) {
        printf("shmat failed\n");
        return 1;
    }
    show_maps("SHM_EXEC attachment", x);
    show_maps("plain attachment", plain);
    write_code(w, w, 5);
    call("SHM_EXEC attachment", x);
    call("plain attachment", plain);
    shmdt(x);
    show_maps("detached", x);
    call("detached", x);
    x = shmat(id, NULL, SHM_EXEC);
    if (x == (void *)-1) {
        printf("shmat again failed\n");
        return 1;
    }
    call("attached again", x);
    write_code(w, x, 9);
    call("code changed through another attachment", x);
    shmdt(x);
    shmdt(w);
    shmdt(plain);
    return 0;
}
