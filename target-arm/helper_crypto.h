/*
 * Cryptographic Extension helpers (AES, PMULL, SHA1, SHA256, SHA512, SHA3)
 * for the A64 translator: whole-register operations on env->v[]. The op
 * numbers are the {op=N} constants of crypto.decode. Nothing here emits IR.
 */
#ifndef ARX_TARGET_ARM_HELPER_CRYPTO_H
#define ARX_TARGET_ARM_HELPER_CRYPTO_H

#include <stdint.h>

/* Every crypto instruction arx implements, in crypto.decode's op order. */
/* clang-format off */
#define CRYPTO_OPS(X)                                                       \
    X(AESE) X(AESD) X(AESMC) X(AESIMC)                                      \
    X(SHA1C) X(SHA1P) X(SHA1M) X(SHA1SU0) X(SHA256H) X(SHA256H2)            \
    X(SHA256SU1) X(SHA1H) X(SHA1SU1) X(SHA256SU0)                           \
    X(SHA512H) X(SHA512H2) X(SHA512SU1) X(RAX1) X(SHA512SU0)                \
    X(EOR3) X(BCAX) X(XAR) X(PMULL8) X(PMULL64)
/* clang-format on */

#define CRYPTO_ENUM_ENTRY(name) CRYPTO_##name,
enum { CRYPTO_OPS(CRYPTO_ENUM_ENTRY) CRYPTO_NB_OPS };
#undef CRYPTO_ENUM_ENTRY

/*
 * All helpers share one signature: env, the register numbers d, n, m, and
 * extra (Ra for EOR3/BCAX, the rotation for XAR, the "2" half for PMULL).
 * Unused register numbers are ignored. The return value is meaningless.
 */
typedef uint64_t CryptoHelperFn(uint64_t env, uint64_t rd, uint64_t rn,
                                uint64_t rm, uint64_t extra);

/*
 * The implementation of op for this host: AES-NI or PCLMULQDQ where CPUID
 * reports them (unless force_portable), else plain C. NULL for a bad op.
 */
CryptoHelperFn *helper_crypto_fn(int op, int force_portable);

#endif
