/*
 * Check suite for linux-user/arm/signal.c and kuser.c: arm signal frames
 * built in a buffer below 4 GiB (guest_base 0) and read back at sigreturn
 * and rt_sigreturn, corrupt frames refused, the return code and kuser
 * pages. Stubs stand in for the CPU and the generic signal code.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <check.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "linux-user/arm/arm.h"
#include "target-arm/helper_fp.h"

uintptr_t guest_base;

/* ---- stubs ---- */

uint32_t fp_fpsr_read(const CPUARMState *env)
{
    return env->fpsr;
}

void fp_fpsr_write(CPUARMState *env, uint32_t fpsr)
{
    env->fpsr = fpsr;
}

static uint64_t stub_mask;
static int stub_raised;

void signal_thread_enter(GuestThread *t)
{
    (void)t;
}

void signal_thread_set_mask(GuestThread *t, uint64_t mask)
{
    t->signals.mask = mask;
    stub_mask = mask;
}

void signal_raise_sync(GuestThread *t, int sig, int si_code,
                       uint64_t fault_addr)
{
    (void)t;
    (void)si_code;
    (void)fault_addr;
    stub_raised = sig;
}

/* The arm ucontext as the uapi headers lay it out: 32-bit words only. */
typedef struct TestUcontext {
    uint32_t flags, link;
    uint32_t ss_sp;
    int32_t ss_flags;
    uint32_t ss_size;
    uint32_t trap_no, error_code, oldmask;
    uint32_t r[16]; /* r0-r12, sp, lr, pc */
    uint32_t cpsr, fault_address;
    uint32_t sigmask[2];
    uint32_t unused[30];
    uint32_t regspace[128];
} TestUcontext;

/* ---- fixtures ---- */

#define STACK_SIZE 65536
#define TRAMPOLINE 0x7000u

static uint8_t *stack;
static GuestThread *thread;

static void setup(void)
{
    stack = mmap(NULL, STACK_SIZE, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
    ck_assert_ptr_ne(stack, MAP_FAILED);
    thread = calloc(1, sizeof(*thread));
    for (int i = 0; i < 15; i++)
        thread->env.x[i] = 0x1000u * (uint32_t)i + 3;
    thread->env.x[13] = (uint32_t)(uintptr_t)(stack + STACK_SIZE - 12);
    thread->env.pc = 0x8000;
    cpu_set_cpsr(&thread->env, 0xf8000010u | 5u << 16); /* NZCVQ, GE */
    for (int i = 0; i < 32; i++)
        memset(&thread->env.v[i], 0x40 + i, sizeof(thread->env.v[i]));
    thread->env.fpcr = 0x00c00000; /* round to zero */
    thread->env.fpsr = 0x20000010;
    stub_raised = 0;
    stub_mask = 0;
}

static void teardown(void)
{
    munmap(stack, STACK_SIZE);
    free(thread);
}

static void deliver(uint64_t handler, uint64_t flags, uint64_t restorer,
                    const GuestSiginfo *info, uint64_t fault_syndrome)
{
    GuestSigaction act = {handler, flags, restorer, 0};
    GuestSiginfo none;
    SignalFrame f = {
        .sig = SIGUSR1,
        .act = &act,
        .info = info ? info : &none,
        .stack_top = thread->env.x[13],
        .altstack = {0x5000, 2 /* SS_DISABLE */, 0, 0x800},
        .saved_mask = 0x0000000300000400ull,
        .fault_address = 0x1234,
        .fault_syndrome = fault_syndrome,
        .trampoline = TRAMPOLINE,
    };

    memset(&none, 0, sizeof(none));
    arm_signal_setup_frame(thread, &f);
}

static TestUcontext *frame_uc(bool rt)
{
    return (TestUcontext *)(uintptr_t)(thread->env.x[13] + (rt ? 128 : 0));
}

/* ---- tests ---- */

START_TEST(test_plain_frame)
{
    uint32_t old_sp = (uint32_t)thread->env.x[13];
    TestUcontext *uc;
    const uint32_t *vfp;

    deliver(0x10001, 0, 0, NULL, 0);
    ck_assert_uint_eq(thread->env.x[13], (old_sp - 752) & ~7u);
    ck_assert_uint_eq(thread->env.x[0], SIGUSR1);
    ck_assert_uint_eq(thread->env.x[14], TRAMPOLINE + 8 + 1); /* T32 119 */
    ck_assert_uint_eq(thread->env.pc, 0x10000);
    ck_assert_uint_eq(thread->env.thumb, 1);
    ck_assert_uint_eq(cpu_get_cpsr(&thread->env), 0x00050030u); /* GE, T */
    uc = frame_uc(false);
    ck_assert_uint_eq(uc->flags, 0x5ac3c35a);
    ck_assert_uint_eq(uc->r[4], 0x4003);
    ck_assert_uint_eq(uc->r[13], old_sp);
    ck_assert_uint_eq(uc->r[15], 0x8000);
    ck_assert_uint_eq(uc->cpsr, 0xf8050010u);
    ck_assert_uint_eq(uc->oldmask, 0x400);
    ck_assert_uint_eq(uc->trap_no, 0);
    ck_assert_uint_eq(uc->sigmask[1], 3);
    vfp = uc->regspace;
    ck_assert_uint_eq(vfp[0], 0x56465001);
    ck_assert_uint_eq(vfp[1], 0x120);
    ck_assert_uint_eq(vfp[2], 0x40404040);      /* D0 */
    ck_assert_uint_eq(vfp[2 + 62], 0x4f4f4f4f); /* D31: v[15] high */
    ck_assert_uint_eq(vfp[66], 0x20c00010);     /* fpscr */
    ck_assert_uint_eq(vfp[68], 0x40000000);     /* fpexc EN */
    ck_assert_uint_eq(vfp[72], 0);              /* end magic */
    /* retcode: movs r7, #119; svc #0 */
    ck_assert_uint_eq(*(uint32_t *)((uint8_t *)uc + 744), 0xdf002777);
}
END_TEST

START_TEST(test_plain_sigreturn)
{
    uint32_t old_sp = (uint32_t)thread->env.x[13];
    TestUcontext *uc;

    deliver(0x10000, 0, 0, NULL, 0);
    ck_assert_uint_eq(thread->env.x[14], TRAMPOLINE); /* A32 119 */
    ck_assert_uint_eq(thread->env.thumb, 0);
    uc = frame_uc(false);
    uc->r[4] = 0xabcd;
    uc->r[15] = 0x9001;
    uc->cpsr = 0x40000030; /* Z, T */
    uc->regspace[2] = 0x11111111;
    memset(&thread->env.v[0], 0, sizeof(thread->env.v[0]) * 32);
    ck_assert_int_eq(arm_sys_sigreturn(thread), 0x3);
    ck_assert_int_eq(stub_raised, 0);
    ck_assert_uint_eq(thread->env.x[4], 0xabcd);
    ck_assert_uint_eq(thread->env.x[13], old_sp);
    ck_assert_uint_eq(thread->env.pc, 0x9000);
    ck_assert_uint_eq(thread->env.thumb, 1);
    ck_assert_uint_eq(cpu_get_nzcv(&thread->env), 0x40000000);
    ck_assert_uint_eq(thread->env.v[0].b[0], 0x11);
    ck_assert_uint_eq(thread->env.v[0].b[8], 0x40);   /* D1 */
    ck_assert_uint_eq(thread->env.v[15].b[15], 0x4f); /* D31 */
    ck_assert_uint_eq(thread->env.fpcr, 0x00c00000);
    ck_assert_uint_eq(thread->env.fpsr, 0x20000010);
    ck_assert_uint_eq(stub_mask, 0x0000000300000400ull);
}
END_TEST

START_TEST(test_rt_frame)
{
    GuestSiginfo info;
    uint32_t sp;
    const uint32_t *si;
    TestUcontext *uc;
    GuestStack st;
    uint64_t mask;

    memset(&info, 0, sizeof(info));
    info.signo = SIGSEGV;
    info.code = SEGV_ACCERR;
    info.addr = 0x1234;
    deliver(0x20000, SA_SIGINFO | GUEST_SA_RESTORER, 0x30001, &info,
            (1ull << 32) | 0x80f);
    sp = (uint32_t)thread->env.x[13];
    ck_assert_uint_eq(thread->env.x[1], sp);
    ck_assert_uint_eq(thread->env.x[2], sp + 128);
    ck_assert_uint_eq(thread->env.x[14], 0x30001);
    si = (const uint32_t *)(uintptr_t)sp;
    ck_assert_uint_eq(si[0], SIGSEGV);
    ck_assert_uint_eq(si[2], SEGV_ACCERR);
    ck_assert_uint_eq(si[3], 0x1234); /* si_addr at 12 */
    uc = frame_uc(true);
    ck_assert_uint_eq(uc->flags, 0);
    ck_assert_uint_eq(uc->ss_sp, 0x5000);
    ck_assert_int_eq(uc->ss_flags, 2);
    ck_assert_uint_eq(uc->ss_size, 0x800);
    ck_assert_uint_eq(uc->trap_no, 14);
    ck_assert_uint_eq(uc->error_code, 0x80f);
    ck_assert_uint_eq(uc->fault_address, 0x1234);
    ck_assert(arm_signal_restore_frame(thread, &mask, &st));
    ck_assert_uint_eq(mask, 0x0000000300000400ull);
    ck_assert_uint_eq(st.sp, 0x5000);
    ck_assert_uint_eq(st.size, 0x800);
    ck_assert_uint_eq(thread->env.pc, 0x8000);
    ck_assert_uint_eq(thread->env.x[1], 0x1003);
}
END_TEST

START_TEST(test_corrupt_frames)
{
    TestUcontext *uc;
    GuestStack st;
    uint64_t mask;

    deliver(0x20000, SA_SIGINFO, 0, NULL, 0);
    ck_assert_uint_eq(thread->env.x[14], TRAMPOLINE + 12); /* A32 173 */
    uc = frame_uc(true);
    uc->regspace[0] = 0x56465002;
    ck_assert(!arm_signal_restore_frame(thread, &mask, &st));
    ck_assert_uint_eq(thread->env.pc, 0x20000); /* unchanged */
    uc->regspace[0] = 0x56465001;
    uc->cpsr = 0x13; /* SVC mode */
    ck_assert(!arm_signal_restore_frame(thread, &mask, &st));
    uc->cpsr = 0x90; /* IRQs masked */
    ck_assert(!arm_signal_restore_frame(thread, &mask, &st));
    uc->cpsr = 0x150; /* A, F dropped */
    ck_assert(arm_signal_restore_frame(thread, &mask, &st));
    ck_assert_uint_eq(cpu_get_cpsr(&thread->env), 0x10);

    setup();
    deliver(0x10000, 0, 0, NULL, 0);
    frame_uc(false)->cpsr = 0x1f; /* system mode */
    arm_sys_sigreturn(thread);
    ck_assert_int_eq(stub_raised, SIGSEGV);
    stub_raised = 0;
    thread->env.x[13] += 4;
    arm_sys_sigreturn(thread);
    ck_assert_int_eq(stub_raised, SIGSEGV);
}
END_TEST

START_TEST(test_siginfo_layouts)
{
    GuestSiginfo in;
    uint32_t out[32];

    memset(&in, 0, sizeof(in));
    in.signo = SIGCHLD;
    in.code = CLD_EXITED;
    memcpy((uint8_t *)&in + 16, (const uint32_t[]){77, 1000, 3}, 12);
    memcpy((uint8_t *)&in + 32, (const uint64_t[]){5, 6}, 16);
    arm_siginfo_from_host(out, &in);
    ck_assert_uint_eq(out[3], 77);
    ck_assert_uint_eq(out[4], 1000);
    ck_assert_uint_eq(out[5], 3);
    ck_assert_uint_eq(out[6], 5);
    ck_assert_uint_eq(out[7], 6);
    in.signo = SIGUSR1;
    in.code = SI_QUEUE;
    memcpy((uint8_t *)&in + 24, (const uint64_t[]){0x42}, 8);
    arm_siginfo_from_host(out, &in);
    ck_assert_uint_eq(out[2], (uint32_t)SI_QUEUE);
    ck_assert_uint_eq(out[5], 0x42);
}
END_TEST

START_TEST(test_pages)
{
    static uint32_t page[1024];

    ck_assert_uint_eq(arm_signal_write_trampoline(page), 0);
    ck_assert_uint_eq(page[0], 0xe3a07077);
    ck_assert_uint_eq(page[3], 0xe3a070ad);
    ck_assert_uint_eq(page[5], 0xdf0027ad);
    arm_kuser_write(page);
    ck_assert_uint_eq(page[0xffc / 4], 5);
    ck_assert_uint_eq(page[0xfe0 / 4], 0xee1d0f70);
    ck_assert_uint_eq(page[0xfa0 / 4], 0xf57ff05b);
    ck_assert_uint_eq(page[0xfc0 / 4], 0xf57ff05b);
    ck_assert_uint_eq(page[0xf60 / 4], 0xe92d00f0);
    ck_assert_uint_eq(page[0], 0xe7f000f0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("arm_signal");
    TCase *tc = tcase_create("frames");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_plain_frame);
    tcase_add_test(tc, test_plain_sigreturn);
    tcase_add_test(tc, test_rt_frame);
    tcase_add_test(tc, test_corrupt_frames);
    tcase_add_test(tc, test_siginfo_layouts);
    tcase_add_test(tc, test_pages);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
