/*
 * Guest signal delivery: arm64 rt_sigframes for CPU exceptions and for host
 * signals queued by arx's host handlers, and rt_sigreturn to undo them.
 * Must not decide dispositions: syscalls/signal.c owns the recorded state.
 */
#ifndef ARX_LINUX_USER_SIGNAL_H
#define ARX_LINUX_USER_SIGNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "linux-user/user.h"

struct GuestSigaction;

/*
 * Maps the guest page holding the sigreturn trampoline (what the arm64
 * vDSO's __kernel_rt_sigreturn is) and hooks guest sigaction changes so
 * host handlers follow them. Call once, before the first guest instruction.
 */
void signal_init(void);

/*
 * A CPU exception of the instruction at env->pc (registers exact): enters
 * the guest handler, or ends the process as the kernel's forced delivery
 * does when there is none, or it is blocked or ignored.
 */
void signal_raise_sync(GuestThread *t, int sig, int si_code,
                       uint64_t fault_addr);

/*
 * Enters the guest handlers of queued asynchronous signals the guest mask
 * allows (stacking frames as the kernel does). Call with the guest state
 * exact: after a syscall has written x0, or when translated code exits.
 */
void signal_deliver_pending(GuestThread *t);

/*
 * Thread life cycle, from linux-user/thread.c. signal_thread_start: child
 * inherits parent's blocked set (call once the child's GuestThread is
 * built, before it runs). signal_thread_exit: t leaves the thread list
 * (call before t is freed; host signals stay blocked on return).
 */
void signal_thread_start(GuestThread *child, const GuestThread *parent);
void signal_thread_exit(GuestThread *t);
/*
 * In a fork child, before it runs guest code (t: the thread that forked):
 * nothing queued survives, as Linux does not pass pending signals on, and
 * the parent's other threads are gone.
 */
void signal_after_fork(GuestThread *t);

/* rt_sigreturn (nr 139) is declared by syscalls/syscalls.h from nr.def. */

/* siginfo_t: 128 bytes, the same layout on aarch64 and x86-64. */
typedef struct GuestSiginfo {
    int32_t signo;
    int32_t errno_value;
    int32_t code;
    int32_t pad;
    uint64_t addr; /* si_addr for faults; si_pid/si_uid for kill */
    uint8_t rest[104];
} GuestSiginfo;

/* ---- provided by this module for syscalls/signal.c ---- */

/* The calling host thread runs t: loads t's mask if nobody set it. */
void signal_thread_enter(GuestThread *t);
/* The GuestThread of the calling host thread (NULL before any enter). */
GuestThread *signal_current_thread(void);
/* Signals queued for t by arx: its own and the process-wide ones. */
uint64_t signal_queued(const GuestThread *t);
/* Removes one instance of the lowest queued signal in wanted (t's first,
 * then the process's; real-time ones oldest first) and returns it with
 * its siginfo; 0 when there is none. */
int signal_dequeue(GuestThread *t, uint64_t wanted, GuestSiginfo *info);
/* arx holds as many queued real-time instances as it can: sigqueue must
 * fail with EAGAIN, as past RLIMIT_SIGPENDING. */
bool signal_rt_queue_full(void);

/* ---- provided by syscalls/signal.c for this module ---- */

/* stack_t: { sp, flags, size }, the same layout on aarch64 and x86-64. */
typedef struct GuestStack {
    uint64_t sp;
    int32_t flags;
    int32_t pad;
    uint64_t size;
} GuestStack;

/* Called after every guest sigaction change, with the new action. */
typedef void (*SignalActionHook)(int sig, const struct GuestSigaction *act);
void signal_set_action_hook(SignalActionHook hook);

/* Records a new action as rt_sigaction would (SA_RESETHAND, forced kill). */
void signal_guest_set_action(int sig, const struct GuestSigaction *act);

/* The host mask that stands for a guest one (arx's faults never blocked). */
uint64_t signal_host_mask_for(uint64_t guest_mask);

/* Sets t's guest mask and the calling host thread's mask to match; t must
 * be the calling thread. signal_guest_set_mask does it for the caller. */
void signal_thread_set_mask(GuestThread *t, uint64_t mask);
void signal_guest_set_mask(uint64_t mask);

/*
 * After rt_sigsuspend: its temporary mask, which decides what is delivered
 * now (the frames save the restored mask). False when there was none.
 * Clears the record (of the calling thread).
 */
bool signal_guest_take_suspend_mask(uint64_t *mask);

GuestStack signal_guest_altstack(void);
void signal_guest_set_altstack(const GuestStack *stack);

#endif
