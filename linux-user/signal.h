/*
 * Guest signals, the generic part: dispositions, masks, per-thread and
 * process-wide queues, routing, the delivery decision and sigaltstack,
 * for the CPU loop and for the signal syscalls (syscalls/signal.c).
 * The frame layout is the architecture's (linux-user/arch.h); nothing
 * here calls into syscalls/.
 */
#ifndef ARX_LINUX_USER_SIGNAL_H
#define ARX_LINUX_USER_SIGNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "linux-user/user.h"

/* Guest signals are 1..SIGNAL_MAX; a set is one bit each, bit 0 signal 1. */
#define SIGNAL_MAX 64

static inline uint64_t signal_bit(int sig)
{
    return 1ull << (sig - 1);
}

/* Bytes of a kernel sigset_t: the guests' and x86-64's alike. */
#define SIGNAL_SET_SIZE 8

/* sa_flags bits: the asm-generic values, shared by the guests and x86-64. */
#define GUEST_SA_NOCLDSTOP 0x00000001u
#define GUEST_SA_NOCLDWAIT 0x00000002u
#define GUEST_SA_EXPOSE_TAGBITS 0x00000800u /* si_addr keeps bits 63:56 */
#define GUEST_SA_RESTORER 0x04000000u
#define GUEST_SA_ONSTACK 0x08000000u
#define GUEST_SA_RESTART 0x10000000u
#define GUEST_SA_NODEFER 0x40000000u
#define GUEST_SA_RESETHAND 0x80000000u

/* sigaltstack ss_flags. */
#define GUEST_SS_ONSTACK 1
#define GUEST_SS_DISABLE 2
#define GUEST_SS_AUTODISARM INT32_MIN /* bit 31 */

/* Kernel struct sigaction as the aarch64 guest passes it (8-byte mask). */
typedef struct GuestSigaction {
    uint64_t handler;
    uint64_t flags;
    uint64_t restorer;
    uint64_t mask;
} GuestSigaction;

/* siginfo_t: 128 bytes, the same layout on aarch64 and x86-64. */
typedef struct GuestSiginfo {
    int32_t signo;
    int32_t errno_value;
    int32_t code;
    int32_t pad;
    uint64_t addr; /* si_addr for faults; si_pid/si_uid for kill */
    uint8_t rest[104];
} GuestSiginfo;

/* stack_t: { sp, flags, size }, the same layout on aarch64 and x86-64. */
typedef struct GuestStack {
    uint64_t sp;
    int32_t flags;
    int32_t pad;
    uint64_t size;
} GuestStack;

/* ---- for the CPU loop and the process model ---- */

/*
 * Maps the guest page holding the sigreturn trampoline (what the arm64
 * vDSO's __kernel_rt_sigreturn is) and installs the fault handlers. Call
 * once, before the first guest instruction.
 */
void signal_init(void);

/*
 * A CPU exception of the instruction at the guest pc (registers exact):
 * enters the guest handler, or ends the process as the kernel's forced
 * delivery does when there is none, or it is blocked or ignored.
 */
void signal_raise_sync(GuestThread *t, int sig, int si_code,
                       uint64_t fault_addr);

/*
 * Enters the guest handlers of queued asynchronous signals the guest mask
 * allows (stacking frames as the kernel does), restarting the syscall a
 * signal interrupted when that is what Linux would do. Call with the
 * guest state exact: after a syscall has written its result, or when
 * translated code exits.
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
 * Host signals held (blocked) around a host fork() or pthread_create():
 * what is sent to a new fork child waits in the host kernel until the
 * child has reset its queues (signal_after_fork), and the host libc's
 * first pthread_create cannot unblock 32 and 33 for good. hold returns
 * the mask that release (in parent and fork child) restores.
 */
uint64_t signal_host_hold(void);
void signal_host_release(uint64_t saved);
/* First thing in a new host thread, before guest code: see signal.c. */
void signal_host_thread_started(void);
/*
 * In a fork child, before it runs guest code (t: the thread that forked):
 * nothing queued survives, as Linux does not pass pending signals on, and
 * the parent's other threads are gone.
 */
void signal_after_fork(GuestThread *t);

/*
 * A host syscall that may block (read from a pipe, wait4, futex wait,
 * ...), for a guest syscall of t, the calling thread: unlike
 * host_syscall6 no signal queued for t can be left waiting while it
 * sleeps, however close before the syscall it arrives. Returns the
 * syscall's result, or -EINTR (the guest svc then restarts after the
 * handler when that has SA_RESTART). Not for syscalls with effects
 * arx has already begun (the whole guest syscall may be re-run).
 */
int64_t signal_safe_syscall6(GuestThread *t, long nr, uint64_t a, uint64_t b,
                             uint64_t c, uint64_t d, uint64_t e, uint64_t f);
static inline int64_t signal_safe_syscall3(GuestThread *t, long nr, uint64_t a,
                                           uint64_t b, uint64_t c)
{
    return signal_safe_syscall6(t, nr, a, b, c, 0, 0, 0);
}

/* ---- for the signal syscalls ---- */

/* The calling host thread runs t: loads t's mask if nobody set it. */
void signal_thread_enter(GuestThread *t);
/* The GuestThread of the calling host thread (NULL before any enter). */
GuestThread *signal_current_thread(void);

/* The recorded action of sig (1..SIGNAL_MAX), NULL for others. */
const GuestSigaction *signal_guest_action(int sig);
/*
 * rt_sigaction: *old gets sig's action, then act (when not NULL) replaces
 * it, atomically. Host handlers follow (SA_RESETHAND, forced kill as the
 * guest expects); the host's synchronous signals are never reset.
 */
void signal_exchange_action(int sig, const GuestSigaction *act,
                            GuestSigaction *old);
/* Records a new action as rt_sigaction would. */
void signal_guest_set_action(int sig, const GuestSigaction *act);

/* The host mask that stands for a guest one (arx's faults never blocked). */
uint64_t signal_host_mask_for(uint64_t guest_mask);
/* Sets t's guest mask and the calling host thread's mask to match; t must
 * be the calling thread. The _guest_ ones act on the caller's. */
void signal_thread_set_mask(GuestThread *t, uint64_t mask);
uint64_t signal_guest_mask(void);
void signal_guest_set_mask(uint64_t mask);

/* rt_sigpending: what t blocks and has pending, queued by arx or not. */
int64_t signal_pending_blocked(GuestThread *t, uint64_t *set);
/*
 * rt_sigsuspend: waits under wait_mask until a signal it allows is
 * queued; the mask stays in force until signal_deliver_pending has
 * delivered with it. Returns -EINTR.
 */
int64_t signal_suspend(GuestThread *t, uint64_t wait_mask);
/*
 * rt_sigtimedwait: takes one of wanted, queued or arriving before
 * host_timeout (a host struct timespec *, NULL for none) into *info.
 * Returns the signal or -errno.
 */
int64_t signal_timed_wait(GuestThread *t, uint64_t wanted, GuestSiginfo *info,
                          uint64_t host_timeout);
/*
 * After rt_sigsuspend: its temporary mask, which decides what is delivered
 * now (the frames save the restored mask). False when there was none.
 * Clears the record (of the calling thread).
 */
bool signal_guest_take_suspend_mask(uint64_t *mask);
/* Signals queued for t by arx: its own and the process-wide ones. */
uint64_t signal_queued(const GuestThread *t);
/* Removes one instance of the lowest queued signal in wanted (t's first,
 * then the process's; real-time ones oldest first) and returns it with
 * its siginfo; 0 when there is none. */
int signal_dequeue(GuestThread *t, uint64_t wanted, GuestSiginfo *info);
/* arx's queue holds RLIMIT_SIGPENDING real-time instances already:
 * sigqueue must fail with EAGAIN, as the kernel's would. */
bool signal_rt_queue_full(void);

/*
 * sigaltstack of the calling thread: signal_altstack_exchange does what
 * the syscall does for t (old gets the stack with the flags the kernel
 * reports, new_stack when not NULL replaces it; 0 or -errno). The raw
 * record is for saving and restoring around a vfork child.
 */
int64_t signal_altstack_exchange(GuestThread *t, const GuestStack *new_stack,
                                 GuestStack *old);
GuestStack signal_guest_altstack(void);
void signal_guest_set_altstack(const GuestStack *stack);

/*
 * rt_sigreturn: restores the state a guest handler's frame holds (the
 * registers, the mask, the altstack); a corrupt frame raises SIGSEGV.
 * Returns what the syscall returns: the restored result register.
 */
int64_t signal_return(GuestThread *t);

#endif
