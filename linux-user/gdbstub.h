/*
 * A GDB remote serial protocol stub (arx -g PORT, ARX_GDB=PORT): gdb
 * connects over TCP on 127.0.0.1 before the guest's first instruction and
 * then drives every guest thread, all-stop, and follows forks and execs
 * as it asks. Breakpoints are kept by the translator (tcg/debug.h), never
 * written into guest code. The register layout is the guest
 * architecture's (GdbArch, <arch>/gdb.c).
 */
#ifndef ARX_LINUX_USER_GDBSTUB_H
#define ARX_LINUX_USER_GDBSTUB_H

#include <stdbool.h>
#include <stdint.h>

#include "linux-user/signal.h"
#include "linux-user/user.h"

/* One architecture's registers as gdb numbers them, and its target
 * description. Registers are in guest (little-endian) byte order. */
typedef struct GdbArch {
    const char *target_xml; /* qXfer:features:read's target.xml */
    int nb_regs;            /* the 'g' packet holds registers 0..nb_regs-1 */
    /* Writes register n to buf; returns its size in bytes (0: none). */
    int (*read_reg)(CPUARMState *env, int n, uint8_t *buf);
    /* Sets register n from buf; returns its size (0: none). */
    int (*write_reg)(CPUARMState *env, int n, const uint8_t *buf);
    /* On the stopping thread itself: moves state held outside env (the
     * host's FP flags) into env, where the stub reads it. */
    void (*sync)(CPUARMState *env);
} GdbArch;

extern const GdbArch gdb_arch_aarch64; /* linux-user/aarch64/gdb.c */
/* gdb_arch_aarch64, or with sve its SVE description (org.gnu.gdb.aarch64.sve:
 * z0-z31, fpsr, fpcr, p0-p15, ffr, vg) at VQ vq. */
const GdbArch *gdb_arch_aarch64_select(unsigned vq);
/* The largest register (a Z register at VL 2048). */
#define GDB_MAX_REG_BYTES 256
extern const GdbArch gdb_arch_arm; /* linux-user/arm/gdb.c */

/* A debugger is attached: the hooks below do something. */
extern bool gdbstub_active;

/*
 * Listens on 127.0.0.1:port (decimal; 0: any free port), says so on
 * stderr, waits for gdb to connect and starts the stub's thread; main,
 * not yet run, is stopped at its entry point. Exits arx with a message
 * when the port is bad or cannot be listened on.
 */
void gdbstub_start(GuestThread *main, const char *port);

/* A guest thread starts (on its own host thread, before guest code) or
 * ends. */
void gdbstub_thread_start(GuestThread *t);
void gdbstub_thread_exit(GuestThread *t);

/*
 * The CPU loop's tcg_cpu_exec under the debugger: waits while gdb holds
 * the thread stopped, steps one instruction when gdb asks, and reports
 * breakpoints and steps itself; returns with env.exception for the CPU
 * loop to dispatch.
 */
void gdbstub_cpu_exec(GuestThread *t);

/* A signal (info: its siginfo, as the guest will see it) is about to
 * reach the guest thread t: gdb is told and the thread stops; returns the
 * signal gdb passes on (0: none). */
int gdbstub_signal(GuestThread *t, const GuestSiginfo *info);

/* The process ends: exit status, or killed by sig. */
void gdbstub_exited(int status);
void gdbstub_killed(int sig);

/*
 * Around a host fork() of the guest process: the stub's state is whole in
 * the copy. When gdb follows forks (fork-events) the forking thread
 * reports the fork on its way back to guest code and the child waits,
 * before its first instruction, for gdb's choice: detached, it runs
 * without the debugger (as always without fork events); followed (gdb
 * detached the parent, or resumed the child), it takes the connection
 * over. When gdb follows vforks too (gdbstub_follows_vfork), a guest vfork
 * is such a fork (vfork true), whose parent thread waits for the child to
 * execute or exit; gdb sees vfork and vforkdone. Otherwise a vfork is a
 * host vfork gdb is not told of, its child running free.
 */
bool gdbstub_follows_vfork(GuestThread *t);
void gdbstub_before_fork(GuestThread *t, bool vfork);
/* In the parent; child: its pid, negative when the fork failed; newsp,
 * set_tls, tls: what the clone gives the child (arch_clone_regs). */
void gdbstub_after_fork_parent(GuestThread *t, int child, uint64_t newsp,
                               bool set_tls, uint64_t tls);
/* In the child. */
void gdbstub_after_fork(void);

/*
 * A guest execve re-enters arx (syscalls/task.c). When gdb follows execs
 * (exec-events), the connection survives it: gdbstub_exec_begin returns
 * the option to pass the next arx (NULL when not following), which then
 * calls gdbstub_start_after_exec with its value; that reports the exec
 * (T05exec:...) and serves gdb on. gdbstub_exec_failed undoes the begin
 * (called exactly when it returned an option and the execve failed).
 * Without exec events the connection closes at exec, ending the session.
 */
#define GDBSTUB_EXEC_OPTION "--gdb-exec="
bool gdbstub_follows_exec(void);
const char *gdbstub_exec_begin(void);
void gdbstub_exec_failed(void);
void gdbstub_start_after_exec(GuestThread *main, const char *state);

#endif
