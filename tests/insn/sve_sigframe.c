/*
 * SVE signal frames at every vector length, 128 to 2048 bits: above 512
 * the SVE record does not fit in __reserved and goes to the extra space
 * an extra_context record names (uapi asm/sigcontext.h). The handler
 * lists the records, rewrites Z5, P5 and the FFR in the frame, and
 * rt_sigreturn must restore them. The reference is qemu-aarch64 -cpu max;
 * what it does differently is not printed: its SME records (ZA, TPIDR2)
 * and the extra space's offset (qemu 7.2 ends the records in __reserved
 * with an 8-byte terminator, Linux with TERMINATOR_SIZE, 16 bytes).
 * insn-cflags: -march=armv8.2-a+sve -O1
 * insn-arx: -cpu max,+sve
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <ucontext.h>

#ifndef PR_SVE_SET_VL
#define PR_SVE_SET_VL 50
#endif

#define REC_FPSIMD 0x46508001u
#define REC_ESR 0x45535201u
#define REC_SVE 0x53564501u
#define REC_EXTRA 0x45585401u

static uint8_t za[256], pa[32];

static uint32_t word(const uint8_t *p)
{
    uint32_t v;

    memcpy(&v, p, 4);
    return v;
}

/* Z5, P5, FFR of the SVE record rec: print, then rewrite. */
static void edit_sve(uint8_t *rec, uint32_t size)
{
    uint16_t vl;
    uint8_t *z5, *p5, *ffr;

    memcpy(&vl, rec + 8, 2);
    printf("  sve vl %u size %u\n", vl, size);
    if (size <= 16)
        return;
    z5 = rec + 16 + 5 * vl;
    p5 = rec + 16 + 32 * vl + 5 * (vl / 8);
    ffr = rec + 16 + 32 * vl + 16 * (vl / 8);
    printf("  z5 %02x %02x %02x p5 %02x %02x ffr %02x\n", z5[0], z5[vl / 2 + 3],
           z5[vl - 1], p5[0], p5[vl / 8 - 1], ffr[0]);
    memset(z5, 0x5a, vl);
    z5[vl - 1] = 0x77;
    memset(p5, 0xa5, vl / 8);
    ffr[vl / 8 - 1] = 0x01;
}

static void on_sigill(int sig, siginfo_t *si, void *ucp)
{
    ucontext_t *uc = ucp;
    uint8_t *base = (uint8_t *)uc->uc_mcontext.__reserved;
    uint8_t *rec = base;
    uint8_t *end = base + sizeof(uc->uc_mcontext.__reserved);

    (void)sig;
    (void)si;
    uc->uc_mcontext.pc += 4;
    printf("  frame: uc %% 16 = %u\n", (unsigned)((uintptr_t)uc % 16));
    while (rec + 8 <= end) {
        uint32_t magic = word(rec), size = word(rec + 4);

        if (magic == 0) {
            printf("  end\n");
            break;
        }
        if (magic == REC_FPSIMD || magic == REC_ESR || magic == REC_SVE ||
            magic == REC_EXTRA)
            printf("  record %08x size %u\n", magic, size);
        if (magic == REC_SVE)
            edit_sve(rec, size);
        if (magic == REC_EXTRA) {
            uint64_t datap;
            uint32_t xsize = word(rec + 16);

            memcpy(&datap, rec + 8, 8);
            printf("  then %08x %u, extra space past __reserved: %d\n",
                   word(rec + size), word(rec + size + 4),
                   (uint8_t *)(uintptr_t)datap + xsize > end);
            rec = (uint8_t *)(uintptr_t)datap;
            end = rec + xsize;
            continue;
        }
        rec += size;
    }
}

static void one_length(unsigned bytes)
{
    uint8_t z[256], p[32], f[32];
    int r = prctl(PR_SVE_SET_VL, bytes, 0, 0, 0);
    uint64_t vl;

    __asm__ volatile("rdvl %0, #1" : "=r"(vl));
    printf("== VL %u bytes (prctl %#x)\n", (unsigned)vl, r);
    memset(z, 0, sizeof(z));
    memset(p, 0, sizeof(p));
    memset(f, 0, sizeof(f));
    __asm__ volatile(
        "ldr z5, [%[a]]\n\tldr p5, [%[pa]]\n\tptrue p6.s, vl3\n\t"
        "wrffr p6.b\n\tudf #0\n\tstr z5, [%[z]]\n\t"
        "str p5, [%[p]]\n\trdffr p7.b\n\tstr p7, [%[f]]"
        :
        : [a] "r"(za), [pa] "r"(pa), [z] "r"(z), [p] "r"(p), [f] "r"(f)
        : "memory", "v5");
    printf("after sigreturn: z5 %02x %02x %02x p5 %02x %02x ffr %02x %02x\n",
           z[0], z[vl - 2], z[vl - 1], p[0], p[vl / 8 - 1], f[0],
           f[vl / 8 - 1]);
}

int main(void)
{
    struct sigaction sa;

    setvbuf(stdout, NULL, _IOLBF, 0);
    for (unsigned i = 0; i < 256; i++)
        za[i] = (uint8_t)(i * 7 + 1);
    for (unsigned i = 0; i < 32; i++)
        pa[i] = (uint8_t)(0x3c ^ i * 11);
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_sigill;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGILL, &sa, NULL);
    for (unsigned bytes = 16; bytes <= 256; bytes *= 2)
        one_length(bytes);
    return 0;
}
