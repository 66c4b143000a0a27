/*
 * Guest signal delivery: host handlers queue asynchronous signals per guest
 * thread (or process-wide), CPU exceptions raise synchronous ones, and both
 * enter guest handlers through an arm64 Linux rt_sigframe that
 * rt_sigreturn undoes. Must not record dispositions or masks itself
 * (syscalls/signal.c does) nor touch the JIT beyond its exit flag.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "linux-user/arch.h"
#include "linux-user/signal.h"
#include "syscalls/syscalls.h"
#include "syscalls/vma.h"
#include "target-arm/helper_fp.h"
#include "tcg/exec.h"
#include "tcg/tb.h"
#include "util/log.h"

#define SIGNAL_MAX 64

/* sa_flags bits: the asm-generic values, shared by aarch64 and x86-64. */
#define GUEST_SA_NOCLDSTOP 0x00000001u
#define GUEST_SA_NOCLDWAIT 0x00000002u
#define GUEST_SA_RESTORER 0x04000000u
#define GUEST_SA_ONSTACK 0x08000000u
#define GUEST_SA_RESTART 0x10000000u
#define GUEST_SA_NODEFER 0x40000000u
#define GUEST_SA_RESETHAND 0x80000000u

#define GUEST_SS_ONSTACK 1
#define GUEST_SS_DISABLE 2
#define GUEST_SS_AUTODISARM INT32_MIN /* bit 31 */

#define GUEST_MINSIGSTKSZ 5120
#define GUEST_FPSIMD_MAGIC 0x46508001u
#define GUEST_ESR_MAGIC 0x45535201u
#define GUEST_NZCV_MASK 0xf0000000u

/* ---- arm64 Linux signal frame (uapi asm/sigcontext.h, asm/ucontext.h) ---- */

typedef struct GuestSigcontext {
    uint64_t fault_address;
    uint64_t regs[31];
    uint64_t sp;
    uint64_t pc;
    uint64_t pstate;
    uint8_t reserved[4096] __attribute__((aligned(16)));
} GuestSigcontext;

typedef struct GuestUcontext {
    uint64_t flags;
    uint64_t link;
    GuestStack stack;
    uint64_t sigmask;
    uint8_t unused[1024 / 8 - 8]; /* room for glibc's 1024-bit sigset_t */
    GuestSigcontext mcontext;
} GuestUcontext;

typedef struct GuestRtSigframe {
    GuestSiginfo info;
    GuestUcontext uc;
} GuestRtSigframe;

/* What x29 points at in the handler, so backtraces cross the frame. */
typedef struct GuestFrameRecord {
    uint64_t fp;
    uint64_t lr;
} GuestFrameRecord;

/* Records in sigcontext.reserved: a header, then the body; {0, 0} ends. */
typedef struct GuestContextHeader {
    uint32_t magic;
    uint32_t size;
} GuestContextHeader;

typedef struct GuestFpsimdContext {
    GuestContextHeader head;
    uint32_t fpsr;
    uint32_t fpcr;
    uint8_t vregs[32][16] __attribute__((aligned(16)));
} GuestFpsimdContext;

typedef struct GuestEsrContext {
    GuestContextHeader head;
    uint64_t esr;
} GuestEsrContext;

/* Offsets checked against the aarch64 uapi headers (struct rt_sigframe). */
_Static_assert(sizeof(GuestSiginfo) == 128, "siginfo_t");
_Static_assert(offsetof(GuestUcontext, stack) == 16, "uc_stack");
_Static_assert(offsetof(GuestUcontext, sigmask) == 40, "uc_sigmask");
_Static_assert(offsetof(GuestUcontext, mcontext) == 176, "uc_mcontext");
_Static_assert(sizeof(GuestUcontext) == 4560, "struct ucontext");
_Static_assert(offsetof(GuestSigcontext, regs) == 8, "sigcontext.regs");
_Static_assert(offsetof(GuestSigcontext, sp) == 256, "sigcontext.sp");
_Static_assert(offsetof(GuestSigcontext, pc) == 264, "sigcontext.pc");
_Static_assert(offsetof(GuestSigcontext, pstate) == 272, "sigcontext.pstate");
_Static_assert(offsetof(GuestSigcontext, reserved) == 288,
               "sigcontext.__reserved");
_Static_assert(sizeof(GuestSigcontext) == 4384, "struct sigcontext");
_Static_assert(offsetof(GuestRtSigframe, uc) == 128, "rt_sigframe.uc");
_Static_assert(sizeof(GuestRtSigframe) == 4688, "struct rt_sigframe");
_Static_assert(sizeof(GuestRtSigframe) % 16 == 0, "frame keeps sp aligned");
_Static_assert(offsetof(GuestFpsimdContext, fpsr) == 8, "fpsimd.fpsr");
_Static_assert(offsetof(GuestFpsimdContext, vregs) == 16, "fpsimd.vregs");
_Static_assert(sizeof(GuestFpsimdContext) == 528, "struct fpsimd_context");
_Static_assert(sizeof(GuestEsrContext) == 16, "struct esr_context");
_Static_assert(sizeof(siginfo_t) == sizeof(GuestSiginfo),
               "host siginfo is copied to the guest as is");

/* ---- queued asynchronous signals ---- */

/*
 * A guest thread's own queue lives in its GuestThread and only its host
 * thread writes it (its host handler, or itself with host signals
 * blocked). The process-wide queue and the thread list are shared, under
 * signal_list_busy, taken only with host signals blocked (handlers run
 * with all of them blocked), so a handler never spins on its own thread.
 * A pending bit stands for one merged instance of a standard signal, or
 * for at least one queued instance of a real-time one (below).
 */
static uint64_t signal_process_pending;
static GuestSiginfo signal_process_info[SIGNAL_MAX + 1];
static GuestThread *signal_threads;
static bool signal_list_busy;

static __thread GuestThread *signal_self;

/*
 * Real-time signals queue every instance, in send order, as Linux does.
 * Host handlers cannot allocate, so instances live in one static pool, on
 * one FIFO per signal number that all queues share: owner says whose
 * queue an instance is on (NULL: the process's). All under
 * signal_list_busy. Slot numbers are index + 1, so 0 (the zeroed data)
 * means none and the pool needs no set-up.
 */
#define SIGNAL_RT_FIRST 32
#define SIGNAL_RT_COUNT (SIGNAL_MAX - SIGNAL_RT_FIRST + 1)
#define SIGNAL_RT_SLOTS 1024
/* Past this, a thread leaves further instances in the host's queue. */
#define SIGNAL_RT_THROTTLE (SIGNAL_RT_SLOTS / 2)

typedef struct SignalRtInstance {
    GuestSiginfo info;
    const GuestThread *owner;
    uint32_t next;
} SignalRtInstance;

static SignalRtInstance signal_rt_pool[SIGNAL_RT_SLOTS];
static uint32_t signal_rt_head[SIGNAL_RT_COUNT];
static uint32_t signal_rt_tail[SIGNAL_RT_COUNT];
static uint32_t signal_rt_free;  /* list of returned slots */
static uint32_t signal_rt_fresh; /* slots never used yet */
static uint32_t signal_rt_used;
static bool signal_rt_dropped; /* an instance was lost: log it once */
/* This host thread's handler blocked a real-time signal on the host. */
static __thread bool signal_rt_throttled;

static uint64_t signal_trampoline; /* guest address of mov x8, #139; svc */

static uint64_t signal_bit(int sig)
{
    return 1ull << (sig - 1);
}

static void signal_list_lock(void)
{
    while (__atomic_test_and_set(&signal_list_busy, __ATOMIC_ACQUIRE))
        sched_yield();
}

static void signal_list_unlock(void)
{
    __atomic_clear(&signal_list_busy, __ATOMIC_RELEASE);
}

static bool signal_is_rt(int sig)
{
    return sig >= SIGNAL_RT_FIRST;
}

static SignalRtInstance *signal_rt_slot(uint32_t slot)
{
    return &signal_rt_pool[slot - 1];
}

/* Under signal_list_lock: false (and nothing queued) when the pool is full. */
static bool signal_rt_push(const GuestThread *owner, int sig,
                           const siginfo_t *info)
{
    uint32_t *head = &signal_rt_head[sig - SIGNAL_RT_FIRST];
    uint32_t *tail = &signal_rt_tail[sig - SIGNAL_RT_FIRST];
    uint32_t slot = signal_rt_free;
    SignalRtInstance *in;

    if (slot)
        signal_rt_free = signal_rt_slot(slot)->next;
    else if (signal_rt_fresh < SIGNAL_RT_SLOTS)
        slot = ++signal_rt_fresh;
    else
        return false;
    in = signal_rt_slot(slot);
    memcpy(&in->info, info, sizeof(in->info));
    in->owner = owner;
    in->next = 0;
    if (*tail)
        signal_rt_slot(*tail)->next = slot;
    else
        *head = slot;
    *tail = slot;
    __atomic_store_n(&signal_rt_used, signal_rt_used + 1, __ATOMIC_RELAXED);
    return true;
}

/* Under signal_list_lock: slot (after prev, 0 for the head) leaves q. */
static void signal_rt_unlink(int q, uint32_t prev, uint32_t slot)
{
    uint32_t next = signal_rt_slot(slot)->next;

    if (prev)
        signal_rt_slot(prev)->next = next;
    else
        signal_rt_head[q] = next;
    if (signal_rt_tail[q] == slot)
        signal_rt_tail[q] = prev;
    signal_rt_slot(slot)->next = signal_rt_free;
    signal_rt_free = slot;
    __atomic_store_n(&signal_rt_used, signal_rt_used - 1, __ATOMIC_RELAXED);
}

/*
 * Under signal_list_lock: owner's oldest instance of sig into *info.
 * Returns whether owner has another one queued.
 */
static bool signal_rt_pop(const GuestThread *owner, int sig, GuestSiginfo *info)
{
    int q = sig - SIGNAL_RT_FIRST;
    uint32_t prev = 0, slot = signal_rt_head[q];
    bool taken = false;

    while (slot) {
        SignalRtInstance *in = signal_rt_slot(slot);
        uint32_t next = in->next;

        if (in->owner == owner) {
            if (taken)
                return true;
            *info = in->info;
            signal_rt_unlink(q, prev, slot);
            taken = true;
        } else {
            prev = slot;
        }
        slot = next;
    }
    if (!taken) { /* a bit without an instance: never set that way */
        memset(info, 0, sizeof(*info));
        info->signo = sig;
    }
    return false;
}

/* Under signal_list_lock: a thread's queue dies with it, as in Linux. */
static void signal_rt_drop_owner(const GuestThread *owner)
{
    for (int q = 0; q < SIGNAL_RT_COUNT; q++) {
        uint32_t prev = 0, slot = signal_rt_head[q];

        while (slot) {
            uint32_t next = signal_rt_slot(slot)->next;

            if (signal_rt_slot(slot)->owner == owner)
                signal_rt_unlink(q, prev, slot);
            else
                prev = slot;
            slot = next;
        }
    }
}

bool signal_rt_queue_full(void)
{
    return __atomic_load_n(&signal_rt_used, __ATOMIC_RELAXED) >=
           SIGNAL_RT_SLOTS;
}

static void signal_host_block_all(sigset_t *old)
{
    sigset_t all;

    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, old);
}

static void signal_host_restore(const sigset_t *old)
{
    pthread_sigmask(SIG_SETMASK, old, NULL);
}

/* What t blocks now: rt_sigsuspend's temporary set while it waits. */
static uint64_t signal_blocked_now(const GuestThread *t)
{
    const struct GuestThreadSignals *s = &t->signals;

    return __atomic_load_n(&s->waiting, __ATOMIC_ACQUIRE) ? s->wait_mask
                                                          : s->mask;
}

static uint64_t signal_host_mask_now(void)
{
    sigset_t set;
    uint64_t mask = 0;

    pthread_sigmask(SIG_BLOCK, NULL, &set);
    for (int sig = 1; sig <= SIGNAL_MAX; sig++)
        if (sigismember(&set, sig) == 1)
            mask |= signal_bit(sig);
    return mask;
}

/* Under signal_list_lock: a thread that will take sig, made to look. */
static void signal_kick_taker(int sig)
{
    for (GuestThread *t = signal_threads; t; t = t->signals.next) {
        if (!(signal_blocked_now(t) & signal_bit(sig))) {
            t->env.exit_request = 1;
            return;
        }
    }
}

void signal_thread_start(GuestThread *child, const GuestThread *parent)
{
    child->signals.mask =
        parent->signals.ready ? parent->signals.mask : signal_host_mask_now();
    child->signals.ready = true;
}

void signal_thread_enter(GuestThread *t)
{
    sigset_t old;

    if (!t->signals.ready) { /* the main thread, or no start hook */
        t->signals.mask = signal_host_mask_now();
        t->signals.ready = true;
    }
    signal_self = t;
    /* A vfork child is another process: it must not be routed to. */
    if (t->signals.registered || t->vfork_child)
        return;
    signal_host_block_all(&old);
    signal_list_lock();
    t->signals.next = signal_threads;
    signal_threads = t;
    t->signals.registered = true;
    signal_list_unlock();
    signal_host_restore(&old);
}

void signal_thread_exit(GuestThread *t)
{
    sigset_t old;

    signal_host_block_all(&old);
    if (signal_self == t)
        signal_self = NULL;
    if (!t->signals.registered)
        return;
    signal_list_lock();
    for (GuestThread **p = &signal_threads; *p; p = &(*p)->signals.next) {
        if (*p == t) {
            *p = t->signals.next;
            break;
        }
    }
    t->signals.registered = false;
    signal_rt_drop_owner(t);
    /* What it was kicked for must reach another thread. */
    for (int sig = 1; sig <= SIGNAL_MAX; sig++)
        if (signal_process_pending & signal_bit(sig))
            signal_kick_taker(sig);
    signal_list_unlock();
}

void signal_after_fork(GuestThread *t)
{
    sigset_t old;

    signal_host_block_all(&old);
    /* Whoever held the lock at fork() does not exist here. */
    signal_list_busy = false;
    t->signals.next = NULL;
    signal_threads = t->signals.registered ? t : NULL;
    t->signals.pending = 0;
    signal_process_pending = 0;
    memset(signal_rt_head, 0, sizeof(signal_rt_head));
    memset(signal_rt_tail, 0, sizeof(signal_rt_tail));
    signal_rt_free = 0;
    signal_rt_fresh = 0;
    signal_rt_used = 0;
    signal_rt_throttled = false;
    signal_host_restore(&old);
}

GuestThread *signal_current_thread(void)
{
    return signal_self;
}

/*
 * The GuestThread of the host thread a handler runs on. TLS can be stale
 * after a vfork child (it ran on this thread's TLS), so the tid decides.
 */
static GuestThread *signal_handler_self(void)
{
    GuestThread *self = signal_self;
    int tid = (int)syscall(SYS_gettid);

    if (self && self->tid == tid)
        return self;
    self = NULL;
    signal_list_lock();
    for (GuestThread *t = signal_threads; t; t = t->signals.next)
        if (t->tid == tid)
            self = t;
    signal_list_unlock();
    return self;
}

/*
 * Host signals mirror the guest masks, so the host kernel already picks a
 * thread that does not block sig. What arrives anyway at a thread that
 * blocks it in the guest (arx's faults are never blocked on the host, a
 * thread not yet known) stays pending on that thread when it was sent to
 * it (tkill/tgkill), else goes to the process queue for another thread.
 * Returns whether sig is queued on self unblocked.
 */
static bool signal_queue(GuestThread *self, int sig, const siginfo_t *info)
{
    bool blocked = !self || (signal_blocked_now(self) & signal_bit(sig));
    bool stored = true;

    if (self && (!blocked || info->si_code == SI_TKILL)) {
        if (signal_is_rt(sig)) {
            signal_list_lock();
            stored = signal_rt_push(self, sig, info);
            signal_list_unlock();
        } else {
            memcpy(self->signals.pending_info[sig - 1], info,
                   sizeof(GuestSiginfo));
        }
        if (!stored) {
            signal_rt_dropped = true;
            return false;
        }
        __atomic_fetch_or(&self->signals.pending, signal_bit(sig),
                          __ATOMIC_RELEASE);
        if (!blocked)
            self->env.exit_request = 1;
        return !blocked;
    }
    signal_list_lock();
    if (signal_is_rt(sig))
        stored = signal_rt_push(NULL, sig, info);
    else
        memcpy(&signal_process_info[sig], info, sizeof(GuestSiginfo));
    if (stored) {
        __atomic_fetch_or(&signal_process_pending, signal_bit(sig),
                          __ATOMIC_RELEASE);
        signal_kick_taker(sig);
    } else {
        signal_rt_dropped = true;
    }
    signal_list_unlock();
    return false;
}

uint64_t signal_queued(const GuestThread *t)
{
    return __atomic_load_n(&t->signals.pending, __ATOMIC_ACQUIRE) |
           __atomic_load_n(&signal_process_pending, __ATOMIC_ACQUIRE);
}

/*
 * Under signal_list_lock: the lowest of ready on owner's queue (set, with
 * the standard signals' siginfo in infos), one instance removed; its bit
 * goes with the last instance.
 */
static int signal_take_from(const GuestThread *owner, uint64_t *set,
                            uint64_t ready, const GuestSiginfo *infos,
                            GuestSiginfo *info)
{
    int sig = __builtin_ctzll(ready) + 1;

    if (signal_is_rt(sig) && signal_rt_pop(owner, sig, info))
        return sig;
    __atomic_fetch_and(set, ~signal_bit(sig), __ATOMIC_ACQUIRE);
    if (!signal_is_rt(sig))
        memcpy(info, &infos[sig - 1], sizeof(*info));
    return sig;
}

/* Thread-directed first, as the kernel's dequeue_signal(). */
int signal_dequeue(GuestThread *t, uint64_t wanted, GuestSiginfo *info)
{
    sigset_t old;
    uint64_t ready;
    int sig = 0;

    if (!(signal_queued(t) & wanted))
        return 0;
    signal_host_block_all(&old);
    signal_list_lock();
    ready = t->signals.pending & wanted;
    if (ready) {
        sig = signal_take_from(t, &t->signals.pending, ready,
                               (const GuestSiginfo *)t->signals.pending_info,
                               info);
    } else {
        ready = signal_process_pending & wanted;
        if (ready)
            sig = signal_take_from(NULL, &signal_process_pending, ready,
                                   &signal_process_info[1], info);
    }
    signal_list_unlock();
    signal_host_restore(&old);
    return sig;
}

/* ---- syscalls interrupted by a signal ---- */

/*
 * Host handlers have SA_RESTART, so the host kernel tells which syscalls
 * Linux restarts (-ERESTARTSYS): those come back to the handler rewound
 * onto the x86-64 `syscall` (rcx already holds the address after it,
 * which an async signal before the syscall would not show). The guest
 * handler must run before the restart, so the host syscall is made to
 * return -EINTR now and the guest svc is re-run after the handler when
 * its action has SA_RESTART (signal_deliver_pending). Syscalls Linux
 * never restarts already return -EINTR. Fork-like ones always restart.
 */
static void signal_interrupt_syscall(GuestThread *self, void *host_uc)
{
    ucontext_t *uc = host_uc;
    greg_t *regs = uc->uc_mcontext.gregs;
    const uint8_t *ip = (const uint8_t *)(uintptr_t)regs[REG_RIP];
    greg_t nr = regs[REG_RAX];

    if (ip[0] != 0x0f || ip[1] != 0x05 || regs[REG_RCX] != regs[REG_RIP] + 2)
        return;
    if (nr == SYS_clone || nr == SYS_fork || nr == SYS_vfork ||
        nr == SYS_clone3 || !arch_syscall_note_restart(self))
        return;
    self->signals.restart_valid = true;
    regs[REG_RAX] = -EINTR;
    regs[REG_RIP] += 2;
}

/* After a syscall returned: was it the one a host handler cut short? */
static bool signal_take_restart(GuestThread *t)
{
    bool valid = t->signals.restart_valid;

    t->signals.restart_valid = false;
    return valid && arch_syscall_at_restart(t);
}

/* ---- host handlers ---- */

static bool signal_is_sync(int sig)
{
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGTRAP ||
           sig == SIGFPE;
}

/*
 * When arx's pool fills up, sig stays blocked on this host thread after
 * the handler returns, so its next instances wait in the host kernel's
 * queue (bounded by RLIMIT_SIGPENDING, as the guest expects) rather than
 * overflow arx's; the next mask change, at the latest the end of
 * signal_deliver_pending, lifts it.
 */
static void signal_rt_throttle(int sig, void *host_uc)
{
    ucontext_t *uc = host_uc;

    if (!signal_is_rt(sig) ||
        __atomic_load_n(&signal_rt_used, __ATOMIC_RELAXED) < SIGNAL_RT_THROTTLE)
        return;
    sigaddset(&uc->uc_sigmask, sig);
    signal_rt_throttled = true;
}

static void signal_host_handler(int sig, siginfo_t *info, void *host_uc)
{
    GuestThread *self;

    /* A real SIGILL/SIGTRAP/SIGFPE is a bug in arx: crash as before. */
    if (signal_is_sync(sig) && info->si_code > 0) {
        signal(sig, SIG_DFL);
        return;
    }
    self = signal_handler_self();
    if (signal_queue(self, sig, info)) {
        signal_interrupt_syscall(self, host_uc);
        signal_rt_throttle(sig, host_uc);
    }
}

/*
 * Signals a host handler may catch for the guest: all but SIGKILL and
 * SIGSTOP, and 32/33, the host glibc's own (SIGCANCEL, SIGSETXID).
 * SIGSEGV and SIGBUS have the fault handler, which passes sent ones on.
 */
static bool signal_host_catchable(int sig)
{
    switch (sig) {
    case SIGKILL:
    case SIGSTOP:
    case SIGSEGV:
    case SIGBUS:
    case 32:
    case 33:
        return false;
    default:
        return sig >= 1 && sig <= SIGNAL_MAX;
    }
}

static bool signal_handler_is_function(const GuestSigaction *act)
{
    return act->handler != (uint64_t)(uintptr_t)SIG_DFL &&
           act->handler != (uint64_t)(uintptr_t)SIG_IGN;
}

/* SA_RESTART always: see signal_interrupt_syscall. */
static void signal_install_host_handler(int sig, const GuestSigaction *act)
{
    struct sigaction host;

    memset(&host, 0, sizeof(host));
    host.sa_sigaction = signal_host_handler;
    host.sa_flags =
        SA_SIGINFO | SA_RESTART |
        (int)(act->flags & (GUEST_SA_NOCLDSTOP | GUEST_SA_NOCLDWAIT));
    sigfillset(&host.sa_mask);
    sigaction(sig, &host, NULL);
}

/* Hook run by syscalls/signal.c (under its lock) after each change. */
static void signal_action_changed(int sig, const GuestSigaction *act)
{
    struct sigaction host;

    if (!signal_host_catchable(sig))
        return;
    if (signal_handler_is_function(act)) {
        signal_install_host_handler(sig, act);
        return;
    }
    /* Below 32 syscalls/signal.c already gave the host SIG_DFL/SIG_IGN,
     * except for faults, which the host must never ignore. */
    if (sig < 32 && !signal_is_sync(sig))
        return;
    memset(&host, 0, sizeof(host));
    host.sa_handler = SIG_DFL;
    if (act->handler == (uint64_t)(uintptr_t)SIG_IGN && !signal_is_sync(sig))
        host.sa_handler = SIG_IGN;
    sigaction(sig, &host, NULL);
}

/* x86 page-fault error code bit 1: the access was a write. */
static bool signal_fault_is_write(void *host_uc)
{
    const ucontext_t *uc = host_uc;

    return uc->uc_mcontext.gregs[REG_TRAPNO] == 14 &&
           (uc->uc_mcontext.gregs[REG_ERR] & 2);
}

/* The ESR arm64 Linux reports for a data abort from EL0 (esr_context). */
static uint64_t signal_data_abort_esr(const siginfo_t *info, void *host_uc)
{
    const uint64_t ec_dabt_lower = 0x24, il = 1u << 25, wnr = 1u << 6;
    uint64_t esr = ec_dabt_lower << 26 | il;

    if (signal_fault_is_write(host_uc))
        esr |= wnr;
    /* DFSC: permission fault or translation fault, level 3. */
    esr |=
        info->si_code == SEGV_ACCERR && info->si_signo == SIGSEGV ? 0x0f : 0x07;
    return esr;
}

/*
 * A host SIGSEGV/SIGBUS: a write to a page arx write-protected because
 * code was translated from it drops that code and re-runs the write (from
 * translated code, a helper or arx itself alike); when it hit a guest
 * memory access in translated code, the guest state is rebuilt at that
 * instruction and the CPU loop raises the signal in the guest; one sent
 * by kill/tgkill is queued like any asynchronous signal; anything else
 * (a fault in arx or in a helper) takes the default action, as before.
 */
static void signal_fault_handler(int sig, siginfo_t *info, void *host_uc)
{
    CPUARMState *env;
    GuestThread *t;
    void *opaque;
    uint64_t pc;

    if (info->si_code <= 0) {
        signal_host_handler(sig, info, host_uc);
        return;
    }
    /* The rest of a block that wrote its own page runs as translated;
     * the next block boundary sees the new code. */
    if (sig == SIGSEGV && info->si_code == SEGV_ACCERR &&
        signal_fault_is_write(host_uc) &&
        tb_page_write_fault(h2g(info->si_addr)))
        return;
    if (!tb_restore_fault_state(host_uc, &opaque, &pc)) {
        signal(sig, SIG_DFL); /* returning re-runs the access: it dies */
        return;
    }
    env = opaque;
    t = env->thread;
    env->pc = pc;
    env->exception = EXCP_FAULT;
    env->fault_signal = sig;
    env->fault_code = info->si_code;
    env->fault_addr = h2g(info->si_addr);
    if (t)
        t->signals.fault_esr = signal_data_abort_esr(info, host_uc);
    tcg_exec_fault_return();
}

/*
 * The guest's protection of the page at addr, for the translator, which
 * write-protects writable pages it translates from. Called with the
 * translation lock held (which comes before the region table's).
 */
static int signal_guest_prot(uint64_t addr)
{
    GuestVma *vmas;
    size_t n = vma_snapshot(&vmas);
    int prot = -1;

    for (size_t i = 0; i < n; i++) {
        if (addr >= vmas[i].start && addr < vmas[i].end) {
            prot = vmas[i].prot & (PROT_READ | PROT_WRITE | PROT_EXEC);
            break;
        }
    }
    free(vmas);
    return prot;
}

static void signal_install_fault_handlers(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = signal_fault_handler;
    /* NODEFER: the handler leaves by siglongjmp without restoring masks.
     * RESTART: a sent SIGSEGV goes the asynchronous way. */
    sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    tb_set_guest_prot_fn(signal_guest_prot);
}

void signal_init(void)
{
    /* nop first, as in the vDSO, so an unwinder looking at pc-4 stays in. */
    static const uint32_t code[3] = {
        0xd503201f, /* nop */
        0xd2801168, /* mov x8, #139 (rt_sigreturn) */
        0xd4000001, /* svc #0 */
    };
    void *page = mmap(NULL, GUEST_PAGE_SIZE, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    if (page == MAP_FAILED)
        arx_fatal("cannot map the signal trampoline page");
    memcpy(page, code, sizeof(code));
    mprotect(page, GUEST_PAGE_SIZE, PROT_READ | PROT_EXEC);
    vma_map_anon(h2g(page), GUEST_PAGE_SIZE, PROT_READ | PROT_EXEC, false,
                 "[vdso]");
    signal_trampoline = h2g(page) + 4;
    signal_set_action_hook(signal_action_changed);
    signal_install_fault_handlers();
}

/* ---- default actions ---- */

static void signal_die(int sig) __attribute__((noreturn));

/* Ends the process by sig, core dump included, as the kernel would. */
static void signal_die(int sig)
{
    sigset_t only;

    if (log_enabled(LOG_STATS))
        tcg_log_stats();
    signal(sig, SIG_DFL);
    sigemptyset(&only);
    sigaddset(&only, sig);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(sig);
    _exit(128 + sig);
}

static bool signal_default_ignores(int sig)
{
    return sig == SIGCHLD || sig == SIGCONT || sig == SIGURG || sig == SIGWINCH;
}

static bool signal_default_stops(int sig)
{
    return sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

/* A queued signal whose guest action turned SIG_DFL before delivery. */
static void signal_default_action(int sig)
{
    if (signal_default_ignores(sig))
        return;
    if (signal_default_stops(sig)) {
        raise(SIGSTOP);
        return;
    }
    signal_die(sig);
}

/* ---- building and undoing frames ---- */

/* The kernel's on_sig_stack(): never "on" an SS_AUTODISARM stack. */
static bool signal_on_altstack(const GuestStack *st, uint64_t sp)
{
    if (st->flags & GUEST_SS_AUTODISARM)
        return false;
    return sp > st->sp && sp - st->sp <= st->size;
}

/* The kernel's sas_ss_flags(): what sigaltstack reports as ss_flags. */
static int signal_altstack_state(const GuestStack *st, uint64_t sp)
{
    if (st->size == 0)
        return GUEST_SS_DISABLE;
    return signal_on_altstack(st, sp) ? GUEST_SS_ONSTACK : 0;
}

static uint64_t signal_frame_top(const GuestStack *st, uint64_t sp,
                                 const GuestSigaction *act)
{
    if ((act->flags & GUEST_SA_ONSTACK) && signal_altstack_state(st, sp) == 0)
        return st->sp + st->size;
    return sp;
}

/* The records of sigcontext.__reserved: fpsimd, esr (faults), end. */
static void signal_save_records(const CPUARMState *env, uint8_t *reserved,
                                uint64_t esr)
{
    GuestFpsimdContext *fp = (GuestFpsimdContext *)reserved;
    GuestContextHeader *end;
    size_t used = sizeof(*fp);

    fp->head.magic = GUEST_FPSIMD_MAGIC;
    fp->head.size = sizeof(*fp);
    fp->fpsr = fp_fpsr_read(env);
    fp->fpcr = env->fpcr;
    for (int i = 0; i < 32; i++)
        memcpy(fp->vregs[i], env->v[i].b, 16);
    if (esr) {
        GuestEsrContext *e = (GuestEsrContext *)(reserved + used);

        e->head.magic = GUEST_ESR_MAGIC;
        e->head.size = sizeof(*e);
        e->esr = esr;
        used += sizeof(*e);
    }
    end = (GuestContextHeader *)(reserved + used);
    end->magic = 0;
    end->size = 0;
}

static void signal_save_context(const CPUARMState *env, GuestSigcontext *sc,
                                uint64_t fault_address, uint64_t esr)
{
    sc->fault_address = fault_address;
    memcpy(sc->regs, env->x, sizeof(sc->regs));
    sc->sp = env->x[31];
    sc->pc = env->pc;
    sc->pstate = cpu_get_nzcv(env);
    signal_save_records(env, sc->reserved, esr);
}

/* What a fault frame reports: its address and, for aborts, the ESR. */
typedef struct SignalFault {
    uint64_t address;
    uint64_t esr;
} SignalFault;

/*
 * Writes the frame below sp (or on the altstack) and points the CPU at the
 * handler; returns the mask the handler runs with. handler_base is the
 * mask the kernel would add sa_mask to (rt_sigsuspend's temporary one);
 * the frame saves t's mask proper, which sigreturn restores.
 */
static uint64_t signal_setup_frame(GuestThread *t, int sig,
                                   const GuestSigaction *act,
                                   const GuestSiginfo *info,
                                   uint64_t handler_base,
                                   const SignalFault *fault)
{
    CPUARMState *env = &t->env;
    GuestStack st = signal_guest_altstack();
    uint64_t record_addr, frame_addr, mask;
    GuestRtSigframe *frame;
    GuestFrameRecord *record;

    record_addr =
        (signal_frame_top(&st, env->x[31], act) - sizeof(GuestFrameRecord)) &
        ~(uint64_t)15;
    frame_addr = record_addr - sizeof(GuestRtSigframe);
    frame = g2h(frame_addr);
    record = g2h(record_addr);

    memset(frame, 0, sizeof(*frame));
    frame->info = *info;
    frame->uc.stack = st;
    frame->uc.sigmask = t->signals.mask;
    signal_save_context(env, &frame->uc.mcontext, fault ? fault->address : 0,
                        fault ? fault->esr : 0);
    record->fp = env->x[29];
    record->lr = env->x[30];
    if (st.flags & GUEST_SS_AUTODISARM) {
        GuestStack off = {0, GUEST_SS_DISABLE, 0, 0};
        signal_guest_set_altstack(&off);
    }

    env->x[0] = (uint64_t)sig;
    env->x[1] = frame_addr + offsetof(GuestRtSigframe, info);
    env->x[2] = frame_addr + offsetof(GuestRtSigframe, uc);
    env->x[29] = record_addr;
    env->x[30] =
        (act->flags & GUEST_SA_RESTORER) ? act->restorer : signal_trampoline;
    env->x[31] = frame_addr;
    env->pc = act->handler;
    env->exclusive_addr = UINT64_MAX;

    mask = handler_base | act->mask;
    if (!(act->flags & GUEST_SA_NODEFER))
        mask |= signal_bit(sig);
    signal_thread_set_mask(t, mask);
    if (act->flags & GUEST_SA_RESETHAND) {
        GuestSigaction reset = *act;
        reset.handler = (uint64_t)(uintptr_t)SIG_DFL;
        signal_guest_set_action(sig, &reset);
    }
    return t->signals.mask;
}

void signal_raise_sync(GuestThread *t, int sig, int si_code,
                       uint64_t fault_addr)
{
    GuestSigaction act = *signal_guest_action(sig);
    SignalFault fault = {0, 0};
    GuestSiginfo info;

    signal_thread_enter(t);
    /* Forced delivery: a blocked or ignored fault kills, as in Linux. */
    if (!signal_handler_is_function(&act) ||
        (t->signals.mask & signal_bit(sig)))
        signal_die(sig);
    memset(&info, 0, sizeof(info));
    info.signo = sig;
    info.code = si_code;
    info.addr = fault_addr;
    if (sig == SIGSEGV || sig == SIGBUS) {
        fault.address = fault_addr;
        fault.esr = t->signals.fault_esr;
    }
    t->signals.fault_esr = 0;
    signal_setup_frame(t, sig, &act, &info, t->signals.mask, &fault);
}

/* The blocked set delivery starts from; ends an rt_sigsuspend wait. */
static uint64_t signal_take_base_mask(GuestThread *t)
{
    uint64_t base = signal_blocked_now(t);

    __atomic_store_n(&t->signals.waiting, false, __ATOMIC_RELEASE);
    return base;
}

/*
 * The host mask back to the guest's, once the queue has drained (a
 * throttled signal arriving meanwhile sets the flag again, and
 * exit_request). Reports lost instances, which a host handler cannot.
 */
static void signal_rt_lift_throttle(GuestThread *t)
{
    if (signal_rt_throttled) {
        signal_rt_throttled = false;
        signal_thread_set_mask(t, t->signals.mask);
    }
    if (__atomic_load_n(&signal_rt_dropped, __ATOMIC_RELAXED) &&
        log_enabled(LOG_UNIMP))
        arx_log_once(SYS_LOG_KEY_SIGNAL + 1,
                     "arx: real-time signal queue full (%d instances): "
                     "instances dropped\n",
                     SIGNAL_RT_SLOTS);
}

void signal_deliver_pending(GuestThread *t)
{
    uint64_t blocked;
    GuestSiginfo info;
    bool restart;
    int sig;

    signal_thread_enter(t);
    /* Cleared first: a stale request must not bring the CPU loop back. */
    t->env.exit_request = 0;
    restart = signal_take_restart(t);
    blocked = signal_take_base_mask(t);
    /* Each frame stacks on the last, so the lowest signal's handler runs
     * last, as when the kernel delivers several at one return. */
    while ((sig = signal_dequeue(t, ~blocked, &info)) != 0) {
        GuestSigaction act = *signal_guest_action(sig);

        if (act.handler == (uint64_t)(uintptr_t)SIG_IGN)
            continue;
        if (act.handler == (uint64_t)(uintptr_t)SIG_DFL) {
            signal_default_action(sig);
            continue;
        }
        /* The first handler decides, as the kernel's syscall restart. */
        if (restart && (act.flags & GUEST_SA_RESTART))
            arch_syscall_restart(t);
        restart = false;
        blocked = signal_setup_frame(t, sig, &act, &info, blocked, NULL);
    }
    /* No handler ran: Linux re-runs the syscall. */
    if (restart)
        arch_syscall_restart(t);
    signal_rt_lift_throttle(t);
}

static const GuestFpsimdContext *signal_find_fpsimd(const GuestSigcontext *sc)
{
    size_t off = 0;

    while (off + sizeof(GuestContextHeader) <= sizeof(sc->reserved)) {
        const GuestContextHeader *h =
            (const GuestContextHeader *)(sc->reserved + off);

        if (h->magic == 0 || h->size < sizeof(*h) || h->size % 16 != 0 ||
            h->size > sizeof(sc->reserved) - off)
            return NULL;
        if (h->magic == GUEST_FPSIMD_MAGIC)
            return h->size == sizeof(GuestFpsimdContext)
                       ? (const GuestFpsimdContext *)h
                       : NULL;
        off += h->size;
    }
    return NULL;
}

/* The kernel's restore_altstack(): refused (silently) while on the stack. */
static void signal_restore_altstack(const GuestStack *saved, uint64_t sp)
{
    GuestStack now = signal_guest_altstack();
    GuestStack st = *saved;
    int mode = st.flags & ~GUEST_SS_AUTODISARM;

    if (signal_on_altstack(&now, sp))
        return;
    if (mode == GUEST_SS_DISABLE) {
        st.sp = 0;
        st.size = 0;
    } else if ((mode != 0 && mode != GUEST_SS_ONSTACK) ||
               st.size < GUEST_MINSIGSTKSZ) {
        return;
    }
    st.flags &= ~GUEST_SS_ONSTACK;
    st.pad = 0;
    signal_guest_set_altstack(&st);
}

int64_t sys_rt_sigreturn(GuestThread *t, const uint64_t *args)
{
    CPUARMState *env = &t->env;
    uint64_t frame_addr = env->x[31];
    const GuestRtSigframe *frame = g2h(frame_addr);
    const GuestSigcontext *sc = &frame->uc.mcontext;
    const GuestFpsimdContext *fp;

    (void)args;
    signal_thread_enter(t);
    fp = (frame_addr & 15) ? NULL : signal_find_fpsimd(sc);
    if (!fp) {
        /* The kernel's answer to a corrupt frame: SIGSEGV at sp. */
        signal_raise_sync(t, SIGSEGV, SEGV_MAPERR, frame_addr);
        return (int64_t)env->x[0];
    }
    memcpy(env->x, sc->regs, sizeof(sc->regs));
    env->x[31] = sc->sp;
    env->pc = sc->pc;
    cpu_set_nzcv(env, (uint32_t)sc->pstate & GUEST_NZCV_MASK);
    fp_fpsr_write(env, fp->fpsr);
    env->fpcr = fp->fpcr & ARM_FPCR_WRITABLE; /* as MSR FPCR would */
    for (int i = 0; i < 32; i++)
        memcpy(env->v[i].b, fp->vregs[i], 16);
    env->exclusive_addr = UINT64_MAX; /* exception return clears it */
    signal_thread_set_mask(t, frame->uc.sigmask);
    signal_restore_altstack(&frame->uc.stack, env->x[31]);
    return (int64_t)env->x[0];
}
