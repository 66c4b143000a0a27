/*
 * AArch64 registers as gdb numbers them (its org.gnu.gdb.aarch64.core,
 * .fpu and .pauth features): x0-x30, sp, pc, cpsr, v0-v31, fpsr, fpcr,
 * pauth_dmask, pauth_cmask; with sve, .sve instead of .fpu: z0-z31,
 * fpsr, fpcr, p0-p15, ffr, vg. Only linux-user/gdbstub.c uses this.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "linux-user/gdbstub.h"
#include "target-arm/features.h"
#include "target-arm/helper_fp.h"
#include "target-arm/sve.h"

enum {
    REG_SP = 31,
    REG_PC = 32,
    REG_CPSR = 33,
    REG_V0 = 34,
    REG_FPSR = 66,
    REG_FPCR = 67,
    REG_PAUTH_DMASK = 68,
    REG_PAUTH_CMASK = 69,
    NB_REGS = 70,
};

/* The PAC bits of a user pointer, for data and code alike (Linux's
 * ptrauth_user_pac_mask(): bits 54:48), so gdb strips them from return
 * addresses; 0 without the pauth feature. */
static uint64_t pauth_mask(void)
{
    return arm_cpu_has(ARM_FEAT_PAUTH) ? UINT64_C(0x007f000000000000) : 0;
}

/* The union of lane views gdb shows for a v register; the names are the
 * ones gdb's own aarch64 description gives, so p $v0.d[0] works. */
#define VECTOR_TYPES                                                           \
    "<vector id=\"v2d\" type=\"ieee_double\" count=\"2\"/>"                    \
    "<vector id=\"v2u\" type=\"uint64\" count=\"2\"/>"                         \
    "<vector id=\"v2i\" type=\"int64\" count=\"2\"/>"                          \
    "<vector id=\"v4f\" type=\"ieee_single\" count=\"4\"/>"                    \
    "<vector id=\"v4u\" type=\"uint32\" count=\"4\"/>"                         \
    "<vector id=\"v4i\" type=\"int32\" count=\"4\"/>"                          \
    "<vector id=\"v8u\" type=\"uint16\" count=\"8\"/>"                         \
    "<vector id=\"v8i\" type=\"int16\" count=\"8\"/>"                          \
    "<vector id=\"v16u\" type=\"uint8\" count=\"16\"/>"                        \
    "<vector id=\"v16i\" type=\"int8\" count=\"16\"/>"                         \
    "<vector id=\"v1u\" type=\"uint128\" count=\"1\"/>"                        \
    "<vector id=\"v1i\" type=\"int128\" count=\"1\"/>"                         \
    "<union id=\"vnd\"><field name=\"f\" type=\"v2d\"/>"                       \
    "<field name=\"u\" type=\"v2u\"/><field name=\"s\" type=\"v2i\"/></union>" \
    "<union id=\"vns\"><field name=\"f\" type=\"v4f\"/>"                       \
    "<field name=\"u\" type=\"v4u\"/><field name=\"s\" type=\"v4i\"/></union>" \
    "<union id=\"vnh\"><field name=\"u\" type=\"v8u\"/>"                       \
    "<field name=\"s\" type=\"v8i\"/></union>"                                 \
    "<union id=\"vnb\"><field name=\"u\" type=\"v16u\"/>"                      \
    "<field name=\"s\" type=\"v16i\"/></union>"                                \
    "<union id=\"vnq\"><field name=\"u\" type=\"v1u\"/>"                       \
    "<field name=\"s\" type=\"v1i\"/></union>"                                 \
    "<union id=\"aarch64v\"><field name=\"d\" type=\"vnd\"/>"                  \
    "<field name=\"s\" type=\"vns\"/><field name=\"h\" type=\"vnh\"/>"         \
    "<field name=\"b\" type=\"vnb\"/><field name=\"q\" type=\"vnq\"/></union>"

#define XREG(n) "<reg name=\"x" #n "\" bitsize=\"64\"/>"
#define VREG(n) "<reg name=\"v" #n "\" bitsize=\"128\" type=\"aarch64v\"/>"

static const char target_xml[] =
    "<?xml version=\"1.0\"?>"
    "<!DOCTYPE target SYSTEM \"gdb-target.dtd\">"
    "<target><architecture>aarch64</architecture>"
    "<feature name=\"org.gnu.gdb.aarch64.core\">"
    "<reg name=\"x0\" bitsize=\"64\" regnum=\"0\"/>" XREG(1) XREG(2) XREG(
        3) XREG(4) XREG(5) XREG(6) XREG(7) XREG(8) XREG(9) XREG(10) XREG(11)
        XREG(12) XREG(13) XREG(14) XREG(15) XREG(16) XREG(17) XREG(18) XREG(
            19) XREG(20) XREG(21) XREG(22) XREG(23) XREG(24) XREG(25) XREG(26)
            XREG(27) XREG(28) XREG(29) XREG(
                30) "<reg name=\"sp\" bitsize=\"64\" type=\"data_ptr\"/>"
                    "<reg name=\"pc\" bitsize=\"64\" type=\"code_ptr\"/>"
                    "<reg name=\"cpsr\" bitsize=\"32\"/>"
                    "</feature>"
                    "<feature name=\"org.gnu.gdb.aarch64.fpu\">" VECTOR_TYPES
                    "<reg name=\"v0\" bitsize=\"128\" type=\"aarch64v\" regnum=\"34\"/>" VREG(
                        1) VREG(2) VREG(3) VREG(4) VREG(5) VREG(6) VREG(7)
                        VREG(8) VREG(9) VREG(10) VREG(11) VREG(12) VREG(
                            13) VREG(14) VREG(15) VREG(16) VREG(17) VREG(18)
                            VREG(19) VREG(20) VREG(21) VREG(22) VREG(23) VREG(
                                24) VREG(25) VREG(26) VREG(27) VREG(28) VREG(29)
                                VREG(30) VREG(
                                    31) "<reg name=\"fpsr\" bitsize=\"32\"/>"
                                        "<reg name=\"fpcr\" bitsize=\"32\"/>"
                                        "</feature>"
                                        "<feature name=\"org.gnu.gdb.aarch64.pauth\">"
                                        "<reg name=\"pauth_dmask\" bitsize=\"64\" regnum=\"68\"/>"
                                        "<reg name=\"pauth_cmask\" bitsize=\"64\"/>"
                                        "</feature></target>";

static int put32(uint8_t *buf, uint32_t v)
{
    memcpy(buf, &v, 4);
    return 4;
}

static int aarch64_gdb_read_reg(CPUARMState *env, int n, uint8_t *buf)
{
    if (n <= REG_SP) {
        memcpy(buf, &env->x[n], 8);
        return 8;
    }
    if (n == REG_PC) {
        memcpy(buf, &env->pc, 8);
        return 8;
    }
    if (n == REG_CPSR)
        /* EL0t: mode bits 0; BTYPE (FEAT_BTI) in bits 11:10. */
        return put32(buf, cpu_get_nzcv(env) | env->btype << 10);
    if (n >= REG_V0 && n < REG_V0 + 32) {
        memcpy(buf, &env->v[n - REG_V0], 16);
        return 16;
    }
    if (n == REG_FPSR)
        return put32(buf, env->fpsr);
    if (n == REG_FPCR)
        return put32(buf, env->fpcr);
    if (n == REG_PAUTH_DMASK || n == REG_PAUTH_CMASK) {
        uint64_t mask = pauth_mask();

        memcpy(buf, &mask, 8);
        return 8;
    }
    return 0;
}

static uint32_t get32(const uint8_t *buf)
{
    uint32_t v;

    memcpy(&v, buf, 4);
    return v;
}

static int aarch64_gdb_write_reg(CPUARMState *env, int n, const uint8_t *buf)
{
    if (n <= REG_SP) {
        memcpy(&env->x[n], buf, 8);
        return 8;
    }
    if (n == REG_PC) {
        memcpy(&env->pc, buf, 8);
        return 8;
    }
    if (n == REG_CPSR) {
        cpu_set_nzcv(env, get32(buf) & 0xf0000000u);
        env->btype = (get32(buf) >> 10) & 3;
        return 4;
    }
    if (n >= REG_V0 && n < REG_V0 + 32) {
        memcpy(&env->v[n - REG_V0], buf, 16);
        return 16;
    }
    if (n == REG_FPSR) {
        env->fpsr = get32(buf); /* the host flags were folded in (sync) */
        return 4;
    }
    if (n == REG_FPCR) {
        env->fpcr = get32(buf) & ARM_FPCR_WRITABLE;
        return 4;
    }
    if (n == REG_PAUTH_DMASK || n == REG_PAUTH_CMASK)
        return 8; /* read-only, as Linux's NT_ARM_PAC_MASK regset */
    return 0;
}

/* FPSR's cumulative flags may still be in the host's FP status. */
static void aarch64_gdb_sync(CPUARMState *env)
{
    fp_fpsr_write(env, fp_fpsr_read(env));
}

const GdbArch gdb_arch_aarch64 = {
    .target_xml = target_xml,
    .nb_regs = NB_REGS,
    .read_reg = aarch64_gdb_read_reg,
    .write_reg = aarch64_gdb_write_reg,
    .sync = aarch64_gdb_sync,
};

/* ---- with sve: org.gnu.gdb.aarch64.sve instead of .fpu ---- */

/* The SVE numbering: the core's, z0-z31 where v0-v31 were, fpsr, fpcr,
 * then the predicates, ffr, vg and the pauth masks. */
enum {
    SVE_REG_Z0 = REG_V0,
    SVE_REG_P0 = REG_FPCR + 1,
    SVE_REG_FFR = SVE_REG_P0 + ARM_SVE_NPREGS,
    SVE_REG_VG,
    SVE_REG_PAUTH_DMASK,
    SVE_NB_REGS = SVE_REG_PAUTH_DMASK + 2,
};

/* The VQ the description gives (gdb reads it once): a thread at another
 * VL shows its registers cut or zero-extended to it. */
static unsigned sve_gdb_vq;
static char sve_xml[16384];
static size_t sve_xml_len;

static void xml_add(const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(sve_xml + sve_xml_len, sizeof(sve_xml) - sve_xml_len, fmt,
                  ap);
    va_end(ap);
    if (n > 0 && (size_t)n < sizeof(sve_xml) - sve_xml_len)
        sve_xml_len += (size_t)n;
}

/* A vector type id of count elements and a union of such views. */
static void xml_vector(const char *id, const char *type, unsigned count)
{
    xml_add("<vector id=\"%s\" type=\"%s\" count=\"%u\"/>", id, type, count);
}

/* The lane views of a Z register as gdb's own SVE description names
 * them ($z0.d.u[1], $z0.s.f[0], ...): q, d, s, h, b of f/u/s. */
static void xml_sve_types(unsigned vq)
{
    static const struct {
        const char *name, *fp, *u, *s;
        unsigned per_q;
    } lanes[] = {
        {"q", NULL, "uint128", "int128", 1},
        {"d", "ieee_double", "uint64", "int64", 2},
        {"s", "ieee_single", "uint32", "int32", 4},
        {"h", "ieee_half", "uint16", "int16", 8},
        {"b", NULL, "uint8", "int8", 16},
    };

    for (unsigned i = 0; i < sizeof(lanes) / sizeof(lanes[0]); i++) {
        char id[16];

        if (lanes[i].fp) {
            snprintf(id, sizeof(id), "svev%sf", lanes[i].name);
            xml_vector(id, lanes[i].fp, vq * lanes[i].per_q);
        }
        snprintf(id, sizeof(id), "svev%su", lanes[i].name);
        xml_vector(id, lanes[i].u, vq * lanes[i].per_q);
        snprintf(id, sizeof(id), "svev%ss", lanes[i].name);
        xml_vector(id, lanes[i].s, vq * lanes[i].per_q);
        xml_add("<union id=\"svevn%s\">", lanes[i].name);
        if (lanes[i].fp)
            xml_add("<field name=\"f\" type=\"svev%sf\"/>", lanes[i].name);
        xml_add("<field name=\"u\" type=\"svev%su\"/>"
                "<field name=\"s\" type=\"svev%ss\"/></union>",
                lanes[i].name, lanes[i].name);
    }
    xml_add("<union id=\"svev\">");
    for (unsigned i = 0; i < sizeof(lanes) / sizeof(lanes[0]); i++)
        xml_add("<field name=\"%s\" type=\"svevn%s\"/>", lanes[i].name,
                lanes[i].name);
    xml_add("</union>");
    xml_vector("svep", "uint8", vq * 2);
}

static void xml_build(unsigned vq)
{
    const char *core =
        strstr(target_xml, "<feature name=\"org.gnu.gdb.aarch64.fpu\">");

    sve_xml_len = 0;
    xml_add("%.*s", (int)(core - target_xml), target_xml);
    xml_add("<feature name=\"org.gnu.gdb.aarch64.sve\">");
    xml_sve_types(vq);
    for (unsigned n = 0; n < 32; n++)
        xml_add("<reg name=\"z%u\" bitsize=\"%u\" type=\"svev\" "
                "regnum=\"%u\"/>",
                n, vq * 128, SVE_REG_Z0 + n);
    xml_add("<reg name=\"fpsr\" bitsize=\"32\"/>"
            "<reg name=\"fpcr\" bitsize=\"32\"/>");
    for (unsigned n = 0; n < ARM_SVE_NPREGS; n++)
        xml_add("<reg name=\"p%u\" bitsize=\"%u\" type=\"svep\"/>", n, vq * 16);
    xml_add("<reg name=\"ffr\" bitsize=\"%u\" type=\"svep\"/>"
            "<reg name=\"vg\" bitsize=\"64\" type=\"int\"/></feature>",
            vq * 16);
    xml_add("<feature name=\"org.gnu.gdb.aarch64.pauth\">"
            "<reg name=\"pauth_dmask\" bitsize=\"64\" regnum=\"%u\"/>"
            "<reg name=\"pauth_cmask\" bitsize=\"64\"/></feature></target>",
            SVE_REG_PAUTH_DMASK);
}

/* The SVE number n as the base description's, or -1 for an SVE one. */
static int sve_to_base(int n)
{
    if (n < SVE_REG_Z0 || n == REG_FPSR || n == REG_FPCR)
        return n;
    if (n >= SVE_REG_PAUTH_DMASK && n < SVE_NB_REGS)
        return REG_PAUTH_DMASK + (n - SVE_REG_PAUTH_DMASK);
    return -1;
}

/* Predicate n's bytes (the FFR for ARM_SVE_NPREGS). */
static uint8_t *sve_gdb_pred(CPUARMState *env, unsigned n)
{
    return (uint8_t *)(n < ARM_SVE_NPREGS ? env->preg[n] : env->ffr);
}

static int aarch64_sve_read_reg(CPUARMState *env, int n, uint8_t *buf)
{
    unsigned vl = sve_gdb_vq * 16, tvl = sve_vl_bytes(env);
    uint8_t z[SVE_VL_MAX_BYTES];

    if (sve_to_base(n) >= 0)
        return aarch64_gdb_read_reg(env, sve_to_base(n), buf);
    if (n == SVE_REG_VG) {
        uint64_t vg = env->sve_vq * 2;

        memcpy(buf, &vg, 8);
        return 8;
    }
    if (n < SVE_REG_Z0 + 32) {
        memset(z, 0, sizeof(z));
        sve_z_read(env, (unsigned)(n - SVE_REG_Z0), z);
        memcpy(buf, z, vl);
        return (int)vl;
    }
    memset(buf, 0, vl / 8);
    memcpy(buf, sve_gdb_pred(env, (unsigned)(n - SVE_REG_P0)),
           (tvl < vl ? tvl : vl) / 8);
    return (int)(vl / 8);
}

static int aarch64_sve_write_reg(CPUARMState *env, int n, const uint8_t *buf)
{
    unsigned vl = sve_gdb_vq * 16, tvl = sve_vl_bytes(env);
    unsigned len = tvl < vl ? tvl : vl;
    uint8_t z[SVE_VL_MAX_BYTES];

    if (sve_to_base(n) >= 0)
        return aarch64_gdb_write_reg(env, sve_to_base(n), buf);
    if (n == SVE_REG_VG)
        return 8; /* the VL changes by prctl only */
    if (n < SVE_REG_Z0 + 32) {
        sve_z_read(env, (unsigned)(n - SVE_REG_Z0), z);
        memcpy(z, buf, len);
        sve_z_write(env, (unsigned)(n - SVE_REG_Z0), z);
        return (int)vl;
    }
    memcpy(sve_gdb_pred(env, (unsigned)(n - SVE_REG_P0)), buf, len / 8);
    return (int)(vl / 8);
}

static GdbArch gdb_arch_aarch64_sve = {
    .target_xml = sve_xml,
    .nb_regs = SVE_NB_REGS,
    .read_reg = aarch64_sve_read_reg,
    .write_reg = aarch64_sve_write_reg,
    .sync = aarch64_gdb_sync,
};

const GdbArch *gdb_arch_aarch64_select(unsigned vq)
{
    if (!arm_cpu_has(ARM_FEAT_SVE))
        return &gdb_arch_aarch64;
    sve_gdb_vq = vq;
    xml_build(vq);
    return &gdb_arch_aarch64_sve;
}
