/*
 * arm64 Linux signal frames: the rt_sigframe layout (siginfo, ucontext
 * with sigcontext and its fpsimd, esr and sve records, an extra_context
 * for what does not fit, frame record), building one for a handler and
 * restoring the registers from it at rt_sigreturn.
 * Must not decide delivery, masks or the altstack (linux-user/signal.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <signal.h>
#include <string.h>
#include <sys/mman.h>

#include "linux-user/aarch64/aarch64.h"
#include "linux-user/vma.h"
#include "target-arm/features.h"
#include "target-arm/helper_fp.h"
#include "target-arm/sve.h"

#define GUEST_FPSIMD_MAGIC 0x46508001u
#define GUEST_ESR_MAGIC 0x45535201u
#define GUEST_SVE_MAGIC 0x53564501u
#define GUEST_EXTRA_MAGIC 0x45585401u
/* SIGFRAME_MAXSZ: no frame (records in the extra space too) is larger. */
#define GUEST_SIGFRAME_MAX 65536u
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

/* struct extra_context: the records that do not fit in __reserved
 * continue at datap (size bytes), which must be the address just after
 * the terminator that follows this record. */
typedef struct GuestExtraContext {
    GuestContextHeader head;
    uint64_t datap;
    uint32_t size;
    uint32_t reserved[3];
} GuestExtraContext;

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
_Static_assert(sizeof(GuestExtraContext) == 32, "struct extra_context");
_Static_assert(offsetof(GuestRtSigframe, uc.mcontext.reserved) + 4096 ==
                   sizeof(GuestRtSigframe),
               "__reserved ends the frame, the extra space follows it");

/* SVE_SIG_CONTEXT_SIZE(vq): the header and every register. */
static size_t sve_record_size(unsigned vq)
{
    return sizeof(GuestSveContext) + (32 * 16 + 17 * 2) * (size_t)vq;
}

static size_t round16(size_t n)
{
    return (n + 15) & ~(size_t)15;
}

/* An SVE record (with sve): Z, P, FFR at the thread's VL. */
static void aarch64_save_sve(CPUARMState *env, uint8_t *at)
{
    GuestSveContext *sve = (GuestSveContext *)at;
    unsigned vq = env->sve_vq, vl = vq * 16;
    uint8_t *regs = at + sizeof(*sve);

    sve->head.magic = GUEST_SVE_MAGIC;
    sve->vl = (uint16_t)vl;
    sve->head.size = (uint32_t)round16(sve_record_size(vq));
    for (unsigned n = 0; n < 32; n++)
        sve_z_read(env, n, regs + n * vl);
    regs += 32 * vl;
    for (unsigned n = 0; n < ARM_SVE_NPREGS; n++)
        memcpy(regs + n * (vl / 8), env->preg[n], vl / 8);
    memcpy(regs + ARM_SVE_NPREGS * (vl / 8), env->ffr, vl / 8);
}

/* ---- building a frame ---- */

/*
 * Where the records go, as arm64 Linux places them (offsets from
 * __reserved): fpsimd, esr (faults), sve, then the terminator. A record
 * that does not fit in __reserved (leaving room for an extra_context
 * record and a terminator) starts the extra space: an extra_context
 * record, a terminator, then it and the later ones, past the frame's
 * end. size: the bytes from __reserved to the last terminator's end.
 */
typedef struct SigLayout {
    size_t used, limit;
    size_t fpsimd, esr, sve, extra, end; /* extra 0: none */
} SigLayout;

#define SIG_TERMINATOR 16u

static size_t layout_alloc(SigLayout *l, size_t size)
{
    size_t padded = round16(size), at;

    if (padded > l->limit - l->used && !l->extra) {
        l->extra = l->used;
        l->used += sizeof(GuestExtraContext) + SIG_TERMINATOR;
        l->limit = GUEST_SIGFRAME_MAX -
                   offsetof(GuestRtSigframe, uc.mcontext.reserved) -
                   SIG_TERMINATOR;
    }
    at = l->used;
    l->used += padded;
    return at;
}

static void aarch64_layout(const CPUARMState *env, uint64_t esr, SigLayout *l)
{
    memset(l, 0, sizeof(*l));
    l->limit = 4096 - SIG_TERMINATOR - sizeof(GuestExtraContext);
    l->fpsimd = layout_alloc(l, sizeof(GuestFpsimdContext));
    if (esr)
        l->esr = layout_alloc(l, sizeof(GuestEsrContext));
    if (arm_cpu_has(ARM_FEAT_SVE))
        l->sve = layout_alloc(l, sve_record_size(env->sve_vq));
    l->limit += SIG_TERMINATOR;
    l->end = layout_alloc(l, SIG_TERMINATOR);
}

/* The bytes of the frame from the rt_sigframe's start: the struct, or
 * more when the extra space runs past it. */
static size_t aarch64_frame_size(const SigLayout *l)
{
    size_t size = offsetof(GuestRtSigframe, uc.mcontext.reserved) + l->used;

    return round16(size > sizeof(GuestRtSigframe) ? size
                                                  : sizeof(GuestRtSigframe));
}

/* The records at reserved (guest address reserved_addr), zeroed before;
 * the terminators are the zeroes. */
static void aarch64_save_records(CPUARMState *env, uint8_t *reserved,
                                 uint64_t reserved_addr, uint64_t esr,
                                 const SigLayout *l)
{
    GuestFpsimdContext *fp = (GuestFpsimdContext *)(reserved + l->fpsimd);

    fp->head.magic = GUEST_FPSIMD_MAGIC;
    fp->head.size = sizeof(*fp);
    fp->fpsr = fp_fpsr_read(env);
    fp->fpcr = env->fpcr;
    for (int i = 0; i < 32; i++)
        memcpy(fp->vregs[i], env->v[i].b, 16);
    if (esr) {
        GuestEsrContext *e = (GuestEsrContext *)(reserved + l->esr);

        e->head.magic = GUEST_ESR_MAGIC;
        e->head.size = sizeof(*e);
        e->esr = esr;
    }
    if (arm_cpu_has(ARM_FEAT_SVE))
        aarch64_save_sve(env, reserved + l->sve);
    if (l->extra) {
        GuestExtraContext *x = (GuestExtraContext *)(reserved + l->extra);
        size_t data = l->extra + sizeof(*x) + SIG_TERMINATOR;

        x->head.magic = GUEST_EXTRA_MAGIC;
        x->head.size = sizeof(*x);
        x->datap = reserved_addr + data;
        x->size = (uint32_t)(round16(l->used) - data);
    }
}

static void aarch64_save_context(CPUARMState *env, GuestSigcontext *sc,
                                 uint64_t sc_addr, uint64_t fault_address,
                                 uint64_t esr, const SigLayout *l)
{
    sc->fault_address = fault_address;
    memcpy(sc->regs, env->x, sizeof(sc->regs));
    sc->sp = env->x[31];
    sc->pc = env->pc;
    sc->pstate = cpu_get_nzcv(env) | (uint64_t)env->btype << GUEST_BTYPE_SHIFT;
    aarch64_save_records(env, sc->reserved,
                         sc_addr + offsetof(GuestSigcontext, reserved), esr, l);
}

/*
 * As arm64 Linux lays it out: a frame record at the 16-byte aligned top,
 * the rt_sigframe (and its extra space) below it; the handler gets (sig,
 * &info, &uc) with x29 on the record and lr on the restorer or the
 * trampoline.
 */
void aarch64_signal_setup_frame(GuestThread *t, const SignalFrame *f)
{
    CPUARMState *env = &t->env;
    uint64_t record_addr, frame_addr;
    GuestRtSigframe *frame;
    GuestFrameRecord *record;
    SigLayout layout;
    size_t size;

    aarch64_layout(env, f->fault_syndrome, &layout);
    size = aarch64_frame_size(&layout);
    record_addr = (f->stack_top - sizeof(GuestFrameRecord)) & ~(uint64_t)15;
    frame_addr = record_addr - size;
    frame = g2h(frame_addr);
    record = g2h(record_addr);

    memset(frame, 0, size);
    frame->info = *f->info;
    frame->uc.stack = f->altstack;
    frame->uc.sigmask = f->saved_mask;
    aarch64_save_context(env, &frame->uc.mcontext,
                         frame_addr + offsetof(GuestRtSigframe, uc.mcontext),
                         f->fault_address, f->fault_syndrome, &layout);
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

/* Whether the guest range [addr, addr + len) is mapped readable. */
static bool guest_range_readable(uint64_t addr, size_t len)
{
    for (uint64_t a = addr & ~(uint64_t)(GUEST_PAGE_SIZE - 1); a < addr + len;
         a += GUEST_PAGE_SIZE) {
        int prot = vma_prot_at(a);

        if (prot <= 0 || !(prot & PROT_READ))
            return false;
    }
    return true;
}

/* The extra space an extra_context record x (with room bytes from it to
 * its area's end) names, as Linux accepts it: a terminator after x,
 * datap just after that, both 16-aligned, within SIGFRAME_MAXSZ of the
 * frame. NULL when refused; *limit its size. */
static const uint8_t *aarch64_extra_space(const GuestContextHeader *h,
                                          size_t room, uint64_t frame_addr,
                                          size_t *limit)
{
    const GuestExtraContext *x = (const GuestExtraContext *)h;
    const GuestContextHeader *end;
    uint64_t data;

    if (h->size < sizeof(*x) || room - h->size < SIG_TERMINATOR)
        return NULL;
    end = (const GuestContextHeader *)((const uint8_t *)h + h->size);
    data = h2g(end) + SIG_TERMINATOR;
    if (end->magic || end->size || x->datap != data || x->size % 16 ||
        x->size > frame_addr + GUEST_SIGFRAME_MAX - data ||
        !guest_range_readable(data, x->size))
        return NULL;
    *limit = x->size;
    return g2h(data);
}

/* The record with magic in sigcontext.__reserved or the extra space an
 * extra_context record there names, or NULL (also when the records are
 * malformed). */
static const GuestContextHeader *aarch64_find_record(uint64_t frame_addr,
                                                     const GuestSigcontext *sc,
                                                     uint32_t magic)
{
    const uint8_t *area = sc->reserved;
    size_t limit = sizeof(sc->reserved), off = 0;
    bool extra = false;

    while (off + sizeof(GuestContextHeader) <= limit) {
        const GuestContextHeader *h = (const GuestContextHeader *)(area + off);

        if (h->magic == 0 || h->size < sizeof(*h) || h->size % 16 != 0 ||
            h->size > limit - off)
            return NULL;
        if (h->magic == magic)
            return h;
        if (h->magic == GUEST_EXTRA_MAGIC) {
            if (extra)
                return NULL;
            area = aarch64_extra_space(h, limit - off, frame_addr, &limit);
            if (!area)
                return NULL;
            extra = true;
            off = 0;
            continue;
        }
        off += h->size;
    }
    return NULL;
}

static const GuestFpsimdContext *aarch64_find_fpsimd(uint64_t frame_addr,
                                                     const GuestSigcontext *sc)
{
    const GuestContextHeader *h =
        aarch64_find_record(frame_addr, sc, GUEST_FPSIMD_MAGIC);

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
static bool aarch64_restore_sve(CPUARMState *env, uint64_t frame_addr,
                                const GuestSigcontext *sc)
{
    const GuestContextHeader *h =
        aarch64_find_record(frame_addr, sc, GUEST_SVE_MAGIC);
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

    fp = (frame_addr & 15) ? NULL : aarch64_find_fpsimd(frame_addr, sc);
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
    if (arm_cpu_has(ARM_FEAT_SVE) && !aarch64_restore_sve(env, frame_addr, sc))
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
