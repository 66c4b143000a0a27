/*
 * arm64 Linux signal frames: the rt_sigframe layout (siginfo, ucontext
 * with sigcontext and its fpsimd and esr records, frame record), building
 * one for a handler and restoring the registers from it at rt_sigreturn.
 * Must not decide delivery, masks or the altstack (linux-user/signal.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <signal.h>
#include <string.h>

#include "linux-user/aarch64/aarch64.h"
#include "target-arm/helper_fp.h"

#define GUEST_FPSIMD_MAGIC 0x46508001u
#define GUEST_ESR_MAGIC 0x45535201u
#define GUEST_NZCV_MASK 0xf0000000u
/* PSTATE.BTYPE: bits 11:10 (PSR_BTYPE_SHIFT). */
#define GUEST_BTYPE_SHIFT 10

/* ---- layout (uapi asm/sigcontext.h, asm/ucontext.h) ---- */

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

/* ---- building a frame ---- */

/* The records of sigcontext.__reserved: fpsimd, esr (faults), end. */
static void aarch64_save_records(const CPUARMState *env, uint8_t *reserved,
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

static void aarch64_save_context(const CPUARMState *env, GuestSigcontext *sc,
                                 uint64_t fault_address, uint64_t esr)
{
    sc->fault_address = fault_address;
    memcpy(sc->regs, env->x, sizeof(sc->regs));
    sc->sp = env->x[31];
    sc->pc = env->pc;
    sc->pstate = cpu_get_nzcv(env) | (uint64_t)env->btype << GUEST_BTYPE_SHIFT;
    aarch64_save_records(env, sc->reserved, esr);
}

/*
 * As arm64 Linux lays it out: a frame record at the 16-byte aligned top,
 * the rt_sigframe below it; the handler gets (sig, &info, &uc) with x29
 * on the record and lr on the restorer or the trampoline.
 */
void aarch64_signal_setup_frame(GuestThread *t, const SignalFrame *f)
{
    CPUARMState *env = &t->env;
    uint64_t record_addr, frame_addr;
    GuestRtSigframe *frame;
    GuestFrameRecord *record;

    record_addr = (f->stack_top - sizeof(GuestFrameRecord)) & ~(uint64_t)15;
    frame_addr = record_addr - sizeof(GuestRtSigframe);
    frame = g2h(frame_addr);
    record = g2h(record_addr);

    memset(frame, 0, sizeof(*frame));
    frame->info = *f->info;
    frame->uc.stack = f->altstack;
    frame->uc.sigmask = f->saved_mask;
    aarch64_save_context(env, &frame->uc.mcontext, f->fault_address,
                         f->fault_syndrome);
    record->fp = env->x[29];
    record->lr = env->x[30];

    env->x[0] = (uint64_t)f->sig;
    env->x[1] = frame_addr + offsetof(GuestRtSigframe, info);
    env->x[2] = frame_addr + offsetof(GuestRtSigframe, uc);
    env->x[29] = record_addr;
    env->x[30] =
        (f->act->flags & GUEST_SA_RESTORER) ? f->act->restorer : f->trampoline;
    env->x[31] = frame_addr;
    env->pc = f->act->handler;
    /* Entered as by BLR: a handler in a guarded page starts with a landing
     * pad (Linux sets BTYPE 2 where the CPU has BTI). */
    env->btype = arm_bti_active ? 2 : 0;
    env->exclusive_addr = UINT64_MAX;
}

/* ---- rt_sigreturn ---- */

static const GuestFpsimdContext *aarch64_find_fpsimd(const GuestSigcontext *sc)
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

/* Whatever the handler left in the frame, as the kernel takes it. */
bool aarch64_signal_restore_frame(GuestThread *t, uint64_t *mask,
                                  GuestStack *altstack)
{
    CPUARMState *env = &t->env;
    uint64_t frame_addr = env->x[31];
    const GuestRtSigframe *frame = g2h(frame_addr);
    const GuestSigcontext *sc = &frame->uc.mcontext;
    const GuestFpsimdContext *fp;

    fp = (frame_addr & 15) ? NULL : aarch64_find_fpsimd(sc);
    if (!fp)
        return false;
    memcpy(env->x, sc->regs, sizeof(sc->regs));
    env->x[31] = sc->sp;
    env->pc = sc->pc;
    cpu_set_nzcv(env, (uint32_t)sc->pstate & GUEST_NZCV_MASK);
    env->btype = (uint32_t)(sc->pstate >> GUEST_BTYPE_SHIFT) & 3;
    fp_fpsr_write(env, fp->fpsr);
    env->fpcr = fp->fpcr & ARM_FPCR_WRITABLE; /* as MSR FPCR would */
    for (int i = 0; i < 32; i++)
        memcpy(env->v[i].b, fp->vregs[i], 16);
    env->exclusive_addr = UINT64_MAX; /* exception return clears it */
    *mask = frame->uc.sigmask;
    *altstack = frame->uc.stack;
    return true;
}

/* ---- faults and the trampoline ---- */

/* The ESR arm64 Linux reports for a data abort from EL0 (esr_context). */
static uint64_t aarch64_data_abort_esr(int sig, int si_code, bool is_write)
{
    const uint64_t ec_dabt_lower = 0x24, il = 1u << 25, wnr = 1u << 6;
    uint64_t esr = ec_dabt_lower << 26 | il;

    if (is_write)
        esr |= wnr;
    /* DFSC: alignment fault, or permission or translation fault at
     * level 3. */
    if (sig == SIGBUS && si_code == BUS_ADRALN)
        esr |= 0x21;
    else
        esr |= si_code == SEGV_ACCERR && sig == SIGSEGV ? 0x0f : 0x07;
    return esr;
}

void aarch64_cpu_fault(void *cpu, uint64_t pc, int sig, int si_code,
                       uint64_t addr, bool is_write)
{
    CPUARMState *env = cpu;
    GuestThread *t = env->thread;

    env->pc = pc;
    env->exception = EXCP_FAULT;
    env->fault_signal = sig;
    env->fault_code = si_code;
    env->fault_addr = addr;
    if (t)
        t->signals.fault_esr = aarch64_data_abort_esr(sig, si_code, is_write);
}

/* nop first, as in the vDSO, so an unwinder looking at pc-4 stays in. */
uint64_t aarch64_signal_write_trampoline(void *page)
{
    static const uint32_t code[3] = {
        0xd503201f, /* nop */
        0xd2801168, /* mov x8, #139 (rt_sigreturn) */
        0xd4000001, /* svc #0 */
    };

    memcpy(page, code, sizeof(code));
    return 4;
}
