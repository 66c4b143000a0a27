/*
 * A32/T32 loads and stores, branches, exclusives, barriers, hints and system
 * instructions (A32, T32, T16): not yet translated (every encoding UNDEFs).
 */
#include "target-arm/a32/translate.h"

bool a32_decode_ldst(DisasContext *s, uint32_t insn)
{
    (void)s;
    (void)insn;
    return false;
}

bool a32_decode_uncond(DisasContext *s, uint32_t insn)
{
    (void)s;
    (void)insn;
    return false;
}

bool t32_decode_ldst(DisasContext *s, uint32_t insn)
{
    (void)s;
    (void)insn;
    return false;
}

bool t16_decode_ldst(DisasContext *s, uint16_t insn)
{
    (void)s;
    (void)insn;
    return false;
}

const char *a32_describe_ldst(const DisasContext *s, char *buf, size_t len)
{
    (void)s;
    (void)buf;
    (void)len;
    return NULL;
}
