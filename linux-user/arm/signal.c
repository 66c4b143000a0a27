/*
 * arm (EABI) Linux signal frames: the sigframe (no SA_SIGINFO) and
 * rt_sigframe layouts with their VFP record, building one for a handler,
 * restoring the registers at sigreturn and rt_sigreturn, the sigpage's
 * return code and the fault record. Must not decide delivery, masks or
 * the altstack (linux-user/signal.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <signal.h>
#include <stddef.h>
#include <string.h>

#include "linux-user/arm/arm.h"
#include "target-arm/helper_fp.h"

#define ARM_VFP_MAGIC 0x56465001u
#define ARM_SA_SIGINFO 0x4u
/* The non-RT frame's uc_flags: a value sigcontext.trap_no never takes. */
#define ARM_SIGFRAME_UC_FLAGS 0x5ac3c35au
#define ARM_FPEXC_EN (1u << 30)
#define ARM_FSR_WRITE (1u << 11)
#define ARM_TRAP_NO_ABORT 14u
/* fault_esr's mark that an abort was recorded (its FSR may read 0). */
#define ARM_FAULT_RECORDED (1ull << 32)

/* FPSCR: the cumulative and comparison flags live in env->fpsr. */
#define ARM_FPSCR_STATUS 0xf800009fu

/* CPSR fields. */
#define CPSR_FLAGS 0xff000000u /* NZCVQ, IT[1:0], J */
#define CPSR_IT_HIGH 0x0000fc00u
#define CPSR_E (1u << 9)
#define CPSR_I (1u << 7)
#define CPSR_T (1u << 5)
#define CPSR_MODE 0x1fu
#define CPSR_MODE_USR 0x10u

/* ---- layout (uapi asm/sigcontext.h, asm/ucontext.h, arch/arm/kernel/
 * signal.h; 32-bit longs and pointers) ---- */

typedef struct ArmSigcontext {
    uint32_t trap_no;
    uint32_t error_code;
    uint32_t oldmask;
    uint32_t regs[16]; /* arm_r0 ... arm_r10, fp, ip, sp, lr, pc */
    uint32_t cpsr;
    uint32_t fault_address;
} ArmSigcontext;

typedef struct ArmStack {
    uint32_t sp;
    int32_t flags;
    uint32_t size;
} ArmStack;

/* The aux_sigframe in uc_regspace: this record, then a zero magic. */
typedef struct ArmVfpRecord {
    uint32_t magic;
    uint32_t size;
    uint64_t fpregs[32];
    uint32_t fpscr;
    uint32_t pad0;
    uint32_t fpexc;
    uint32_t fpinst;
    uint32_t fpinst2;
    uint32_t pad1;
} ArmVfpRecord;

typedef struct ArmUcontext {
    uint32_t flags;
    uint32_t link;
    ArmStack stack;
    ArmSigcontext mcontext;
    uint32_t sigmask[2];
    uint32_t unused[30]; /* glibc's 1024-bit sigset_t */
    uint8_t regspace[512] __attribute__((aligned(8)));
} ArmUcontext;

typedef struct ArmSigframe {
    ArmUcontext uc;
    uint32_t retcode[2]; /* the return code, also written here (ABI) */
} ArmSigframe;

typedef struct ArmRtSigframe {
    uint8_t info[128]; /* the 32-bit siginfo_t */
    ArmSigframe sig;
} ArmRtSigframe;

/* Offsets checked against arm-linux-gnueabihf's ucontext_t and the arm
 * kernel's struct sigframe / rt_sigframe. */
_Static_assert(sizeof(ArmSigcontext) == 84, "struct sigcontext");
_Static_assert(sizeof(ArmStack) == 12, "stack_t");
_Static_assert(offsetof(ArmVfpRecord, fpregs) == 8, "vfp.ufp.fpregs");
_Static_assert(offsetof(ArmVfpRecord, fpscr) == 264, "vfp.ufp.fpscr");
_Static_assert(offsetof(ArmVfpRecord, fpexc) == 272, "vfp.ufp_exc.fpexc");
_Static_assert(sizeof(ArmVfpRecord) == 0x120, "VFP_STORAGE_SIZE");
_Static_assert(offsetof(ArmUcontext, stack) == 8, "uc_stack");
_Static_assert(offsetof(ArmUcontext, mcontext) == 20, "uc_mcontext");
_Static_assert(offsetof(ArmUcontext, sigmask) == 104, "uc_sigmask");
_Static_assert(offsetof(ArmUcontext, regspace) == 232, "uc_regspace");
_Static_assert(sizeof(ArmUcontext) == 744, "struct ucontext");
_Static_assert(sizeof(ArmSigframe) == 752, "struct sigframe");
_Static_assert(offsetof(ArmRtSigframe, sig) == 128, "rt_sigframe.sig");
_Static_assert(sizeof(ArmRtSigframe) == 880, "struct rt_sigframe");

/* ---- the sigpage's return code (the kernel's sigreturn_codes) ---- */

/*
 * Word index in the trampoline page: [0, 1] A32 sigreturn, [2] T32
 * sigreturn, [3, 4] A32 rt_sigreturn, [5] T32 rt_sigreturn. The frame's
 * lr is the entry matching the handler's instruction set and frame kind.
 */
static const uint32_t arm_return_code[6] = {
    0xe3a07077, /* mov r7, #119 (sigreturn) */
    0xef000000, /* svc #0 */
    0xdf002777, /* T16: movs r7, #119; svc #0 */
    0xe3a070ad, /* mov r7, #173 (rt_sigreturn) */
    0xef000000, /* svc #0 */
    0xdf0027ad, /* T16: movs r7, #173; svc #0 */
};

static unsigned arm_return_index(bool thumb, bool rt)
{
    return (thumb ? 2 : 0) + (rt ? 3 : 0);
}

uint64_t arm_signal_write_trampoline(void *page)
{
    memcpy(page, arm_return_code, sizeof(arm_return_code));
    return 0;
}

/* ---- siginfo in the 32-bit layout ---- */

enum ArmSiginfoLayout {
    ARM_SIL_KILL,
    ARM_SIL_TIMER,
    ARM_SIL_POLL,
    ARM_SIL_FAULT,
    ARM_SIL_CHLD,
    ARM_SIL_RT,
    ARM_SIL_SYS,
};

/* Which union member si_code and the signal select, as the kernel's
 * siginfo_layout() decides. */
static enum ArmSiginfoLayout arm_siginfo_layout(int sig, int code)
{
    const int si_kernel = 0x80, si_timer = -2, si_sigio = -5;

    if (code > 0 && code < si_kernel) {
        switch (sig) {
        case SIGILL:
        case SIGFPE:
        case SIGSEGV:
        case SIGBUS:
        case SIGTRAP: return ARM_SIL_FAULT;
        case SIGCHLD: return ARM_SIL_CHLD;
        case SIGPOLL: return ARM_SIL_POLL;
        case SIGSYS: return ARM_SIL_SYS;
        default: return ARM_SIL_KILL;
        }
    }
    if (code == si_timer)
        return ARM_SIL_TIMER;
    if (code == si_sigio)
        return ARM_SIL_POLL;
    return code < 0 ? ARM_SIL_RT : ARM_SIL_KILL;
}

static uint32_t host_word(const GuestSiginfo *in, size_t off)
{
    uint32_t v;

    memcpy(&v, (const uint8_t *)in + off, sizeof(v));
    return v;
}

static void put_word(uint8_t *out, size_t off, uint32_t v)
{
    memcpy(out + off, &v, sizeof(v));
}

/*
 * The union starts at 12 on arm (16 on 64-bit hosts) and its longs and
 * pointers shrink to 4 bytes: each field moves by layout.
 */
void arm_siginfo_from_host(void *guest, const GuestSiginfo *in)
{
    uint8_t *out = guest;

    memset(out, 0, 128);
    put_word(out, 0, (uint32_t)in->signo);
    put_word(out, 4, (uint32_t)in->errno_value);
    put_word(out, 8, (uint32_t)in->code);
    switch (arm_siginfo_layout(in->signo, in->code)) {
    case ARM_SIL_KILL: /* pid, uid */
        put_word(out, 12, host_word(in, 16));
        put_word(out, 16, host_word(in, 20));
        break;
    case ARM_SIL_TIMER: /* tid, overrun, sigval */
    case ARM_SIL_RT:    /* pid, uid, sigval */
        put_word(out, 12, host_word(in, 16));
        put_word(out, 16, host_word(in, 20));
        put_word(out, 20, host_word(in, 24));
        break;
    case ARM_SIL_CHLD: /* pid, uid, status, utime, stime */
        put_word(out, 12, host_word(in, 16));
        put_word(out, 16, host_word(in, 20));
        put_word(out, 20, host_word(in, 24));
        put_word(out, 24, host_word(in, 32));
        put_word(out, 28, host_word(in, 40));
        break;
    case ARM_SIL_FAULT: /* addr, addr_lsb (short) and its union */
        put_word(out, 12, host_word(in, 16));
        put_word(out, 16, host_word(in, 24));
        put_word(out, 20, host_word(in, 32));
        put_word(out, 24, host_word(in, 40));
        break;
    case ARM_SIL_POLL: /* band, fd */
        put_word(out, 12, host_word(in, 16));
        put_word(out, 16, host_word(in, 24));
        break;
    case ARM_SIL_SYS: /* call_addr, syscall, arch */
        put_word(out, 12, host_word(in, 16));
        put_word(out, 16, host_word(in, 24));
        put_word(out, 20, host_word(in, 28));
        break;
    }
}

/* ---- building a frame ---- */

static uint32_t arm_fpscr_read(const CPUARMState *env)
{
    return (fp_fpsr_read(env) & ARM_FPSCR_STATUS) |
           (env->fpcr & ~ARM_FPSCR_STATUS);
}

/* uc_regspace: the VFP record (D0-D31 are the low halves of v[0..15])
 * and the zero magic that ends the list. */
static void arm_save_vfp(const CPUARMState *env, uint8_t *regspace)
{
    ArmVfpRecord *vfp = (ArmVfpRecord *)regspace;
    uint32_t end = 0;

    vfp->magic = ARM_VFP_MAGIC;
    vfp->size = sizeof(*vfp);
    memcpy(vfp->fpregs, env->v, sizeof(vfp->fpregs));
    vfp->fpscr = arm_fpscr_read(env);
    vfp->fpexc = ARM_FPEXC_EN;
    memcpy(regspace + sizeof(*vfp), &end, sizeof(end));
}

/* The kernel's setup_sigframe(): registers, the fault record, the mask. */
static void arm_save_ucontext(const CPUARMState *env, ArmUcontext *uc,
                              const SignalFrame *f)
{
    ArmSigcontext *sc = &uc->mcontext;

    for (int i = 0; i < 15; i++)
        sc->regs[i] = (uint32_t)env->x[i];
    sc->regs[15] = (uint32_t)env->pc;
    sc->cpsr = cpu_get_cpsr(env);
    if (f->fault_syndrome & ARM_FAULT_RECORDED) {
        sc->trap_no = ARM_TRAP_NO_ABORT;
        sc->error_code = (uint32_t)f->fault_syndrome;
    }
    sc->fault_address = (uint32_t)f->fault_address;
    sc->oldmask = (uint32_t)f->saved_mask;
    uc->sigmask[0] = (uint32_t)f->saved_mask;
    uc->sigmask[1] = (uint32_t)(f->saved_mask >> 32);
    arm_save_vfp(env, uc->regspace);
}

/*
 * The kernel's setup_return(): r0 = sig, sp on the frame, lr on the
 * restorer or the return code, pc on the handler in the instruction set
 * its bit 0 names, with NZCVQ, J, ITSTATE and E cleared.
 */
static void arm_enter_handler(CPUARMState *env, const SignalFrame *f,
                              uint32_t frame_addr, bool rt, uint32_t *retcode)
{
    uint32_t handler = (uint32_t)f->act->handler;
    bool thumb = handler & 1;
    unsigned idx = arm_return_index(thumb, rt);
    uint32_t cpsr = cpu_get_cpsr(env);
    uint32_t lr;

    if (f->act->flags & GUEST_SA_RESTORER) {
        lr = (uint32_t)f->act->restorer;
    } else {
        memcpy(retcode, &arm_return_code[idx], 2 * sizeof(uint32_t));
        lr = (uint32_t)f->trampoline + idx * 4 + thumb;
    }
    cpsr &= ~(CPSR_FLAGS | CPSR_IT_HIGH | CPSR_E | CPSR_T);
    cpu_set_cpsr(env, cpsr | (thumb ? CPSR_T : 0));
    env->x[0] = (uint32_t)f->sig;
    env->x[13] = frame_addr;
    env->x[14] = lr;
    env->pc = handler & ~1u;
    env->exclusive_addr = UINT64_MAX;
}

/* As the arm kernel lays them out: the frame 8-byte aligned below the
 * stack top; SA_SIGINFO handlers get the rt_sigframe and (sig, &info,
 * &uc). */
void arm_signal_setup_frame(GuestThread *t, const SignalFrame *f)
{
    CPUARMState *env = &t->env;
    bool rt = f->act->flags & ARM_SA_SIGINFO;
    size_t size = rt ? sizeof(ArmRtSigframe) : sizeof(ArmSigframe);
    uint32_t frame_addr = (uint32_t)(f->stack_top - size) & ~7u;
    ArmSigframe *sf;

    memset(g2h(frame_addr), 0, size);
    if (rt) {
        ArmRtSigframe *frame = g2h(frame_addr);

        arm_siginfo_from_host(frame->info, f->info);
        frame->sig.uc.stack.sp = (uint32_t)f->altstack.sp;
        frame->sig.uc.stack.flags = f->altstack.flags;
        frame->sig.uc.stack.size = (uint32_t)f->altstack.size;
        sf = &frame->sig;
    } else {
        sf = g2h(frame_addr);
        sf->uc.flags = ARM_SIGFRAME_UC_FLAGS;
    }
    arm_save_ucontext(env, &sf->uc, f);
    arm_enter_handler(env, f, frame_addr, rt, sf->retcode);
    if (rt) {
        env->x[1] = frame_addr + offsetof(ArmRtSigframe, info);
        env->x[2] = frame_addr + offsetof(ArmRtSigframe, sig.uc);
    }
}

/* ---- sigreturn and rt_sigreturn ---- */

/*
 * The kernel's valid_user_regs(): A and F are dropped; anything but user
 * mode with I clear is a corrupt frame. E is dropped too (little-endian
 * data only).
 */
static bool arm_cpsr_valid(uint32_t cpsr)
{
    return (cpsr & CPSR_MODE) == CPSR_MODE_USR && !(cpsr & CPSR_I);
}

static bool arm_restore_vfp(CPUARMState *env, const uint8_t *regspace)
{
    const ArmVfpRecord *vfp = (const ArmVfpRecord *)regspace;

    if (vfp->magic != ARM_VFP_MAGIC || vfp->size != sizeof(*vfp))
        return false;
    memcpy(env->v, vfp->fpregs, sizeof(vfp->fpregs));
    fp_fpsr_write(env, vfp->fpscr & ARM_FPSCR_STATUS);
    env->fpcr = vfp->fpscr & ARM_FPCR_WRITABLE; /* as VMSR FPSCR would */
    return true;
}

/* The kernel's restore_sigframe(): false (t unchanged) on a corrupt
 * frame. */
static bool arm_restore_sigframe(GuestThread *t, const ArmSigframe *sf,
                                 uint64_t *mask)
{
    CPUARMState *env = &t->env;
    const ArmSigcontext *sc = &sf->uc.mcontext;
    uint32_t cpsr = sc->cpsr;

    if (!arm_cpsr_valid(cpsr))
        return false;
    if (!arm_restore_vfp(env, sf->uc.regspace))
        return false;
    for (int i = 0; i < 15; i++)
        env->x[i] = sc->regs[i];
    cpu_set_cpsr(env, cpsr);
    env->pc = sc->regs[15] & (env->thumb ? ~1u : ~3u);
    env->exclusive_addr = UINT64_MAX; /* exception return clears it */
    *mask = sf->uc.sigmask[0] | (uint64_t)sf->uc.sigmask[1] << 32;
    return true;
}

static bool arm_frame_aligned(const GuestThread *t)
{
    return (t->env.x[13] & 7) == 0;
}

/* rt_sigreturn from the rt_sigframe at sp (the generic signal_return). */
bool arm_signal_restore_frame(GuestThread *t, uint64_t *mask,
                              GuestStack *altstack)
{
    const ArmRtSigframe *frame = g2h((uint32_t)t->env.x[13]);
    const ArmStack *st = &frame->sig.uc.stack;

    if (!arm_frame_aligned(t) || !arm_restore_sigframe(t, &frame->sig, mask))
        return false;
    altstack->sp = st->sp;
    altstack->flags = st->flags;
    altstack->pad = 0;
    altstack->size = st->size;
    return true;
}

/*
 * sigreturn (119) from the sigframe at sp: the mask as rt_sigreturn
 * restores it, the altstack left alone as the kernel does; a corrupt
 * frame gets the generic SIGSEGV.
 */
int64_t arm_sys_sigreturn(GuestThread *t)
{
    const ArmSigframe *frame = g2h((uint32_t)t->env.x[13]);
    uint64_t mask;

    signal_thread_enter(t);
    if (!arm_frame_aligned(t) || !arm_restore_sigframe(t, frame, &mask)) {
        signal_raise_sync(t, SIGSEGV, SEGV_MAPERR, t->env.x[13]);
        return (int64_t)t->env.x[0];
    }
    signal_thread_set_mask(t, mask);
    return (int64_t)t->env.x[0];
}

/* ---- faults ---- */

/* The short-descriptor FSR the arm kernel reports in error_code: fault
 * status (page translation, page permission, alignment) and WnR. */
static uint32_t arm_fault_fsr(int sig, int si_code, bool is_write)
{
    uint32_t fsr;

    if (sig == SIGBUS && si_code == BUS_ADRALN)
        fsr = 0x01;
    else
        fsr = sig == SIGSEGV && si_code == SEGV_ACCERR ? 0x0f : 0x07;
    return fsr | (is_write ? ARM_FSR_WRITE : 0);
}

void arm_cpu_fault(void *cpu, uint64_t pc, int sig, int si_code, uint64_t addr,
                   bool is_write)
{
    CPUARMState *env = cpu;
    GuestThread *t = env->thread;

    env->pc = pc;
    env->exception = EXCP_FAULT;
    env->fault_signal = sig;
    env->fault_code = si_code;
    env->fault_addr = addr;
    if (t)
        t->signals.fault_esr =
            ARM_FAULT_RECORDED | arm_fault_fsr(sig, si_code, is_write);
}
