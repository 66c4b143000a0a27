/*
 * A32/T32 VFP: scalar floating point, its loads and stores and register moves
 * (A32, T32): not yet translated (every encoding UNDEFs).
 */
#include "target-arm/a32/translate.h"

bool a32_decode_vfp(DisasContext *s, uint32_t insn)
{
    (void)s;
    (void)insn;
    return false;
}

bool t32_decode_vfp(DisasContext *s, uint32_t insn)
{
    (void)s;
    (void)insn;
    return false;
}

const char *a32_describe_vfp(const DisasContext *s, char *buf, size_t len)
{
    (void)s;
    (void)buf;
    (void)len;
    return NULL;
}
