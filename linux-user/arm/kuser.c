/*
 * The kuser helpers page an arm kernel maps at 0xffff0000: fixed-address
 * A32 routines (cmpxchg, cmpxchg64, memory barrier, get_tls) and the
 * helper version word, as Documentation/arm/kernel_user_helpers.rst
 * describes them. Only writes the page's content; the loader maps it.
 */
#include <stdint.h>
#include <string.h>

#include "linux-user/arm/arm.h"

#define KUSER_UDF 0xe7f000f0u /* udf #0: the page's unused words */

/* __kuser_cmpxchg64 (r0 = &old, r1 = &new, r2 = ptr): r0 = 0 and C set
 * when *ptr held old and now holds new; r0 != 0, C clear otherwise. */
static const uint32_t kuser_cmpxchg64[] = {
    0xe92d00f0, /* push {r4, r5, r6, r7} */
    0xe1c040d0, /* ldrd r4, r5, [r0] */
    0xe1c160d0, /* ldrd r6, r7, [r1] */
    0xf57ff05b, /* dmb ish */
    0xe1b20f9f, /* 1: ldrexd r0, r1, [r2] */
    0xe0303004, /* eors r3, r0, r4 */
    0x00313005, /* eorseq r3, r1, r5 */
    0x01a23f96, /* strexdeq r3, r6, r7, [r2] */
    0x03330001, /* teqeq r3, #1: the store lost the monitor */
    0x0afffff9, /* beq 1b */
    0xf57ff05b, /* dmb ish */
    0xe2730000, /* rsbs r0, r3, #0: C set only when r3 == 0 */
    0xe8bd00f0, /* pop {r4, r5, r6, r7} */
    0xe12fff1e, /* bx lr */
};

/* __kuser_memory_barrier. */
static const uint32_t kuser_memory_barrier[] = {
    0xf57ff05b, /* dmb ish */
    0xe12fff1e, /* bx lr */
};

/* __kuser_cmpxchg (r0 = old, r1 = new, r2 = ptr): as cmpxchg64; r3 and
 * ip may be clobbered. Its slot holds 8 insns: the trailing barrier is
 * __kuser_memory_barrier's. */
static const uint32_t kuser_cmpxchg[] = {
    0xf57ff05b, /* dmb ish */
    0xe1923f9f, /* 1: ldrex r3, [r2] */
    0xe0533000, /* subs r3, r3, r0 */
    0x01823f91, /* strexeq r3, r1, [r2] */
    0x03330001, /* teqeq r3, #1 */
    0x0afffffa, /* beq 1b */
    0xe2730000, /* rsbs r0, r3, #0 */
    0xeaffffef, /* b __kuser_memory_barrier */
};

/* __kuser_get_tls: TPIDRURO. */
static const uint32_t kuser_get_tls[] = {
    0xee1d0f70, /* mrc p15, 0, r0, c13, c0, 3 */
    0xe12fff1e, /* bx lr */
};

static void kuser_put(void *page, uint32_t addr, const uint32_t *code,
                      size_t size)
{
    memcpy((uint8_t *)page + (addr - ARM_KUSER_PAGE), code, size);
}

void arm_kuser_write(void *page)
{
    uint32_t *words = page;
    /* One 32-byte slot per helper from cmpxchg64 up to the version word,
     * as the kernel counts them. */
    uint32_t version = (ARM_KUSER_PAGE + 0x1000 - ARM_KUSER_CMPXCHG64) >> 5;

    for (size_t i = 0; i < 0x1000 / sizeof(uint32_t); i++)
        words[i] = KUSER_UDF;
    kuser_put(page, ARM_KUSER_CMPXCHG64, kuser_cmpxchg64,
              sizeof(kuser_cmpxchg64));
    kuser_put(page, ARM_KUSER_MEMORY_BARRIER, kuser_memory_barrier,
              sizeof(kuser_memory_barrier));
    kuser_put(page, ARM_KUSER_CMPXCHG, kuser_cmpxchg, sizeof(kuser_cmpxchg));
    kuser_put(page, ARM_KUSER_GET_TLS, kuser_get_tls, sizeof(kuser_get_tls));
    kuser_put(page, ARM_KUSER_HELPER_VERSION, &version, sizeof(version));
}
