/*
 * Guest signals, the generic part: the recorded dispositions, masks and
 * altstacks; host handlers queue asynchronous signals per guest thread
 * (or process-wide) and route them; CPU exceptions raise synchronous
 * ones; the delivery decision enters guest handlers through the
 * architecture's frame (linux-user/arch.h). Must not lay out frames nor
 * name guest registers, nor touch the JIT beyond its exit flag.
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
#include <sys/resource.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "linux-user/pcache.h"
#include "linux-user/arch.h"
#include "linux-user/gdbstub.h"
#include "linux-user/signal.h"
#include "linux-user/vdso.h"
#include "linux-user/space.h"
#include "linux-user/vma.h"
#include "syscalls/syscalls.h"
#include "tcg/exec.h"
#include "tcg/tb.h"
#include "tcg/user_pages.h"
#include "util/log.h"

_Static_assert(sizeof(siginfo_t) == sizeof(GuestSiginfo),
               "host siginfo is copied to the guest as is");
_Static_assert(sizeof(((GuestThread *)0)->signals.pending_info) ==
                   SIGNAL_MAX * sizeof(GuestSiginfo),
               "one siginfo per signal");

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
/* This host thread's handler left a signal blocked on the host. */
static __thread bool signal_host_held;

static uint64_t signal_trampoline; /* guest address of the sigreturn code */
/* 32 and 33 taken back after the host libc's first pthread_create. */
static bool signal_libc_reclaimed;

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

/* Faults arx must always see, whatever the guest thinks it blocked. */
static uint64_t signal_sync_bits(void)
{
    return signal_bit(SIGSEGV) | signal_bit(SIGBUS) | signal_bit(SIGILL) |
           signal_bit(SIGFPE) | signal_bit(SIGTRAP);
}

static bool signal_is_sync(int sig)
{
    return (signal_bit(sig) & signal_sync_bits()) != 0;
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

/*
 * The kernel counts the instances in its own queues against
 * RLIMIT_SIGPENDING; those arx has taken into its pool count here.
 */
bool signal_rt_queue_full(void)
{
    uint64_t limit[2] = {UINT64_MAX, UINT64_MAX};

    host_syscall6(SYS_prlimit64, 0, RLIMIT_SIGPENDING, 0,
                  (uint64_t)(uintptr_t)limit, 0, 0);
    return __atomic_load_n(&signal_rt_used, __ATOMIC_RELAXED) >= limit[0];
}

/*
 * Host signal masks go through the raw syscall: the host libc's
 * sigfillset and pthread_sigmask leave out 32 and 33, which arx gives
 * the guest (see signal_take_over_libc_signal).
 */
static uint64_t signal_host_mask_call(int how, uint64_t set)
{
    uint64_t old = 0;

    host_syscall6(SYS_rt_sigprocmask, (uint64_t)how, (uint64_t)(uintptr_t)&set,
                  (uint64_t)(uintptr_t)&old, SIGNAL_SET_SIZE, 0, 0);
    return old;
}

static void signal_host_block_all(uint64_t *old)
{
    *old = signal_host_mask_call(SIG_BLOCK, ~0ull);
}

static void signal_host_restore(const uint64_t *old)
{
    signal_host_mask_call(SIG_SETMASK, *old);
}

/*
 * Host actions go through the raw syscall too (the host libc refuses 32
 * and 33), so arx brings its own restorer: rt_sigreturn, what the x86-64
 * kernel returns to from a handler.
 */
void signal_host_restorer(void) __attribute__((visibility("hidden")));
__asm__(".text\n"
        ".p2align 4\n"
        ".globl signal_host_restorer\n"
        ".hidden signal_host_restorer\n"
        ".type signal_host_restorer, @function\n"
        "signal_host_restorer:\n"
        "\tmov $15, %eax\n" /* SYS_rt_sigreturn */
        "\tsyscall\n"
        "\thlt\n"
        ".size signal_host_restorer, . - signal_host_restorer\n");

/* x86-64 kernel struct sigaction, the same shape as the guest's. */
typedef GuestSigaction HostKernelSigaction;

static void signal_host_set_action(int sig, uint64_t handler, uint64_t flags,
                                   uint64_t mask)
{
    HostKernelSigaction host = {
        .handler = handler,
        .flags = flags | GUEST_SA_RESTORER, /* the same bit on x86-64 */
        .restorer = (uint64_t)(uintptr_t)signal_host_restorer,
        .mask = mask,
    };

    host_syscall6(SYS_rt_sigaction, (uint64_t)sig, (uint64_t)(uintptr_t)&host,
                  0, SIGNAL_SET_SIZE, 0, 0);
}

/* What t blocks now: rt_sigsuspend's temporary set while it waits. */
static uint64_t signal_blocked_now(const GuestThread *t)
{
    const struct GuestThreadSignals *s = &t->signals;

    return __atomic_load_n(&s->waiting, __ATOMIC_ACQUIRE) ? s->wait_mask
                                                          : s->mask;
}

uint64_t signal_host_mask_for(uint64_t guest_mask)
{
    return guest_mask & ~signal_sync_bits();
}

static uint64_t signal_host_mask_now(void)
{
    uint64_t old = 0;

    host_syscall6(SYS_rt_sigprocmask, SIG_BLOCK, 0, (uint64_t)(uintptr_t)&old,
                  SIGNAL_SET_SIZE, 0, 0);
    return old;
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
    uint64_t old;

    if (!t->signals.ready) { /* the main thread, or no start hook */
        t->signals.mask = signal_host_mask_now();
        t->signals.ready = true;
    }
    signal_self = t;
    /* A vfork child is another process: it must not be routed to. */
    if (t->signals.registered || t->vfork_child)
        return;
    signal_host_block_all(&old);
    /* The host libc starts a thread with 32 and 33 unblocked, whatever
     * the guest's mask says. */
    old = signal_host_mask_for(t->signals.mask);
    signal_list_lock();
    t->signals.next = signal_threads;
    signal_threads = t;
    t->signals.registered = true;
    signal_list_unlock();
    signal_host_restore(&old);
}

void signal_thread_exit(GuestThread *t)
{
    uint64_t old;

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

/* Faults too: a sent SIGBUS must wait like any other signal, and neither
 * host call touches guest memory, where arx's own faults come from. */
uint64_t signal_host_hold(void)
{
    uint64_t old;

    signal_host_block_all(&old);
    return old;
}

void signal_host_release(uint64_t saved)
{
    signal_host_restore(&saved);
}

void signal_after_fork(GuestThread *t)
{
    uint64_t old;

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
    signal_libc_reclaimed = false;
    signal_host_held = false;
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
 * arx's pool is full: the instance goes back to the host kernel's queue
 * for this thread, where RLIMIT_SIGPENDING bounds it, and comes again
 * once signal_deliver_pending has made room (the caller holds sig on the
 * host meanwhile; a guest-blocked sig is blocked there already). Only
 * what the kernel refuses is lost.
 */
static bool signal_rt_requeue(GuestThread *self, int sig, const siginfo_t *info,
                              bool blocked)
{
    if (host_syscall6(SYS_rt_tgsigqueueinfo, (uint64_t)getpid(),
                      (uint64_t)self->tid, (uint64_t)sig,
                      (uint64_t)(uintptr_t)info, 0, 0) != 0) {
        signal_rt_dropped = true;
        return false;
    }
    if (!blocked)
        self->env.exit_request = 1;
    return !blocked;
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
        if (!stored) /* back to the host's queue, bounded there */
            return signal_rt_requeue(self, sig, info, blocked);
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
    uint64_t old;
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
 * The blocking syscall's entry: signal_safe_syscall_stub(pending, nr,
 * a..f) makes the host syscall unless *pending (the thread's
 * exit_request, which a host handler sets when it queues a signal for
 * this thread) is set. A handler that interrupts the thread anywhere
 * from the stub's start up to its syscall instruction, not yet run,
 * moves it to signal_safe_interrupted, so a signal that comes after arx
 * last looked and before the thread sleeps in the kernel still ends the
 * wait. Both ways return -ERESTARTSYS, which the kernel never hands to
 * user space. (At the syscall instruction with rcx just past it, the
 * kernel has rewound a syscall it restarts: signal_interrupt_syscall's
 * case; the stub clears rcx so that a syscall not yet run never looks
 * like one.)
 */
#define SIGNAL_ERESTARTSYS 512
int64_t signal_safe_syscall_stub(volatile int32_t *pending, long nr, uint64_t a,
                                 uint64_t b, uint64_t c, uint64_t d, uint64_t e,
                                 uint64_t f)
    __attribute__((visibility("hidden")));
extern const char signal_safe_start[] __attribute__((visibility("hidden")));
extern const char signal_safe_end[] __attribute__((visibility("hidden")));
extern const char signal_safe_interrupted[]
    __attribute__((visibility("hidden")));
__asm__(".text\n"
        ".p2align 4\n"
        ".globl signal_safe_syscall_stub\n"
        ".hidden signal_safe_syscall_stub\n"
        ".type signal_safe_syscall_stub, @function\n"
        "signal_safe_syscall_stub:\n"
        "\tmov %rdi, %r11\n" /* pending */
        "\tmov %rsi, %rax\n" /* nr */
        "\tmov %rdx, %rdi\n"
        "\tmov %rcx, %rsi\n"
        "\tmov %r8, %rdx\n"
        "\tmov %r9, %r10\n"
        "\tmov 8(%rsp), %r8\n"
        "\tmov 16(%rsp), %r9\n"
        "\txor %ecx, %ecx\n"
        ".globl signal_safe_start\n"
        ".hidden signal_safe_start\n"
        "signal_safe_start:\n"
        "\tcmpl $0, (%r11)\n"
        "\tjne signal_safe_interrupted\n"
        "\tsyscall\n"
        ".globl signal_safe_end\n"
        ".hidden signal_safe_end\n"
        "signal_safe_end:\n"
        "\tret\n"
        ".globl signal_safe_interrupted\n"
        ".hidden signal_safe_interrupted\n"
        "signal_safe_interrupted:\n"
        "\tmov $-512, %rax\n" /* -SIGNAL_ERESTARTSYS */
        "\tret\n"
        ".size signal_safe_syscall_stub, . - signal_safe_syscall_stub\n");

/*
 * Stopped before the kernel saw the syscall: as when a signal comes
 * just before an svc on Linux, the handler runs and then the svc, with
 * or without SA_RESTART (signal_deliver_pending re-runs it).
 */
int64_t signal_safe_syscall6(GuestThread *t, long nr, uint64_t a, uint64_t b,
                             uint64_t c, uint64_t d, uint64_t e, uint64_t f)
{
    int64_t r =
        signal_safe_syscall_stub(&t->env.exit_request, nr, a, b, c, d, e, f);

    if (r != -SIGNAL_ERESTARTSYS)
        return r;
    if (arch_syscall_note_restart(t)) {
        t->signals.restart_valid = true;
        t->signals.restart_always = true;
    }
    return -EINTR;
}

/* A handler stopped the thread in the stub before its syscall ran. */
static bool signal_in_safe_window(greg_t *regs)
{
    uintptr_t ip = (uintptr_t)regs[REG_RIP];

    if (ip < (uintptr_t)signal_safe_start || ip >= (uintptr_t)signal_safe_end)
        return false;
    if (ip == (uintptr_t)signal_safe_end - 2 &&
        regs[REG_RCX] == (greg_t)(uintptr_t)signal_safe_end)
        return false; /* rewound by the kernel: a restart */
    regs[REG_RIP] = (greg_t)(uintptr_t)signal_safe_interrupted;
    return true;
}

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

    if (signal_in_safe_window(regs))
        return;
    if (ip[0] != 0x0f || ip[1] != 0x05 || regs[REG_RCX] != regs[REG_RIP] + 2)
        return;
    if (nr == SYS_clone || nr == SYS_fork || nr == SYS_vfork ||
        nr == SYS_clone3 || !arch_syscall_note_restart(self))
        return;
    self->signals.restart_valid = true;
    self->signals.restart_always = false;
    regs[REG_RAX] = -EINTR;
    regs[REG_RIP] += 2;
}

/*
 * After a syscall returned: was it the one a host handler cut short?
 * *always: it never reached the kernel, so it runs again whatever the
 * handler's SA_RESTART says.
 */
static bool signal_take_restart(GuestThread *t, bool *always)
{
    bool valid = t->signals.restart_valid;

    *always = t->signals.restart_always;
    t->signals.restart_valid = false;
    t->signals.restart_always = false;
    return valid && arch_syscall_at_restart(t);
}

/* ---- host handlers ---- */

/*
 * A signal just queued on this thread stays blocked on the host thread
 * after the handler returns, until signal_deliver_pending has run (the
 * next mask change lifts it), as the kernel holds a pending signal until
 * delivery: a standard one merges meanwhile, and a periodic timer's next
 * expiry waits as an overrun instead of interrupting the thread again and
 * again (a 1 ns interval would keep it in host handlers for good). A
 * real-time one is held only when arx's pool fills up, so its next
 * instances wait in the host kernel's queue (bounded by RLIMIT_SIGPENDING,
 * as the guest expects) rather than overflow arx's. Faults are never
 * held: the kernel would reset the handler of a blocked fault.
 */
static void signal_hold_on_host(int sig, void *host_uc)
{
    ucontext_t *uc = host_uc;

    if (signal_is_sync(sig))
        return;
    if (signal_is_rt(sig) &&
        __atomic_load_n(&signal_rt_used, __ATOMIC_RELAXED) < SIGNAL_RT_THROTTLE)
        return;
    /* Bit by bit: the host libc's sigaddset refuses 32 and 33. */
    uc->uc_sigmask.__val[0] |= signal_bit(sig);
    signal_host_held = true;
}

static void signal_host_handler(int sig, siginfo_t *info, void *host_uc)
{
    GuestThread *self;

    /* A real SIGILL/SIGTRAP/SIGFPE is a bug in arx: crash as before. */
    if (signal_is_sync(sig) && info->si_code > 0) {
        signal_host_set_action(sig, (uint64_t)(uintptr_t)SIG_DFL, 0, 0);
        return;
    }
    self = signal_handler_self();
    if (signal_queue(self, sig, info)) {
        signal_interrupt_syscall(self, host_uc);
        signal_hold_on_host(sig, host_uc);
    }
}

/*
 * Signals a host handler may catch for the guest: all but SIGKILL and
 * SIGSTOP (32 and 33 included: signal_take_over_libc_signal). SIGSEGV
 * and SIGBUS have the fault handler, which passes sent ones on.
 */
static bool signal_host_catchable(int sig)
{
    switch (sig) {
    case SIGKILL:
    case SIGSTOP:
    case SIGSEGV:
    case SIGBUS: return false;
    default: return sig >= 1 && sig <= SIGNAL_MAX;
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
    signal_host_set_action(
        sig, (uint64_t)(uintptr_t)signal_host_handler,
        SA_SIGINFO | SA_RESTART |
            (act->flags & (GUEST_SA_NOCLDSTOP | GUEST_SA_NOCLDWAIT)),
        ~0ull);
}

/*
 * After each change of sig's action, under signal_action_lock. The
 * host handler stays on SIGILL, SIGTRAP and SIGFPE whatever the guest
 * does (as the fault handler on SIGSEGV and SIGBUS): a sent one is queued
 * like any asynchronous signal, so it can be ignored, blocked or kill
 * the guest by the default action; the host must never ignore a fault.
 */
static void signal_action_changed(int sig, const GuestSigaction *act)
{
    if (!signal_host_catchable(sig))
        return;
    if (signal_handler_is_function(act) || signal_is_sync(sig))
        signal_install_host_handler(sig, act);
    /* Otherwise signal_record already gave the host SIG_DFL/SIG_IGN. */
}

/* ---- dispositions ---- */

static GuestSigaction signal_actions[SIGNAL_MAX + 1];
static bool signal_action_known[SIGNAL_MAX + 1];
static pthread_mutex_t signal_action_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * A signal never touched by the guest reports what the host has: SIG_IGN
 * survives execve, so "nohup prog" must look ignored to prog.
 */
static void signal_action_load(int sig)
{
    HostKernelSigaction host;

    if (signal_action_known[sig])
        return;
    memset(&signal_actions[sig], 0, sizeof(signal_actions[sig]));
    if (host_syscall6(SYS_rt_sigaction, (uint64_t)sig, 0,
                      (uint64_t)(uintptr_t)&host, SIGNAL_SET_SIZE, 0, 0) == 0 &&
        host.handler == (uint64_t)(uintptr_t)SIG_IGN)
        signal_actions[sig].handler = (uint64_t)(uintptr_t)SIG_IGN;
    signal_action_known[sig] = true;
}

/* Only plain, asynchronous signals go to the host. */
static bool signal_host_may_follow(int sig)
{
    return !(signal_bit(sig) & signal_sync_bits());
}

static void signal_apply_to_host(int sig, const GuestSigaction *act)
{
    signal_host_set_action(sig, act->handler,
                           act->flags & ~(uint64_t)GUEST_SA_RESTORER,
                           act->mask);
}

/* Under signal_action_lock. */
static void signal_record(int sig, const GuestSigaction *act)
{
    bool is_default = act->handler == (uint64_t)(uintptr_t)SIG_DFL;
    bool is_ignore = act->handler == (uint64_t)(uintptr_t)SIG_IGN;

    if ((is_default || is_ignore) && signal_host_may_follow(sig))
        signal_apply_to_host(sig, act);
    signal_actions[sig] = *act;
    signal_action_changed(sig, act);
}

void signal_guest_set_action(int sig, const GuestSigaction *act)
{
    if (sig < 1 || sig > SIGNAL_MAX)
        return;
    pthread_mutex_lock(&signal_action_lock);
    signal_action_load(sig);
    signal_record(sig, act);
    pthread_mutex_unlock(&signal_action_lock);
}

void signal_exchange_action(int sig, const GuestSigaction *act,
                            GuestSigaction *old)
{
    pthread_mutex_lock(&signal_action_lock);
    signal_action_load(sig);
    *old = signal_actions[sig];
    if (act)
        signal_record(sig, act);
    pthread_mutex_unlock(&signal_action_lock);
}

const GuestSigaction *signal_guest_action(int sig)
{
    if (sig < 1 || sig > SIGNAL_MAX)
        return NULL;
    pthread_mutex_lock(&signal_action_lock);
    signal_action_load(sig);
    pthread_mutex_unlock(&signal_action_lock);
    return &signal_actions[sig];
}

/* ---- masks: per thread, in GuestThread (host handlers route by them) ---- */

static uint64_t signal_unblockable(void)
{
    return signal_bit(SIGKILL) | signal_bit(SIGSTOP);
}

/* The raw syscall: glibc's sigprocmask would keep its own signals out. */
static void signal_host_set_mask(uint64_t host_set)
{
    host_syscall6(SYS_rt_sigprocmask, SIG_SETMASK,
                  (uint64_t)(uintptr_t)&host_set, 0, SIGNAL_SET_SIZE, 0, 0);
}

static uint64_t signal_host_block(uint64_t set)
{
    uint64_t old = 0;

    host_syscall6(SYS_rt_sigprocmask, SIG_BLOCK, (uint64_t)(uintptr_t)&set,
                  (uint64_t)(uintptr_t)&old, SIGNAL_SET_SIZE, 0, 0);
    return old;
}

/*
 * The guest mask first: a host handler that runs in between sees a mask
 * at least as strict as the host's and routes by it.
 */
void signal_thread_set_mask(GuestThread *t, uint64_t mask)
{
    mask &= ~signal_unblockable();
    if (t)
        t->signals.mask = mask;
    signal_host_held = false; /* the new host mask lifts what was held */
    signal_host_set_mask(signal_host_mask_for(mask));
}

uint64_t signal_guest_mask(void)
{
    GuestThread *t = signal_current_thread();

    return t ? t->signals.mask : 0;
}

void signal_guest_set_mask(uint64_t mask)
{
    signal_thread_set_mask(signal_current_thread(), mask);
}

/* ---- waiting for signals ---- */

/* Blocked and pending: in the host kernel, or already queued by arx. */
int64_t signal_pending_blocked(GuestThread *t, uint64_t *set)
{
    uint64_t host = 0;
    int64_t r;

    signal_thread_enter(t);
    r = host_syscall3(SYS_rt_sigpending, (uint64_t)(uintptr_t)&host,
                      SIGNAL_SET_SIZE, 0);
    if (r < 0)
        return r;
    *set = (host | signal_queued(t)) & t->signals.mask;
    return 0;
}

bool signal_guest_take_suspend_mask(uint64_t *mask)
{
    GuestThread *t = signal_current_thread();
    bool valid = t && t->signals.waiting;

    *mask = valid ? t->signals.wait_mask : 0;
    if (t)
        __atomic_store_n(&t->signals.waiting, false, __ATOMIC_RELEASE);
    return valid;
}

/*
 * The kernel delivers what wakes rt_sigsuspend under the temporary mask;
 * arx delivers after the syscall, so the mask stays in force (waiting)
 * until signal_deliver_pending takes it. Host signals are held while arx
 * looks at its queues, so none is queued between the look and the sleep.
 */
int64_t signal_suspend(GuestThread *t, uint64_t wait_mask)
{
    uint64_t old, host_set;

    signal_thread_enter(t);
    wait_mask &= ~signal_unblockable();
    old = signal_host_block(~0ull);
    t->signals.wait_mask = wait_mask;
    __atomic_store_n(&t->signals.waiting, true, __ATOMIC_RELEASE);
    /* A wake-up for a signal routed elsewhere is not one for this wait. */
    while (!(signal_queued(t) & ~wait_mask)) {
        host_set = signal_host_mask_for(wait_mask);
        host_syscall3(SYS_rt_sigsuspend, (uint64_t)(uintptr_t)&host_set,
                      SIGNAL_SET_SIZE, 0);
    }
    signal_host_set_mask(old);
    return -EINTR;
}

/*
 * What arx queued already is taken first; otherwise the host waits with
 * the wanted signals blocked on this thread, so the host kernel hands
 * them to the wait rather than to a handler, while others interrupt it.
 */
int64_t signal_timed_wait(GuestThread *t, uint64_t wanted, GuestSiginfo *info,
                          uint64_t host_timeout)
{
    uint64_t old;
    int64_t r;

    signal_thread_enter(t);
    wanted &= ~signal_unblockable();
    old = signal_host_block(wanted);
    r = signal_dequeue(t, wanted, info);
    if (r == 0)
        r = host_syscall6(SYS_rt_sigtimedwait, (uint64_t)(uintptr_t)&wanted,
                          (uint64_t)(uintptr_t)info, host_timeout,
                          SIGNAL_SET_SIZE, 0, 0);
    signal_host_set_mask(old);
    return r;
}

/* ---- faults ---- */

/* x86 page-fault error code bit 1: the access was a write. */
static bool signal_fault_is_write(void *host_uc)
{
    const ucontext_t *uc = host_uc;

    return uc->uc_mcontext.gregs[REG_TRAPNO] == 14 &&
           (uc->uc_mcontext.gregs[REG_ERR] & 2);
}

/*
 * A host SIGSEGV/SIGBUS: a write to a page arx write-protected because
 * code was translated from it drops that code and re-runs the write (from
 * translated code, a helper or arx itself alike); when it hit a guest
 * memory access in translated code or a helper it called, or an
 * alignment check's trap, the guest state is rebuilt at that
 * instruction and the CPU loop raises the signal in the guest; one sent
 * by kill/tgkill is queued like any asynchronous signal; anything else
 * (a fault in arx or in a helper) takes the default action, as before.
 */
static void signal_fault_handler(int sig, siginfo_t *info, void *host_uc)
{
    TBFault fault;

    if (info->si_code <= 0) {
        signal_host_handler(sig, info, host_uc);
        return;
    }
    /* The rest of a block that wrote its own page runs as translated;
     * the next block boundary sees the new code. */
    if (sig == SIGSEGV && info->si_code == SEGV_ACCERR &&
        signal_fault_is_write(host_uc) &&
        user_pages_write_fault(h2g(info->si_addr)))
        return;
    if (!tb_restore_fault_state(host_uc, &fault)) {
        signal(sig, SIG_DFL); /* returning re-runs the access: it dies */
        return;
    }
    if (fault.misaligned)
        arch_cpu_fault(fault.env, fault.guest_pc, SIGBUS, BUS_ADRALN,
                       fault.misaligned_addr, fault.misaligned_write);
    else
        arch_cpu_fault(fault.env, fault.guest_pc, sig, info->si_code,
                       h2g(info->si_addr), signal_fault_is_write(host_uc));
    tcg_exec_fault_return();
}

/*
 * The guest's protection of the page at addr, for the translator, which
 * write-protects writable pages it translates from. Called with the
 * translation lock held (which comes before the region table's).
 */
static int signal_guest_prot(uint64_t addr)
{
    int prot = vma_prot_at(addr);

    return prot < 0 ? prot
                    : prot & (PROT_READ | PROT_WRITE | PROT_EXEC |
                              USER_PROT_GUARDED);
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
    for (int sig = 1; sig <= SIGNAL_MAX; sig++)
        if (signal_is_sync(sig) && signal_host_catchable(sig))
            signal_install_host_handler(sig, &(GuestSigaction){0});
    user_pages_init(signal_guest_prot, guest_base);
}

/*
 * Guest signal numbers are host signal numbers, all 64 of them: no table
 * and no guest signal without a host one. The host libc reserves 32
 * (SIGCANCEL, also its SIGEV_THREAD timers' signal) and 33 (SIGSETXID),
 * but only pthread_cancel, SIGEV_THREAD timers and the set*id calls in a
 * threaded process use them, and arx calls none of those (a guest's
 * set*id and cancellation are guest syscalls passed to the kernel raw,
 * and the guest's libc sends its own 32 and 33). So the guest gets both:
 * the libc's SIGSETXID handler, installed at start and again at the
 * first pthread_create (signal_host_thread_started), goes back to SIG_DFL
 * (an inherited SIG_IGN stays), and arx handles and masks them only by
 * raw syscalls, which the libc does not filter.
 * tests/layers/run-layers-check.sh fails when arx links a caller of those
 * libc functions.
 */
static void signal_take_over_libc_signal(int sig)
{
    HostKernelSigaction host;

    if (host_syscall6(SYS_rt_sigaction, (uint64_t)sig, 0,
                      (uint64_t)(uintptr_t)&host, SIGNAL_SET_SIZE, 0, 0) == 0 &&
        host.handler != (uint64_t)(uintptr_t)SIG_IGN)
        signal_host_set_action(sig, (uint64_t)(uintptr_t)SIG_DFL, 0, 0);
}

/*
 * The host libc installs its SIGSETXID handler again (and unblocks 32
 * and 33) in its first pthread_create, once per process (a fork child
 * is single-threaded again). The new thread calls this before it runs
 * guest code; its creator held host signals meanwhile.
 */
void signal_host_thread_started(void)
{
    if (__atomic_exchange_n(&signal_libc_reclaimed, true, __ATOMIC_ACQ_REL))
        return;
    pthread_mutex_lock(&signal_action_lock);
    for (int sig = 32; sig <= 33; sig++) {
        if (signal_action_known[sig])
            signal_record(sig, &signal_actions[sig]);
        else
            signal_take_over_libc_signal(sig);
    }
    pthread_mutex_unlock(&signal_action_lock);
}

/* A page of its own for the sigreturn trampoline (no vDSO: armhf), in an
 * own space inside it; returns the trampoline's guest address. */
static uint64_t signal_map_trampoline(void)
{
    void *page = space_map_anon(GUEST_PAGE_SIZE);
    uint64_t trampoline;

    if (page == MAP_FAILED)
        arx_fatal("cannot map the signal trampoline page");
    trampoline = h2g(page) + arch_signal_write_trampoline(page);
    mprotect(page, GUEST_PAGE_SIZE, PROT_READ | PROT_EXEC);
    vma_map_anon(h2g(page), GUEST_PAGE_SIZE, PROT_READ | PROT_EXEC, false,
                 "[vdso]");
    return trampoline;
}

void signal_init(void)
{
    /* The vDSO's __kernel_rt_sigreturn where there is one (arm64). */
    signal_trampoline = vdso_sigreturn();
    if (!signal_trampoline)
        signal_trampoline = signal_map_trampoline();
    signal_take_over_libc_signal(32);
    signal_take_over_libc_signal(33);
    signal_install_fault_handlers();
}

/* ---- default actions ---- */

static void signal_die(int sig) __attribute__((noreturn));

/* Ends the process by sig, core dump included, as the kernel would. */
static void signal_die(int sig)
{
    pcache_flush();
    if (log_enabled(LOG_STATS))
        tcg_log_stats();
    gdbstub_killed(sig);
    signal_host_set_action(sig, (uint64_t)(uintptr_t)SIG_DFL, 0, 0);
    signal_host_mask_call(SIG_UNBLOCK, signal_bit(sig));
    host_syscall3(SYS_tgkill, (uint64_t)getpid(), (uint64_t)syscall(SYS_gettid),
                  (uint64_t)sig);
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

/* ---- sigaltstack ---- */

/* Per host thread, as the kernel keeps it per task; stack_t's layout is
 * the same on every ABI arx serves. */
static __thread GuestStack signal_altstack = {0, GUEST_SS_DISABLE, 0, 0};

GuestStack signal_guest_altstack(void)
{
    return signal_altstack;
}

void signal_guest_set_altstack(const GuestStack *stack)
{
    signal_altstack = *stack;
}

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

/* The kernel's checks of a new altstack: installs it, or returns -errno. */
static int64_t signal_altstack_install(const GuestStack *new_stack)
{
    GuestStack st = *new_stack;
    int mode = st.flags & ~GUEST_SS_AUTODISARM;

    if (mode != 0 && mode != GUEST_SS_DISABLE && mode != GUEST_SS_ONSTACK)
        return -EINVAL;
    if (mode == GUEST_SS_DISABLE) {
        st.sp = 0;
        st.size = 0;
    } else if (st.size < ARCH_MINSIGSTKSZ) {
        return -ENOMEM;
    }
    st.flags &= ~GUEST_SS_ONSTACK;
    st.pad = 0;
    signal_altstack = st;
    return 0;
}

int64_t signal_altstack_exchange(GuestThread *t, const GuestStack *new_stack,
                                 GuestStack *old)
{
    uint64_t sp = arch_stack_pointer(t);
    GuestStack now = signal_altstack;
    int64_t r;

    if (new_stack) {
        if (signal_on_altstack(&now, sp))
            return -EPERM;
        r = signal_altstack_install(new_stack);
        if (r < 0)
            return r;
    }
    *old = now;
    old->flags =
        signal_altstack_state(&now, sp) | (now.flags & GUEST_SS_AUTODISARM);
    return 0;
}

/* The kernel's restore_altstack(): refused (silently) while on the stack. */
static void signal_restore_altstack(const GuestStack *saved, uint64_t sp)
{
    if (signal_on_altstack(&signal_altstack, sp))
        return;
    signal_altstack_install(saved);
}

/* ---- building frames ---- */

static uint64_t signal_frame_top(const GuestStack *st, uint64_t sp,
                                 const GuestSigaction *act)
{
    if ((act->flags & GUEST_SA_ONSTACK) && signal_altstack_state(st, sp) == 0)
        return st->sp + st->size;
    return sp;
}

/* What a fault frame reports: its address and, for aborts, the syndrome. */
typedef struct SignalFault {
    uint64_t address;
    uint64_t syndrome;
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
    GuestStack st = signal_altstack;
    SignalFrame frame = {
        .sig = sig,
        .act = act,
        .info = info,
        .stack_top = signal_frame_top(&st, arch_stack_pointer(t), act),
        .altstack = st,
        .saved_mask = t->signals.mask,
        .fault_address = fault ? fault->address : 0,
        .fault_syndrome = fault ? fault->syndrome : 0,
        .trampoline = signal_trampoline,
    };
    uint64_t mask;

    arch_signal_setup_frame(t, &frame);
    if (st.flags & GUEST_SS_AUTODISARM) {
        GuestStack off = {0, GUEST_SS_DISABLE, 0, 0};
        signal_altstack = off;
    }

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

    if (gdbstub_active) {
        GuestSiginfo seen = {.signo = sig, .code = si_code, .addr = fault_addr};
        int passed = gdbstub_signal(t, &seen);

        if (passed == 0)
            return; /* the instruction runs again */
        if (passed != sig) {
            sig = passed;
            act = *signal_guest_action(sig);
        }
    }
    signal_thread_enter(t);
    /* Forced delivery: a blocked or ignored fault kills, as in Linux. */
    if (!signal_handler_is_function(&act) ||
        (t->signals.mask & signal_bit(sig)))
        signal_die(sig);
    memset(&info, 0, sizeof(info));
    info.signo = sig;
    info.code = si_code;
    info.addr = fault_addr;
    /* arm64 Linux: si_addr without the address tag (bits 63:56, as
     * untagged_addr) unless the handler asked for it. */
    if ((sig == SIGSEGV || sig == SIGBUS) &&
        !(act.flags & GUEST_SA_EXPOSE_TAGBITS))
        info.addr = (uint64_t)((int64_t)(fault_addr << 8) >> 8);
    if (sig == SIGSEGV || sig == SIGBUS) {
        fault.address = fault_addr;
        fault.syndrome = t->signals.fault_esr;
    } else if (sig == SIGILL) {
        /* An FPAC failure's ESR (do_el0_fpac); fault_address stays 0. */
        fault.syndrome = t->signals.fault_esr;
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
 * signal held meanwhile sets the flag again, and exit_request). Reports lost
 * instances, which a host handler cannot.
 */
static void signal_lift_host_hold(GuestThread *t)
{
    if (signal_host_held) {
        signal_host_held = false;
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
    bool restart, restart_always;
    int sig;

    signal_thread_enter(t);
    /* Cleared first: a stale request must not bring the CPU loop back. */
    t->env.exit_request = 0;
    restart = signal_take_restart(t, &restart_always);
    blocked = signal_take_base_mask(t);
    /* Each frame stacks on the last, so the lowest signal's handler runs
     * last, as when the kernel delivers several at one return. */
    while ((sig = signal_dequeue(t, ~blocked, &info)) != 0) {
        GuestSigaction act = *signal_guest_action(sig);

        if (act.handler == (uint64_t)(uintptr_t)SIG_IGN)
            continue;
        if (gdbstub_active && !(act.handler == (uint64_t)(uintptr_t)SIG_DFL &&
                                signal_default_ignores(sig))) {
            int passed = gdbstub_signal(t, &info);

            if (passed == 0)
                continue;
            if (passed != sig) {
                sig = passed;
                info.signo = sig;
                act = *signal_guest_action(sig);
            }
        }
        if (act.handler == (uint64_t)(uintptr_t)SIG_DFL) {
            signal_default_action(sig);
            continue;
        }
        /* The first handler decides, as the kernel's syscall restart. */
        if (restart && (restart_always || (act.flags & GUEST_SA_RESTART)))
            arch_syscall_restart(t);
        restart = false;
        blocked = signal_setup_frame(t, sig, &act, &info, blocked, NULL);
    }
    /* No handler ran: Linux re-runs the syscall. */
    if (restart)
        arch_syscall_restart(t);
    signal_lift_host_hold(t);
}

/* ---- rt_sigreturn ---- */

int64_t signal_return(GuestThread *t)
{
    uint64_t mask;
    GuestStack stack;

    signal_thread_enter(t);
    if (!arch_signal_restore_frame(t, &mask, &stack)) {
        /* The kernel's answer to a corrupt frame: SIGSEGV at sp. */
        signal_raise_sync(t, SIGSEGV, SEGV_MAPERR, arch_stack_pointer(t));
        return (int64_t)arch_syscall_result_now(t);
    }
    signal_thread_set_mask(t, mask);
    signal_restore_altstack(&stack, arch_stack_pointer(t));
    return (int64_t)arch_syscall_result_now(t);
}
