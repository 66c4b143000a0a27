/*
 * A fault on a vector load or store while other vector registers hold
 * values just computed: the SIGSEGV handler must see them all in the
 * signal frame's FPSIMD record (arx keeps them in host registers and
 * rebuilds them from the fault site). The output must match qemu's.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <asm/sigcontext.h>

static sigjmp_buf env;
static int nregs_to_show;

static void show_fpsimd(ucontext_t *uc, int nregs)
{
    struct _aarch64_ctx *head =
        (struct _aarch64_ctx *)uc->uc_mcontext.__reserved;

    while (head->magic) {
        if (head->magic == FPSIMD_MAGIC) {
            struct fpsimd_context *fp = (struct fpsimd_context *)head;
            for (int i = 0; i < nregs; i++)
                printf("v%d %016llx %016llx\n", i,
                       (unsigned long long)(uint64_t)fp->vregs[i],
                       (unsigned long long)(uint64_t)(fp->vregs[i] >> 64));
            return;
        }
        head = (struct _aarch64_ctx *)((char *)head + head->size);
    }
    printf("no fpsimd record\n");
}

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
    (void)sig;
    (void)si;
    show_fpsimd(ctx, nregs_to_show);
    siglongjmp(env, 1);
}

int main(void)
{
    static const uint32_t a[4] = {1, 2, 3, 4}, b[4] = {10, 20, 30, 40};
    void *bad = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    nregs_to_show = 4;
    if (!sigsetjmp(env, 1)) {
        __asm__ volatile(
            "ldr q0, [%0]\n ldr q1, [%1]\n add v2.4s, v0.4s, v1.4s\n"
            "mul v3.4s, v2.4s, v1.4s\n ldr q1, [%2]\n" ::"r"(a),
            "r"(b), "r"(bad)
            : "v0", "v1", "v2", "v3", "memory");
    }
    nregs_to_show = 3;
    if (!sigsetjmp(env, 1)) {
        __asm__ volatile(
            "ldr q0, [%0]\n ldr q1, [%1]\n sub v2.4s, v1.4s, v0.4s\n"
            "str q2, [%2]\n" ::"r"(a),
            "r"(b), "r"(bad)
            : "v0", "v1", "v2", "memory");
    }
    return 0;
}
