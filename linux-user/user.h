/*
 * Process model shared by linux-user/ and syscalls/: the guest address
 * space mapping, the loaded image, and one GuestThread per guest thread.
 * Nothing here knows about the JIT's internals.
 */
#ifndef ARX_LINUX_USER_USER_H
#define ARX_LINUX_USER_USER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "target-arm/cpu.h"
#include "tcg/guest_mem.h" /* GUEST_PAGE_SIZE */

/*
 * host address = guest address + guest_base (design decision 1).
 * guest_base is fixed before the first guest instruction runs.
 */
extern uintptr_t guest_base;

static inline void *g2h(uint64_t guest_addr)
{
    return (void *)(uintptr_t)(guest_addr + guest_base);
}

static inline uint64_t h2g(const void *host_ptr)
{
    return (uint64_t)(uintptr_t)host_ptr - guest_base;
}

/* What the loader learned about the program; used by auxv, brk, /proc. */
typedef struct ImageInfo {
    uint64_t load_bias; /* added to the ELF's p_vaddr (ET_DYN) */
    uint64_t entry;     /* guest entry point (interpreter's, if any) */
    uint64_t phdr;      /* guest address of the program headers */
    uint64_t phnum;
    uint64_t start_code, end_code;
    uint64_t start_data, end_data;
    uint64_t start_brk;  /* first byte after the last segment, page aligned */
    uint64_t brk;        /* current program break */
    uint64_t stack_top;  /* highest address of the guest stack mapping */
    uint64_t initial_sp; /* guest SP at entry: points at argc */
    const char *path;    /* program path as given */
    unsigned machine;    /* EM_AARCH64 or EM_ARM: the guest architecture */
} ImageInfo;

extern ImageInfo guest_image;

/*
 * Loads the AArch64 or arm (EABI5) ELF at path and builds the initial
 * stack.
 * On failure returns false and writes a one-line reason (no "arx:" prefix,
 * no newline) into err.
 */
bool loader_exec(const char *path, int argc, char **argv, char **envp,
                 ImageInfo *info, char *err, size_t errlen);

/* HWCAP/HWCAP2 bits advertised in auxv: only what arx implements. */
uint64_t loader_hwcap(void);
uint64_t loader_hwcap2(void);
/* AT_MINSIGSTKSZ (0: none): the largest signal frame needs that much. */
uint64_t loader_minsigstksz(void);

typedef struct GuestThread {
    CPUARMState env;
    int tid;
    uint64_t clear_child_tid;
    /* A vfork child: a host process sharing its parent's memory (and arx's
     * data), whose exit must end only itself. */
    bool vfork_child;
    /* Under a debugger (linux-user/gdbstub.c): its view of the thread. */
    struct GdbThread *gdb;
    /*
     * Guest signal state of this thread, owned by linux-user/signal.c
     * (restart_pc/x0 by the architecture's syscall restart). Not TLS:
     * host handlers on other threads read the masks to route
     * process-wide signals, and a vfork child shares TLS.
     */
    struct GuestThreadSignals {
        bool ready;               /* mask set (inherited or loaded) */
        bool registered;          /* on linux-user/signal.c's thread list */
        bool waiting;             /* rt_sigsuspend: wait_mask is in force */
        bool restart_valid;       /* restart_* describe an interrupted svc */
        bool restart_always;      /* it never reached the kernel */
        uint64_t mask;            /* blocked set, as rt_sigprocmask left it */
        uint64_t wait_mask;       /* blocked set while waiting */
        uint64_t pending;         /* thread-directed, queued, not delivered */
        uint64_t restart_pc;      /* guest pc after the interrupted svc */
        uint64_t restart_x0;      /* its first argument, for the re-run */
        uint64_t fault_esr;       /* ESR of the last data abort, or 0 */
        struct GuestThread *next; /* thread list */
        uint8_t pending_info[64][128]; /* siginfo of each queued signal */
    } signals;
} GuestThread;

/*
 * Runs guest syscall nr with its six arguments (as the architecture's
 * syscall ABI passes them: linux-user/<arch>/cpu_loop.c reads them) and
 * returns the result (negative errno on failure, as the kernel does).
 * May not return (exit, exit_group, execve success).
 */
int64_t do_syscall(GuestThread *thread, uint64_t nr, const uint64_t *args);
/* The same for an arm (EABI) guest: nr from r7, args r0-r6 zero-extended
 * (syscalls/arm_eabi.c). */
int64_t do_syscall_arm(GuestThread *thread, uint64_t nr, const uint64_t *args);

/* Ends the whole guest process with status (exit_group). */
void guest_exit(int status) __attribute__((noreturn));

#endif
