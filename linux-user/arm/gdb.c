/*
 * 32-bit Arm registers as gdb numbers them in this stub's description
 * (org.gnu.gdb.arm.core, .vfp, .neon): r0-r12, sp, lr, pc, cpsr, d0-d31,
 * fpscr, in that order. Only linux-user/gdbstub.c uses this.
 */
#include <string.h>

#include "linux-user/gdbstub.h"
#include "target-arm/helper_fp.h"

enum {
    REG_PC = 15,
    REG_CPSR = 16,
    REG_D0 = 17,
    REG_FPSCR = 49,
    NB_REGS = 50,
};

/* FPSCR's cumulative and comparison flags live in env->fpsr, the rest in
 * env->fpcr (as linux-user/arm/signal.c keeps them). */
#define ARM_FPSCR_STATUS 0xf800009fu

#define RREG(n) "<reg name=\"r" #n "\" bitsize=\"32\" type=\"uint32\"/>"
#define DREG(n) "<reg name=\"d" #n "\" bitsize=\"64\" type=\"ieee_double\"/>"

static const char target_xml[] =
    "<?xml version=\"1.0\"?>"
    "<!DOCTYPE target SYSTEM \"gdb-target.dtd\">"
    "<target><architecture>arm</architecture>"
    "<feature name=\"org.gnu.gdb.arm.core\">"
    "<reg name=\"r0\" bitsize=\"32\" type=\"uint32\" regnum=\"0\"/>" RREG(
        1) RREG(2) RREG(3) RREG(4) RREG(5) RREG(6) RREG(7) RREG(8) RREG(9)
        RREG(10) RREG(11) RREG(
            12) "<reg name=\"sp\" bitsize=\"32\" type=\"data_ptr\"/>"
                "<reg name=\"lr\" bitsize=\"32\"/>"
                "<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\"/>"
                "<reg name=\"cpsr\" bitsize=\"32\"/>"
                "</feature>"
                "<feature name=\"org.gnu.gdb.arm.vfp\">"
                "<reg name=\"d0\" bitsize=\"64\" type=\"ieee_double\" regnum=\"17\"/>" DREG(
                    1) DREG(2) DREG(3) DREG(4) DREG(5) DREG(6) DREG(7) DREG(8)
                    DREG(9) DREG(10) DREG(11) DREG(12) DREG(13) DREG(14) DREG(
                        15) DREG(16) DREG(17) DREG(18) DREG(19) DREG(20)
                        DREG(21) DREG(22) DREG(23) DREG(24) DREG(25) DREG(26)
                            DREG(27) DREG(28) DREG(29) DREG(30) DREG(
                                31) "<reg name=\"fpscr\" bitsize=\"32\" type=\"int\" group=\"float\"/>"
                                    "</feature>"
                                    "<feature name=\"org.gnu.gdb.arm.neon\"/>"
                                    "</target>";

/* D2i and D2i+1 are the halves of Q[i], held as v[i]. */
static uint64_t *dreg(CPUARMState *env, int d)
{
    return &env->v[d / 2].d[d % 2];
}

static int arm_gdb_read_reg(CPUARMState *env, int n, uint8_t *buf)
{
    uint32_t v;

    if (n < REG_PC)
        v = (uint32_t)env->x[n];
    else if (n == REG_PC)
        v = (uint32_t)env->pc;
    else if (n == REG_CPSR)
        v = cpu_get_cpsr(env);
    else if (n >= REG_D0 && n < REG_D0 + 32) {
        memcpy(buf, dreg(env, n - REG_D0), 8);
        return 8;
    } else if (n == REG_FPSCR)
        v = (env->fpsr & ARM_FPSCR_STATUS) | (env->fpcr & ~ARM_FPSCR_STATUS);
    else
        return 0;
    memcpy(buf, &v, 4);
    return 4;
}

static int arm_gdb_write_reg(CPUARMState *env, int n, const uint8_t *buf)
{
    uint32_t v;

    if (n >= REG_D0 && n < REG_D0 + 32) {
        memcpy(dreg(env, n - REG_D0), buf, 8);
        return 8;
    }
    if (n > REG_FPSCR)
        return 0;
    memcpy(&v, buf, 4);
    if (n < REG_PC) {
        env->x[n] = v;
    } else if (n == REG_PC) {
        /* gdb writes a Thumb pc with bit 0 clear: the state stays. */
        env->pc = v & ~1u;
    } else if (n == REG_CPSR) {
        cpu_set_cpsr(env, v);
    } else {
        env->fpsr = v & ARM_FPSCR_STATUS;
        env->fpcr = v & ARM_FPCR_WRITABLE;
    }
    return 4;
}

static void arm_gdb_sync(CPUARMState *env)
{
    fp_fpsr_write(env, fp_fpsr_read(env));
}

const GdbArch gdb_arch_arm = {
    .target_xml = target_xml,
    .nb_regs = NB_REGS,
    .read_reg = arm_gdb_read_reg,
    .write_reg = arm_gdb_write_reg,
    .sync = arm_gdb_sync,
};
