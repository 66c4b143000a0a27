/*
 * Bare-metal test, hostile guest: what an odd or malicious guest reaches
 * (misaligned PC, HVC/SMC from EL0, unallocated and read-only system
 * registers, code fetched from a device, misaligned exclusives and
 * acquire/release, unknown PSCI calls, AT on unmapped
 * addresses). Prints only what every correct emulator of -cpu cortex-a57
 * agrees on.
 */
#include "lib.h"
#include "mmu.h"

#define EC_PC_ALIGN 0x22
#define EC_SYSREG 0x18
#define UNMAPPED_VA 0x1000000000ul /* 64 GiB: no level 1 entry */
#define PSCI_VERSION 0x84000000ul
#define PSCI_FEATURES 0x8400000aul
#define PSCI_CPU_ON_64 0xc4000003ul
#define PSCI_UNKNOWN 0x8400001ful
#define SMCCC_VERSION 0x80000000ul
#define PSCI_NOT_SUPPORTED ((uint64_t)-1)

/* EL0 snippets: each ends with svc #0xff, the way back to EL1. */
extern char el0_hvc[], el0_smc[], el0_mrs_id[];
__asm__(".text\n"
        ".balign 4\n"
        "el0_hvc: hvc #0\n"
        "    svc #0xff\n"
        "el0_smc: smc #0\n"
        "    svc #0xff\n"
        "el0_mrs_id: mrs x0, id_aa64pfr0_el1\n"
        "    svc #0xff\n"
        /* Room for a branch target 2 bytes into a word. */
        ".balign 4\n"
        "misaligned_pad: nop\n"
        "    nop\n");
extern char misaligned_pad[];

/* Written by the handler behind the compiler's back. */
static volatile uint64_t last_esr, last_far, last_elr, last_spsr;
static volatile int taken;
/* When set, the handler resumes at the saved LR instead of ELR + 4: for
 * faults at a branch target, where ELR + 4 is no place to go. */
static volatile bool resume_at_lr;

static bool record(ExcFrame *f, uint64_t esr, uint64_t far)
{
    last_esr = esr;
    last_far = far;
    last_elr = f->elr;
    last_spsr = f->spsr;
    taken++;
    if (resume_at_lr)
        f->elr = f->x[30];
    else
        f->elr += 4;
    return true;
}

static void print_field(const char *name, uint64_t v)
{
    bm_puts(" ");
    bm_puts(name);
    bm_puts("=");
    bm_put_hex(v);
}

static void print_yes_no(const char *what, bool yes)
{
    bm_puts(what);
    bm_puts(yes ? ": yes\n" : ": no\n");
}

/* Branches to target with x30 = the instruction after the branch. */
static void branch_to(uint64_t target)
{
    resume_at_lr = true;
    __asm__ volatile("adr x30, 1f\n\tbr %0\n1:"
                     :
                     : "r"(target)
                     : "x30", "memory");
    resume_at_lr = false;
}

static void test_misaligned_pc(void)
{
    uint64_t target = (uint64_t)misaligned_pad + 2;
    taken = 0;
    branch_to(target);
    bm_puts("misaligned br:");
    print_field("ec", ESR_EC(last_esr));
    print_field("far-target", last_far - target);
    print_field("elr-target", last_elr - target);
    bm_puts("\n");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_PC_ALIGN,
             "br to pc & 3 == 2: PC alignment fault, EC 0x22");
    bm_check(last_far == target && last_elr == target,
             "FAR and ELR hold the misaligned target");
}

/* Runs an EL0 snippet with x0 = arg; true when it was UNDEF at EL0 and
 * came back with x0 untouched. */
static bool el0_undef(const char *what, char *snippet, uint64_t arg)
{
    taken = 0;
    uint64_t result = bm_run_el0((uint64_t)snippet, arg);
    bm_puts(what);
    print_field("ec", ESR_EC(last_esr));
    print_field("spsr.M", last_spsr & 0xf);
    bm_puts("\n");
    return taken == 1 && ESR_EC(last_esr) == EC_UNKNOWN &&
           (last_spsr & 0xf) == 0 && last_elr == (uint64_t)snippet &&
           result == arg;
}

static void test_el0_hvc_smc(void)
{
    /* x0 = PSCI_VERSION: an emulator that took these as PSCI calls would
     * change x0. */
    bm_check(el0_undef("hvc from el0:", el0_hvc, PSCI_VERSION),
             "hvc at EL0: UNDEF, x0 untouched");
    bm_check(el0_undef("smc from el0:", el0_smc, PSCI_VERSION),
             "smc at EL0: UNDEF, x0 untouched");
}

static void test_el0_id_reg(void)
{
    /* Without FEAT_IDST it is UNDEF (EC 0x0), with it EC 0x18: either way
     * it traps to EL1, which is what Linux's emulation relies on. */
    taken = 0;
    uint64_t result = bm_run_el0((uint64_t)el0_mrs_id, 0x1234);
    bool trapped = taken == 1 && (ESR_EC(last_esr) == EC_UNKNOWN ||
                                  ESR_EC(last_esr) == EC_SYSREG);
    print_yes_no("id reg from el0 trapped", trapped);
    bm_check(trapped && result == 0x1234,
             "mrs id_aa64pfr0_el1 at EL0 traps to EL1");
}

static void test_sysregs(void)
{
    uint64_t v = 0x5a5a;
    taken = 0;
    __asm__ volatile("mrs %0, s3_0_c15_c15_7" : "+r"(v)::"memory");
    bm_puts("mrs unallocated:");
    print_field("ec", ESR_EC(last_esr));
    bm_puts("\n");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_UNKNOWN && v == 0x5a5a,
             "mrs s3_0_c15_c15_7 at EL1: UNDEF");

    uint64_t before = read_sysreg(id_aa64pfr0_el1);
    taken = 0;
    __asm__ volatile("msr s3_0_c0_c4_0, %0" : : "r"(~before) : "memory");
    uint64_t after = read_sysreg(id_aa64pfr0_el1);
    bm_puts("msr id_aa64pfr0_el1:");
    print_field("ec", ESR_EC(last_esr));
    bm_puts("\n");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_UNKNOWN && after == before,
             "msr to a read-only ID register: UNDEF, value kept");
}

/* Fetches from target, which must fault at the target itself. */
static bool fetch_faults(uint64_t target)
{
    taken = 0;
    branch_to(target);
    return taken == 1 && last_elr == target;
}

static void test_fetch_device(void)
{
    /* MMU off: fetches are Normal memory, so what a device register
     * returns may be executed (qemu reads the PL011's empty data register,
     * 0, a UDF) or the bus may refuse it (arx: synchronous external
     * abort). Either way the guest gets an exception at the target. */
    bool ok = fetch_faults(UART_BASE);
    uint64_t ec = ESR_EC(last_esr);
    print_yes_no("fetch from pl011, mmu off, trapped at target", ok);
    bm_check(ok && (ec == EC_IABT_CUR || ec == EC_UNKNOWN),
             "fetch from a device, MMU off: exception at the target");
}

static void test_fetch_unassigned(void)
{
    uint64_t target = 0x0a100000ul; /* nothing there on virt */
    bool ok = fetch_faults(target);
    bm_puts("fetch from unassigned, mmu off:");
    print_field("ec", ESR_EC(last_esr));
    print_field("ifsc", ESR_FSC(last_esr));
    print_field("far", last_far);
    bm_puts("\n");
    bm_check(ok && ESR_EC(last_esr) == EC_IABT_CUR &&
                 ESR_FSC(last_esr) == 0x10 && last_far == target,
             "fetch from no device: synchronous external abort, FAR");
}

static void test_fetch_pxn_device(void)
{
    /* mmu.c maps the devices' 1G block execute-never. */
    bool ok = fetch_faults(UART_BASE);
    bm_puts("fetch from pl011, mmu on (pxn):");
    print_field("ec", ESR_EC(last_esr));
    print_field("ifsc", ESR_FSC(last_esr));
    print_field("far", last_far);
    bm_puts("\n");
    bm_check(ok && ESR_EC(last_esr) == EC_IABT_CUR &&
                 ESR_FSC(last_esr) == 0x0d && last_far == UART_BASE,
             "fetch from a PXN device block: permission fault level 1");
}

static uint64_t psci_call(uint64_t fn, uint64_t arg)
{
    register uint64_t x0 __asm__("x0") = fn;
    register uint64_t x1 __asm__("x1") = arg;
    __asm__ volatile("hvc #0" : "+r"(x0), "+r"(x1) : : "x2", "x3", "memory");
    return x0;
}

static void test_psci(void)
{
    taken = 0;
    /* qemu 7.2 says 1.1, arx 1.0: both are PSCI 1.x. */
    uint64_t v = psci_call(PSCI_VERSION, 0);
    bool v1 = (v >> 16) == 1;
    print_yes_no("psci version 1.x", v1);
    bm_check(v1, "PSCI_VERSION: major 1");
    uint64_t f = psci_call(PSCI_FEATURES, PSCI_CPU_ON_64);
    bm_print_hex("psci features cpu_on64", f);
    bm_check(f == 0, "PSCI_FEATURES(CPU_ON): 0, implemented");
    uint64_t u = psci_call(PSCI_UNKNOWN, 0);
    bm_print_hex("psci 0x8400001f", u);
    bm_check(u == PSCI_NOT_SUPPORTED, "unknown PSCI function: NOT_SUPPORTED");
    /* SMCCC_VERSION: NOT_SUPPORTED (SMCCC 1.0, both today) or a version
     * of at least 1.0; never an exception, never garbage. */
    uint64_t s = psci_call(SMCCC_VERSION, 0);
    bool valid = s == PSCI_NOT_SUPPORTED || (s >= 0x10000 && s < 0x80000000ul);
    print_yes_no("smccc version answer valid", valid);
    bm_check(valid && taken == 0, "SMCCC_VERSION answered over HVC");
}

static void test_ldxr_misaligned(void)
{
    static uint64_t words[2] __attribute__((aligned(16)));
    uint64_t addr = (uint64_t)words + 4, v = 0x77;
    taken = 0;
    __asm__ volatile("ldxr %0, [%1]" : "+r"(v) : "r"(addr) : "memory");
    __asm__ volatile("clrex" ::: "memory");
    bm_puts("ldxr at 8n+4:");
    print_field("ec", ESR_EC(last_esr));
    print_field("dfsc", ESR_FSC(last_esr));
    print_field("far-addr", last_far - addr);
    bm_puts("\n");
    bm_check(taken == 1 && ESR_EC(last_esr) == EC_DABT_CUR &&
                 ESR_FSC(last_esr) == 0x21 && last_far == addr && v == 0x77,
             "misaligned 64-bit ldxr on Normal memory: alignment fault");
}

/* Prints "what: ec=.. dfsc=.. wnr=.. far-addr=.." for the last fault,
 * or "what: no exception". */
static void print_abort(const char *what, uint64_t addr)
{
    bm_puts(what);
    if (taken == 0) {
        bm_puts(" no exception\n");
        return;
    }
    print_field("ec", ESR_EC(last_esr));
    print_field("dfsc", ESR_FSC(last_esr));
    print_field("wnr", ESR_WNR(last_esr));
    print_field("far-addr", last_far - addr);
    bm_puts("\n");
}

static bool alignment_fault(uint64_t addr, int wnr)
{
    return taken == 1 && ESR_EC(last_esr) == EC_DABT_CUR &&
           ESR_FSC(last_esr) == 0x21 && ESR_WNR(last_esr) == (uint64_t)wnr &&
           last_far == addr;
}

static void test_acquire_release_misaligned(void)
{
    /* Without FEAT_LSE2 (cortex-a57) load-acquire and store-release must
     * be aligned whatever SCTLR_EL1.A says. */
    static uint64_t words[2] __attribute__((aligned(16)));
    uint64_t addr = (uint64_t)words + 4, v = 0x77;
    taken = 0;
    __asm__ volatile("ldar %0, [%1]" : "+r"(v) : "r"(addr) : "memory");
    print_abort("ldar at 8n+4:", addr);
    bm_check(alignment_fault(addr, 0) && v == 0x77,
             "misaligned ldar: alignment fault");
    taken = 0;
    __asm__ volatile("stlr %0, [%1]" : : "r"(v), "r"(addr) : "memory");
    print_abort("stlr at 8n+4:", addr);
    bm_check(alignment_fault(addr, 1) && words[0] == 0 && words[1] == 0,
             "misaligned stlr: alignment fault, nothing stored");
}

/* SCTLR_EL1.A (alignment checking of every access) is not tested: arx
 * does not implement it (Linux runs with A = 0; docs/architecture.md). */

static uint32_t stxr(uint64_t *p, uint64_t v)
{
    uint32_t status;
    __asm__ volatile("stxr %w0, %2, [%1]"
                     : "=&r"(status)
                     : "r"(p), "r"(v)
                     : "memory");
    return status;
}

static void test_exclusives(void)
{
    static uint64_t word __attribute__((aligned(8))) = 10;
    uint64_t v;
    __asm__ volatile("ldxr %0, [%1]" : "=r"(v) : "r"(&word) : "memory");
    uint32_t s1 = stxr(&word, v + 1);
    uint32_t s2 = stxr(&word, 100);
    __asm__ volatile("ldxr %0, [%1]\n\tclrex"
                     : "=r"(v)
                     : "r"(&word)
                     : "memory");
    uint32_t s3 = stxr(&word, 200);
    bm_puts("exclusives:");
    print_field("pair", s1);
    print_field("again", s2);
    print_field("after-clrex", s3);
    print_field("word", word);
    bm_puts("\n");
    bm_check(s1 == 0, "ldxr/stxr pair: status 0");
    bm_check(s2 == 1, "stxr without ldxr: status 1");
    bm_check(s3 == 1 && word == 11, "stxr after clrex: status 1, no store");
}

static uint64_t at_s1e1r(uint64_t va)
{
    __asm__ volatile("at s1e1r, %0\n\tisb" : : "r"(va) : "memory");
    return read_sysreg(par_el1);
}

static void test_at(void)
{
    /* Page 5 of the page region remapped to page 9's frame. */
    uint64_t pa9 = mmu_page_va(9), va5 = mmu_page_va(5);
    mmu_set_page(5, MMU_PAGE(pa9));
    mmu_tlbi_va(va5);
    uint64_t par = at_s1e1r(va5 + 0x123);
    bm_puts("at mapped:");
    print_field("f", par & 1);
    print_field("pa", par & 0xfffffffff000ul);
    bm_puts("\n");
    bm_check((par & 1) == 0 && (par & 0xfffffffff000ul) == pa9,
             "AT S1E1R mapped: F=0, PA of the frame");

    mmu_set_page(6, 0);
    mmu_tlbi_va(mmu_page_va(6));
    par = at_s1e1r(mmu_page_va(6));
    bm_puts("at unmapped page:");
    print_field("f", par & 1);
    print_field("fst", (par >> 1) & 0x3f);
    bm_puts("\n");
    bm_check((par & 1) == 1 && ((par >> 1) & 0x3f) == 0x07,
             "AT S1E1R invalid level 3 entry: F=1, translation fault L3");

    par = at_s1e1r(UNMAPPED_VA);
    bm_puts("at unmapped 1g:");
    print_field("f", par & 1);
    print_field("fst", (par >> 1) & 0x3f);
    bm_puts("\n");
    bm_check((par & 1) == 1 && ((par >> 1) & 0x3f) == 0x05,
             "AT S1E1R no level 1 entry: F=1, translation fault L1");
    bm_check(taken == 0, "AT takes no exception");
}

int main(void)
{
    bm_puts("hostile test\n");
    bm_sync_hook = record;
    test_misaligned_pc();
    test_el0_hvc_smc();
    test_el0_id_reg();
    test_sysregs();
    test_psci();
    test_fetch_unassigned();
    test_fetch_device();
    mmu_enable();
    test_fetch_pxn_device();
    test_ldxr_misaligned();
    test_acquire_release_misaligned();
    test_exclusives();
    taken = 0;
    test_at();
    bm_finish("hostile");
}
