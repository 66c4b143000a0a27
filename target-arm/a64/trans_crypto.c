/*
 * A64 Cryptographic Extension translator (patterns in crypto.decode): every
 * instruction is one call to a whole-register helper of helper_crypto.c.
 * It must not claim encodings that simd.decode or fp.decode own.
 */
#include "target-arm/a64/translate.h"
#include "target-arm/helper_crypto.h"
#include "target-arm/helper_info.h"

#include "crypto.dec.c"

#define CRYPTO_NAME_ENTRY(name) "crypto_" #name,
static const char *const crypto_helper_names[CRYPTO_NB_OPS] = {
    CRYPTO_OPS(CRYPTO_NAME_ENTRY)};
#undef CRYPTO_NAME_ENTRY

/*
 * Filled on first use, under the translation lock: the implementation
 * (host AES-NI or plain C) is only known once CPUID has been read. The
 * flags are helpers.def's.
 */
static TCGHelper crypto_helpers[CRYPTO_NB_OPS];

static const TCGHelper *crypto_helper(int op)
{
    TCGHelper *h = &crypto_helpers[op];

    if (!h->func) {
        h->name = crypto_helper_names[op];
        h->flags = HELPER_FLAGS_crypto;
        h->func = (void *)helper_crypto_fn(op, 0);
    }
    return h;
}

static void gen_crypto_call(int op, int64_t rd, int64_t rn, int64_t rm,
                            int64_t extra)
{
    TCGv_i64 args[5] = {
        tcg_ptr_as_i64(tcg_env), tcg_constant_i64(rd),    tcg_constant_i64(rn),
        tcg_constant_i64(rm),    tcg_constant_i64(extra),
    };
    tcg_gen_call(crypto_helper(op), NULL, 5, args);
}

static bool trans_crypto_2(DisasContext *s, arg_crypto_2 *a)
{
    (void)s;
    gen_crypto_call((int)a->op, a->rd, a->rn, 0, 0);
    return true;
}

static bool trans_crypto_3(DisasContext *s, arg_crypto_3 *a)
{
    (void)s;
    gen_crypto_call((int)a->op, a->rd, a->rn, a->rm, 0);
    return true;
}

static bool trans_crypto_4(DisasContext *s, arg_crypto_4 *a)
{
    (void)s;
    gen_crypto_call((int)a->op, a->rd, a->rn, a->rm, a->ra);
    return true;
}

static bool trans_XAR(DisasContext *s, arg_XAR *a)
{
    (void)s;
    gen_crypto_call(CRYPTO_XAR, a->rd, a->rn, a->rm, a->imm6);
    return true;
}

/* Sizes 01 and 10 are reserved: UNDEF. */
static bool trans_PMULL(DisasContext *s, arg_PMULL *a)
{
    (void)s;
    if (a->size == 0) {
        gen_crypto_call(CRYPTO_PMULL8, a->rd, a->rn, a->rm, a->q);
    } else if (a->size == 3) {
        gen_crypto_call(CRYPTO_PMULL64, a->rd, a->rn, a->rm, a->q);
    } else {
        return false;
    }
    return true;
}

/* ---- group entry points ---- */

bool a64_decode_crypto(DisasContext *s, uint32_t insn)
{
    return crypto_decode(s, insn);
}

const char *a64_describe_crypto(uint32_t insn, char *buf, size_t len)
{
    return crypto_describe(insn, buf, len);
}
