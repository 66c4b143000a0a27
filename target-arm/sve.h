/*
 * FEAT_SVE state of a user-mode thread: the vector length (per thread, as
 * Linux's PR_SVE_SET_VL keeps it), the Z registers' bits above 128 and the
 * predicates, for helpers, signal frames and prctl. No IR, no host.
 */
#ifndef ARX_TARGET_ARM_SVE_H
#define ARX_TARGET_ARM_SVE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "target-arm/cpu.h"
#include "tcg/guest_mem.h"

/* User-mode block flag: the thread's VL is not 128 bits (the default),
 * so Zn is not Vn; blocks without it may work on the V registers inline
 * for SVE forms (trans_sve.c), and the flag keeps those from threads at
 * another VL. The user-mode flags sit at bits 16 and up (cpu.h). */
#define ARM_TBFLAG_SVE_VL_OTHER (1u << 21)

/* The largest vector in bytes, and a predicate's bytes at that length. */
#define SVE_VL_MAX_BYTES (ARM_SVE_VQ_MAX * 16)
#define SVE_PL_MAX_BYTES (ARM_SVE_VQ_MAX * 2)

/* The VL new threads start with (-sve-vl; 128 bits unless told), as VQ. */
extern unsigned arm_sve_default_vq;

static inline unsigned sve_vl_bytes(const CPUARMState *env)
{
    return env->sve_vq * 16;
}

/*
 * Zn's bits above 128 are meaningful only while zhi_live has bit n: an
 * AdvSIMD/FP write of Vn zeroes them (Arm's rule) by clearing the bit,
 * and the first SVE access after that zeroes the storage. VL 128 has no
 * such bits, so NEON code never pays for this at the default VL.
 */
static inline uint8_t *sve_zhi(CPUARMState *env, unsigned n)
{
    if (!(env->zhi_live >> n & 1)) {
        memset(env->zhi[n], 0, sizeof(env->zhi[n]));
        env->zhi_live |= 1u << n;
    }
    return env->zhi[n];
}

/* Zn's first VL bytes into buf (SVE_VL_MAX_BYTES), and back. */
static inline void sve_z_read(CPUARMState *env, unsigned n, uint8_t *buf)
{
    unsigned vl = sve_vl_bytes(env);

    memcpy(buf, env->v[n].b, 16);
    if (vl > 16)
        memcpy(buf + 16, sve_zhi(env, n), vl - 16);
}

static inline void sve_z_write(CPUARMState *env, unsigned n, const uint8_t *buf)
{
    unsigned vl = sve_vl_bytes(env);

    memcpy(env->v[n].b, buf, 16);
    if (vl > 16)
        memcpy(sve_zhi(env, n), buf + 16, vl - 16);
}

/* Predicate Pn's bit for vector byte i (the element at byte i of size
 * 1 << esz is active when bit i is, i a multiple of 1 << esz). */
static inline bool sve_pbit(const uint64_t *p, unsigned i)
{
    return (p[i / 64] >> (i % 64)) & 1;
}

static inline void sve_pset(uint64_t *p, unsigned i, bool on)
{
    if (on)
        p[i / 64] |= UINT64_C(1) << (i % 64);
    else
        p[i / 64] &= ~(UINT64_C(1) << (i % 64));
}

/* ---- the helpers' copies of registers (helper_sve*.c) ---- */

/* A Z register's copy and a predicate's, at the largest VL: the helpers
 * read their operands first, as the pseudocode does. */
typedef struct SveVec {
    uint8_t b[SVE_VL_MAX_BYTES];
} SveVec;

typedef struct SvePred {
    uint64_t w[SVE_PL_MAX_BYTES / 8];
} SvePred;

/* Element i of size 1 << esz bytes, zero-extended. */
static inline uint64_t sve_elt(const SveVec *z, unsigned esz, unsigned i)
{
    const uint8_t *p = z->b + (i << esz);
    uint16_t h;
    uint32_t w;
    uint64_t d;

    /* One constant-size copy per case: a variable-size memcpy is a call. */
    switch (esz) {
    case 0: return *p;
    case 1: memcpy(&h, p, 2); return h;
    case 2: memcpy(&w, p, 4); return w;
    default: memcpy(&d, p, 8); return d;
    }
}

static inline void sve_elt_put(SveVec *z, unsigned esz, unsigned i, uint64_t v)
{
    uint8_t *p = z->b + (i << esz);
    uint16_t h = (uint16_t)v;
    uint32_t w = (uint32_t)v;

    switch (esz) {
    case 0: *p = (uint8_t)v; break;
    case 1: memcpy(p, &h, 2); break;
    case 2: memcpy(p, &w, 4); break;
    default: memcpy(p, &v, 8); break;
    }
}

/* An element's value of size esz, sign-extended. */
static inline int64_t sve_elt_sext(uint64_t v, unsigned esz)
{
    unsigned shift = 64 - (8u << esz);

    return (int64_t)(v << shift) >> shift;
}

/* Elements of size esz at the thread's VL. */
static inline unsigned sve_nelem(const CPUARMState *env, unsigned esz)
{
    return sve_vl_bytes(env) >> esz;
}

/* Pn's copy; n 16 (no register) makes every element active. */
static inline void sve_pred_read(const CPUARMState *env, unsigned n, SvePred *p)
{
    if (n >= ARM_SVE_NPREGS)
        memset(p->w, 0xff, sizeof(p->w));
    else
        memcpy(p->w, env->preg[n], sizeof(p->w));
}

/* ElemP[p, i, esize]: the lowest of the element's predicate bits. */
static inline bool sve_pred_on(const SvePred *p, unsigned esz, unsigned i)
{
    return sve_pbit(p->w, i << esz);
}

/* The predicate bits of the elements of size 1 << esz in one word. */
static inline uint64_t sve_pred_esz_bits(unsigned esz)
{
    static const uint64_t bits[4] = {UINT64_MAX, 0x5555555555555555ull,
                                     0x1111111111111111ull,
                                     0x0101010101010101ull};

    return bits[esz & 3];
}

/* At VL 128 a predicate is the low 16 bits of its first word: those of
 * the elements of size 1 << esz. */
static inline uint64_t sve_pred_vl128_bits(unsigned esz)
{
    return sve_pred_esz_bits(esz) & 0xffff;
}

/* The bits of predicate word w that lie within the VL. */
static inline uint64_t sve_pred_vl_bits(const CPUARMState *env, unsigned w)
{
    unsigned bits = sve_vl_bytes(env);

    if (bits >= (w + 1) * 64)
        return UINT64_MAX;
    return bits <= w * 64 ? 0 : (UINT64_C(1) << (bits % 64)) - 1;
}

/* Thread start (exec): the VL Linux gives (the ONEXEC one, else the
 * default), registers above V zero. */
void arm_sve_exec_start(CPUARMState *env);
/* -sve-vl BITS: false unless a supported length (128 ... 2048, a power
 * of two). */
bool arm_sve_set_default_vl(const char *bits);
/* ARM_SVE_EXEC_OPTION's value (arm_sve_exec_arg), for the first thread;
 * false when malformed. */
bool arm_sve_exec_parse(const char *value);
/* The VL Linux would settle for when asked for vl bytes (the largest
 * supported one not above it, else the smallest): VQ. */
unsigned arm_sve_supported_vq(unsigned vl);

/* The guest memory elements of helper_sve.c and helper_sve_mem.c: the
 * 1 << msz bytes at addr (a fault is the access's; inline, so a constant
 * msz makes it one load), whether they can be read without a fault, and
 * clearing the FFR from vector byte on. */
static inline uint64_t sve_mem_read(CPUARMState *env, uint64_t addr,
                                    unsigned msz)
{
    uint64_t v = 0;

    memcpy(&v, guest_host_ptr(env, addr, 1u << msz, GUEST_READ), 1u << msz);
    return v;
}

bool sve_may_read(CPUARMState *env, uint64_t addr, unsigned msz);
/* PredTest(mask, result, esz) as NZCV in bits 31:28: N the first active
 * element of result, Z none active, C not the last active one. */
uint64_t sve_pred_test(const CPUARMState *env, const SvePred *mask,
                       const SvePred *res, unsigned esz);
void sve_ffr_clear_from(CPUARMState *env, unsigned byte);

#endif
