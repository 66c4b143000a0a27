/*
 * x86-64 side of the VFP instruction tests: arx's A32/T32 translator and
 * backend in process, guest memory at guest_base 0, no loader and no
 * integer decoders needed. Runs each instruction of the assembled
 * vfp_insns.S tables (files given as arguments) followed by a UDF, over
 * the cases of vfp_cases.h, and prints what vfp_test.c prints.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "target-arm/a32/helper_a32_vfp.h"
#include "target-arm/cpu.h"
#include "target-arm/helper_fp.h"
#include "tcg/exec.h"
#include "tcg/guest_mem.h"
#include "tcg/target_ops.h"

#include "vfp_cases.h"

extern const TCGTargetOps arm_a32_tcg_ops;

/* ---- guest memory: host addresses below 4 GiB ---- */

void *guest_host_ptr(void *env, uint64_t addr, uint64_t len, GuestAccess a)
{
    (void)env;
    (void)len;
    (void)a;
    return (void *)(uintptr_t)addr;
}

GuestFetchState guest_fetch_state(void *env, uint64_t pc)
{
    (void)env;
    (void)pc;
    return GUEST_FETCH_OK;
}

bool guest_fetch_guarded(void *env, uint64_t pc)
{
    (void)env;
    (void)pc;
    return false;
}

bool guest_readable(void *env, uint64_t addr)
{
    (void)env;
    (void)addr;
    return true;
}

uint32_t guest_fetch32(void *env, uint64_t pc)
{
    (void)env;
    return *(const uint32_t *)(uintptr_t)pc;
}

uint16_t guest_fetch16(void *env, uint64_t pc)
{
    (void)env;
    return *(const uint16_t *)(uintptr_t)pc;
}

uint64_t guest_load(void *env, uint64_t addr, unsigned size)
{
    uint64_t v = 0;

    (void)env;
    memcpy(&v, (const void *)(uintptr_t)addr, size);
    return v;
}

void guest_store(void *env, uint64_t addr, unsigned size, uint64_t v)
{
    (void)env;
    memcpy((void *)(uintptr_t)addr, &v, size);
}

/* ---- one case ---- */

static uint8_t *code_next, *scratch;
static CPUARMState *env;

static void run_case(const uint8_t *insn, int thumb, unsigned i, unsigned j,
                     unsigned mode)
{
    VfpState st;
    uint8_t *code = code_next;
    uint32_t word = 0, r2 = (uint32_t)(uintptr_t)(scratch + VFP_SCRATCH / 2);

    code_next += 8; /* a fresh pc: no stale block */
    memcpy(code, insn, 4);
    if (thumb) {
        memcpy(code + 4, "\x00\xde", 2); /* udf #0 */
        word = (uint32_t)insn[0] << 16 | insn[1] << 24 | insn[2] | insn[3] << 8;
    } else {
        memcpy(code + 4, "\xf0\x00\xf0\xe7", 4); /* udf #0 */
        memcpy(&word, insn, 4);
    }
    vfp_case_state(&st, i, j, mode);
    vfp_scratch_init(scratch);
    memset(env, 0, sizeof(*env));
    for (int n = 0; n < 4; n++)
        env->x[n] = n == 2 ? r2 : st.r[n];
    memcpy(env->v, st.d, sizeof(st.d));
    a32_vfp_fpscr_write(env, st.fpscr);
    cpu_set_nzcv(env, st.apsr);
    env->thumb = thumb;
    env->pc = (uintptr_t)code;
    env->exception = EXCP_NONE;
    tcg_cpu_exec(env);
    if (env->exception != EXCP_UDEF || env->pc != (uintptr_t)code + 4)
        printf("STOP exception %u at +%lld: ", env->exception,
               (long long)(env->pc - (uintptr_t)code));
    memcpy(st.d, env->v, sizeof(st.d));
    for (int n = 0; n < 4; n++)
        st.r[n] = (uint32_t)env->x[n];
    st.fpscr = a32_vfp_fpscr_read(env);
    a32_vfp_fpscr_write(env, 0);
    st.apsr = cpu_get_nzcv(env);
    vfp_print(thumb ? "T32" : "A32", word, i, j, mode, &st, st.r[2] - r2,
              scratch);
}

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    static uint8_t buf[65536];

    if (!f)
        exit(2);
    *len = fread(buf, 1, sizeof(buf), f);
    fclose(f);
    uint8_t *copy = malloc(*len);
    memcpy(copy, buf, *len);
    return copy;
}

/*
 * Encodings that must UNDEF in user mode (A32 words, cond AL): VMRS/VMSR
 * of FPSID, MVFR0, MVFR1, MVFR2 and FPEXC (PL1 only; qemu-arm UNDEFs
 * them too), VLDM with P = U and W = 1, VLDM of no register, VCVT to
 * fixed point with fbits < 0, VMOV.32 scalar with U = 1.
 */
static const uint32_t vfp_undef_insns[] = {
    0xeef00a10, 0xeef70a10, 0xeef60a10, 0xeef50a10, 0xeef80a10,
    0xeee80a10, 0xeda10a02, 0xec910a00, 0xeefe0a6f, 0xeeb10b90,
};

/* Each must stop at its own pc with EXCP_UDEF; returns the failures. */
static int check_undefs(void)
{
    int bad = 0;

    for (size_t n = 0; n < sizeof(vfp_undef_insns) / 4; n++) {
        uint8_t *code = code_next;
        code_next += 8;
        memcpy(code, &vfp_undef_insns[n], 4);
        memset(env, 0, sizeof(*env));
        env->pc = (uintptr_t)code;
        env->exception = EXCP_NONE;
        tcg_cpu_exec(env);
        if (env->exception != EXCP_UDEF || env->pc != (uintptr_t)code) {
            printf("UNDEF expected: %08x\n", vfp_undef_insns[n]);
            bad++;
        }
    }
    return bad;
}

int main(int argc, char **argv)
{
    size_t len[2];
    uint8_t *table[2];
    int full = argc > 3 && strcmp(argv[3], "full") == 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s A32.bin T32.bin [full]\n", argv[0]);
        return 2;
    }
    table[0] = read_file(argv[1], &len[0]);
    table[1] = read_file(argv[2], &len[1]);
    code_next = mmap(NULL, 64 << 20, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
    scratch = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
    env = aligned_alloc(64, (sizeof(*env) + 63) & ~(size_t)63);
    if (code_next == MAP_FAILED || scratch == MAP_FAILED || !env)
        return 1;
    tcg_exec_init(&arm_a32_tcg_ops, 0);
    if (check_undefs())
        return 1;
    for (int thumb = 0; thumb < 2; thumb++)
        for (size_t p = 0; p + 4 <= len[thumb]; p += 4)
            for (unsigned i = 0; i < VFP_NVALUES; i++)
                for (unsigned j = 0; j < VFP_NVALUES; j++)
                    for (unsigned m = 0; m < VFP_NMODES; m++)
                        if (full || m == (i + 2 * j) % VFP_NMODES)
                            run_case(table[thumb] + p, thumb, i, j, m);
    return 0;
}
