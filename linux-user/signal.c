/*
 * Guest signal delivery: host handlers queue asynchronous signals, CPU
 * exceptions raise synchronous ones, and both enter guest handlers through
 * an arm64 Linux rt_sigframe that rt_sigreturn undoes. Must not record
 * dispositions or masks itself (syscalls/signal.c does) nor touch the JIT.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "linux-user/signal.h"
#include "tcg/exec.h"
#include "tcg/tb.h"
#include "syscalls/syscalls.h"
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
#define GUEST_NZCV_MASK 0xf0000000u

/* ---- arm64 Linux signal frame (uapi asm/sigcontext.h, asm/ucontext.h) ---- */

typedef struct GuestSiginfo {
    int32_t signo;
    int32_t errno_value;
    int32_t code;
    int32_t pad;
    uint64_t addr; /* si_addr for faults; si_pid/si_uid for kill */
    uint8_t rest[104];
} GuestSiginfo;

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
_Static_assert(sizeof(siginfo_t) == sizeof(GuestSiginfo),
               "host siginfo is copied to the guest as is");

/* ---- queued asynchronous signals ---- */

/*
 * Written by host handlers: one slot per signal, so a second instance of a
 * signal that is still queued is merged (real-time signals too, for now).
 */
static volatile uint64_t signal_pending;
static siginfo_t signal_pending_info[SIGNAL_MAX + 1];

/* Whose exit_request a host handler sets: this thread's, else main's. */
static __thread CPUARMState *signal_thread_env;
static CPUARMState *volatile signal_main_env;

static uint64_t signal_trampoline; /* guest address of mov x8, #139; svc */

static uint64_t signal_bit(int sig)
{
    return 1ull << (sig - 1);
}

static void signal_note_thread(GuestThread *t)
{
    signal_thread_env = &t->env;
    if (!signal_main_env)
        signal_main_env = &t->env;
}

static void signal_host_handler(int sig, siginfo_t *info, void *host_uc)
{
    CPUARMState *env = signal_thread_env ? signal_thread_env : signal_main_env;

    (void)host_uc;
    signal_pending_info[sig] = *info;
    __atomic_fetch_or(&signal_pending, signal_bit(sig), __ATOMIC_RELEASE);
    if (env)
        env->exit_request = 1;
}

/*
 * Signals a host handler may catch for the guest. Faults belong to arx
 * (SIGSEGV/SIGBUS keep their default crash; SIGILL/SIGTRAP/SIGFPE come from
 * the CPU loop), and 32/33 are the host glibc's own (SIGCANCEL, SIGSETXID).
 */
static bool signal_host_catchable(int sig)
{
    switch (sig) {
    case SIGKILL:
    case SIGSTOP:
    case SIGSEGV:
    case SIGBUS:
    case SIGILL:
    case SIGTRAP:
    case SIGFPE:
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

/*
 * SA_RESTART follows the guest's choice, so the host kernel restarts
 * exactly the syscalls the guest kernel would; the guest handler then runs
 * when the restarted syscall returns instead of in the middle of it.
 */
static void signal_install_host_handler(int sig, const GuestSigaction *act)
{
    struct sigaction host;

    memset(&host, 0, sizeof(host));
    host.sa_sigaction = signal_host_handler;
    host.sa_flags = SA_SIGINFO |
                    (int)(act->flags & (GUEST_SA_NOCLDSTOP |
                                        GUEST_SA_NOCLDWAIT | GUEST_SA_RESTART));
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
    /* Below 32 syscalls/signal.c already gave the host SIG_DFL/SIG_IGN. */
    if (sig < 32)
        return;
    memset(&host, 0, sizeof(host));
    host.sa_handler =
        act->handler == (uint64_t)(uintptr_t)SIG_IGN ? SIG_IGN : SIG_DFL;
    sigaction(sig, &host, NULL);
}

/*
 * A host SIGSEGV/SIGBUS: when it hit a guest memory access in translated
 * code, the guest state is rebuilt at that instruction and the CPU loop
 * raises the signal in the guest; anything else (a fault in arx or in a
 * helper) takes the default action, as before.
 */
static void signal_fault_handler(int sig, siginfo_t *info, void *host_uc)
{
    CPUARMState *env;
    void *opaque;
    uint64_t pc;

    if (!tb_restore_fault_state(host_uc, &opaque, &pc)) {
        signal(sig, SIG_DFL); /* returning re-runs the access: it dies */
        return;
    }
    env = opaque;
    env->pc = pc;
    env->exception = EXCP_FAULT;
    env->fault_signal = sig;
    env->fault_code = info->si_code;
    env->fault_addr = h2g(info->si_addr);
    tcg_exec_fault_return();
}

static void signal_install_fault_handlers(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = signal_fault_handler;
    /* NODEFER: the handler leaves by siglongjmp without restoring masks. */
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
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

static void signal_save_fpsimd(const CPUARMState *env, uint8_t *reserved)
{
    GuestFpsimdContext *fp = (GuestFpsimdContext *)reserved;
    GuestContextHeader *end = (GuestContextHeader *)(reserved + sizeof(*fp));

    fp->head.magic = GUEST_FPSIMD_MAGIC;
    fp->head.size = sizeof(*fp);
    fp->fpsr = env->fpsr;
    fp->fpcr = env->fpcr;
    for (int i = 0; i < 32; i++)
        memcpy(fp->vregs[i], env->v[i].b, 16);
    end->magic = 0;
    end->size = 0;
}

static void signal_save_context(const CPUARMState *env, GuestSigcontext *sc,
                                uint64_t fault_address)
{
    sc->fault_address = fault_address;
    memcpy(sc->regs, env->x, sizeof(sc->regs));
    sc->sp = env->x[31];
    sc->pc = env->pc;
    sc->pstate = cpu_get_nzcv(env);
    signal_save_fpsimd(env, sc->reserved);
}

/*
 * Writes the frame below sp (or on the altstack) and points the CPU at the
 * handler; returns the mask the handler runs with. handler_base is the
 * mask the kernel would add sa_mask to (rt_sigsuspend's temporary one).
 */
static uint64_t signal_setup_frame(GuestThread *t, int sig,
                                   const GuestSigaction *act,
                                   const GuestSiginfo *info,
                                   uint64_t handler_base,
                                   uint64_t fault_address)
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
    frame->uc.sigmask = signal_guest_mask();
    signal_save_context(env, &frame->uc.mcontext, fault_address);
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
    signal_guest_set_mask(mask);
    if (act->flags & GUEST_SA_RESETHAND) {
        GuestSigaction reset = *act;
        reset.handler = (uint64_t)(uintptr_t)SIG_DFL;
        signal_guest_set_action(sig, &reset);
    }
    return signal_guest_mask();
}

void signal_raise_sync(GuestThread *t, int sig, int si_code,
                       uint64_t fault_addr)
{
    GuestSigaction act = *signal_guest_action(sig);
    GuestSiginfo info;

    signal_note_thread(t);
    /* Forced delivery: a blocked or ignored fault kills, as in Linux. */
    if (!signal_handler_is_function(&act) ||
        (signal_guest_mask() & signal_bit(sig)))
        signal_die(sig);
    memset(&info, 0, sizeof(info));
    info.signo = sig;
    info.code = si_code;
    info.addr = fault_addr;
    signal_setup_frame(t, sig, &act, &info, signal_guest_mask(),
                       sig == SIGSEGV || sig == SIGBUS ? fault_addr : 0);
}

/*
 * Takes the lowest queued signal outside blocked, with host signals held
 * off so a handler cannot rewrite the slot while it is copied.
 */
static int signal_take_pending(uint64_t blocked, GuestSiginfo *info)
{
    sigset_t all, old;
    uint64_t ready;
    int sig = 0;

    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    ready = signal_pending & ~blocked;
    if (ready) {
        sig = __builtin_ctzll(ready) + 1;
        __atomic_fetch_and(&signal_pending, ~signal_bit(sig), __ATOMIC_ACQUIRE);
        memcpy(info, &signal_pending_info[sig], sizeof(*info));
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return sig;
}

void signal_deliver_pending(GuestThread *t)
{
    uint64_t blocked;
    GuestSiginfo info;
    int sig;

    signal_note_thread(t);
    /* Cleared first: a stale request must not bring the CPU loop back. */
    t->env.exit_request = 0;
    if (!signal_guest_take_suspend_mask(&blocked))
        blocked = signal_guest_mask();
    if (!__atomic_load_n(&signal_pending, __ATOMIC_ACQUIRE))
        return;
    /* Each frame stacks on the last, so the lowest signal's handler runs
     * last, as when the kernel delivers several at one return. */
    while ((sig = signal_take_pending(blocked, &info)) != 0) {
        GuestSigaction act = *signal_guest_action(sig);

        if (act.handler == (uint64_t)(uintptr_t)SIG_IGN)
            continue;
        if (act.handler == (uint64_t)(uintptr_t)SIG_DFL) {
            signal_default_action(sig);
            continue;
        }
        blocked = signal_setup_frame(t, sig, &act, &info, blocked, 0);
    }
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
    signal_note_thread(t);
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
    env->fpsr = fp->fpsr;
    env->fpcr = fp->fpcr;
    for (int i = 0; i < 32; i++)
        memcpy(env->v[i].b, fp->vregs[i], 16);
    env->exclusive_addr = UINT64_MAX; /* exception return clears it */
    signal_guest_set_mask(frame->uc.sigmask);
    signal_restore_altstack(&frame->uc.stack, env->x[31]);
    return (int64_t)env->x[0];
}
