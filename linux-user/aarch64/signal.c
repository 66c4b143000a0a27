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
#include "target-arm/features.h"
#include "target-arm/helper_fp.h"
#include "target-arm/sve.h"

#define GUEST_FPSIMD_MAGIC 0x46508001u
#define GUEST_ESR_MAGIC 0x45535201u
#define GUEST_SVE_MAGIC 0x53564501u
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

/* struct sve_context; the registers follow at offset 16 when size says
 * so: Z0-Z31 (VL bytes each), P0-P15 and the FFR (VL / 8 bytes each). */
typedef struct GuestSveContext {
    GuestContextHeader head;
    uint16_t vl;
    uint16_t flags;
    uint16_t reserved[2];
} GuestSveContext;

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
_Static_assert(sizeof(GuestSveContext) == 16, "struct sve_context");

/* SVE_SIG_CONTEXT_SIZE(vq): the header and every register. */
static size_t sve_record_size(unsigned vq)
{
    return sizeof(GuestSveContext) + (32 * 16 + 17 * 2) * (size_t)vq;
}

/* The largest VQ whose registers fit in sigcontext.__reserved beside the
 * fpsimd, esr and end records (512 bits). Above it the record is the
 * header alone, as for a thread without SVE state (no extra_context). */
#define SVE_SIG_MAX_VQ 4

/* An SVE record (with sve): Z, P, FFR at the thread's VL. */
static size_t aarch64_save_sve(CPUARMState *env, uint8_t *at)
{
    GuestSveContext *sve = (GuestSveContext *)at;
    unsigned vq = env->sve_vq, vl = vq * 16;
    uint8_t *regs = at + sizeof(*sve);

    sve->head.magic = GUEST_SVE_MAGIC;
    sve->vl = (uint16_t)vl;
    if (vq > SVE_SIG_MAX_VQ) {
        sve->head.size = sizeof(*sve);
        return sizeof(*sve);
    }
    sve->head.size = (uint32_t)((sve_record_size(vq) + 15) & ~(size_t)15);
    for (unsigned n = 0; n < 32; n++)
        sve_z_read(env, n, regs + n * vl);
    regs += 32 * vl;
    for (unsigned n = 0; n < ARM_SVE_NPREGS; n++)
        memcpy(regs + n * (vl / 8), env->preg[n], vl / 8);
    memcpy(regs + ARM_SVE_NPREGS * (vl / 8), env->ffr, vl / 8);
    return sve->head.size;
}

/* ---- building a frame ---- */

/* The records of sigcontext.__reserved: fpsimd, esr (faults), end. */
static void aarch64_save_records(CPUARMState *env, uint8_t *reserved,
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
    if (arm_cpu_has(ARM_FEAT_SVE))
        used += aarch64_save_sve(env, reserved + used);
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

static void aarch64_save_context(CPUARMState *env, GuestSigcontext *sc,
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

/* The record with magic in sigcontext.__reserved, or NULL (also when
 * the records are malformed). */
static const GuestContextHeader *aarch64_find_record(const GuestSigcontext *sc,
                                                     uint32_t magic)
{
    size_t off = 0;

    while (off + sizeof(GuestContextHeader) <= sizeof(sc->reserved)) {
        const GuestContextHeader *h =
            (const GuestContextHeader *)(sc->reserved + off);

        if (h->magic == 0 || h->size < sizeof(*h) || h->size % 16 != 0 ||
            h->size > sizeof(sc->reserved) - off)
            return NULL;
        if (h->magic == magic)
            return h;
        off += h->size;
    }
    return NULL;
}

static const GuestFpsimdContext *aarch64_find_fpsimd(const GuestSigcontext *sc)
{
    const GuestContextHeader *h = aarch64_find_record(sc, GUEST_FPSIMD_MAGIC);

    return h && h->size == sizeof(GuestFpsimdContext)
               ? (const GuestFpsimdContext *)h
               : NULL;
}

/*
 * The SVE state at rt_sigreturn, as Linux takes it: a record with the
 * registers (at the thread's VL) gives Z, P and the FFR; none, or the
 * header alone, leaves the V registers (fpsimd) with Z above 128, P and
 * the FFR zero. False: a record Linux refuses (another VL, too short).
 */
static bool aarch64_restore_sve(CPUARMState *env, const GuestSigcontext *sc)
{
    const GuestContextHeader *h = aarch64_find_record(sc, GUEST_SVE_MAGIC);
    const GuestSveContext *sve = (const GuestSveContext *)h;
    unsigned vq = env->sve_vq, vl = vq * 16;
    const uint8_t *regs;

    env->zhi_live = 0;
    if (!h || h->size == sizeof(*sve)) {
        memset(env->preg, 0, sizeof(env->preg));
        memset(env->ffr, 0, sizeof(env->ffr));
        return !h || sve->vl == vl;
    }
    if (h->size < sizeof(*sve) || sve->vl != vl ||
        h->size < sve_record_size(vq))
        return false;
    regs = (const uint8_t *)h + sizeof(*sve);
    for (unsigned n = 0; n < 32; n++)
        sve_z_write(env, n, regs + n * vl);
    regs += 32 * vl;
    memset(env->preg, 0, sizeof(env->preg));
    memset(env->ffr, 0, sizeof(env->ffr));
    for (unsigned n = 0; n < ARM_SVE_NPREGS; n++)
        memcpy(env->preg[n], regs + n * (vl / 8), vl / 8);
    memcpy(env->ffr, regs + ARM_SVE_NPREGS * (vl / 8), vl / 8);
    return true;
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
    if (arm_cpu_has(ARM_FEAT_SVE) && !aarch64_restore_sve(env, sc))
        return false;
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
