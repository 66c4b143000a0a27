/*
 * Packing and unpacking saved blocks (tb_persist.h). A record read back
 * is never trusted: every count and offset is checked against its length
 * and the code's size before anything is copied or patched.
 */
#include "tcg/tb_persist.h"

#include <string.h>

#include "tcg/x86_64/backend.h"

/* The record: this header, the code (padded to 8 bytes), the
 * relocations, the fault sites. */
typedef struct TBRecordHead {
    uint32_t size; /* guest bytes */
    uint32_t code_size;
    uint16_t icount;
    uint16_t jmp_field_offset[TB_MAX_JUMPS];
    uint16_t jmp_reset_offset[TB_MAX_JUMPS];
    uint16_t reserved;
    uint32_t nb_relocs;
    uint32_t nb_fault_sites;
    uint32_t fault_bytes;
    uint32_t reserved2;
} TBRecordHead;
_Static_assert(sizeof(TBRecordHead) == 44, "record layout");

#define TB_RECORD_HEAD_SIZE 48u /* the header, padded to 8 */

static size_t pad8(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

uint64_t tb_persist_code_version(void)
{
    return tcg_backend_code_version();
}

size_t tb_record_pack(const TranslationBlock *tb, void *buf, size_t cap)
{
    const TCGReloc *relocs;
    uint32_t nb_relocs = tcg_block_relocs(&relocs);
    size_t fault_bytes = 0;
    TBRecordHead h = {0};
    uint8_t *p = buf;
    size_t len;

    if (!tcg_block_relocatable())
        return 0;
    if (tb->nb_fault_sites)
        tcg_fault_sites_size(&fault_bytes);
    len = TB_RECORD_HEAD_SIZE + pad8(tb->code_size) +
          nb_relocs * sizeof(TCGReloc) + fault_bytes;
    if (len > cap)
        return 0;
    h.size = tb->size;
    h.code_size = tb->code_size;
    h.icount = tb->icount;
    memcpy(h.jmp_field_offset, tb->jmp_field_offset,
           sizeof(h.jmp_field_offset));
    memcpy(h.jmp_reset_offset, tb->jmp_reset_offset,
           sizeof(h.jmp_reset_offset));
    h.nb_relocs = nb_relocs;
    h.nb_fault_sites = tb->nb_fault_sites;
    h.fault_bytes = (uint32_t)fault_bytes;
    memset(p, 0, TB_RECORD_HEAD_SIZE + pad8(tb->code_size));
    memcpy(p, &h, sizeof(h));
    p += TB_RECORD_HEAD_SIZE;
    memcpy(p, tb->code, tb->code_size);
    p += pad8(tb->code_size);
    memcpy(p, relocs, nb_relocs * sizeof(TCGReloc));
    p += nb_relocs * sizeof(TCGReloc);
    if (fault_bytes)
        memcpy(p, tb->fault_sites, fault_bytes);
    return len;
}

/* A jump slot's offsets: both unused, or both inside the code with room
 * for the rel32 field. */
static bool jump_slot_ok(const TBRecordHead *h, int n)
{
    if (h->jmp_field_offset[n] == TB_NO_JUMP)
        return h->jmp_reset_offset[n] == TB_NO_JUMP;
    return h->jmp_field_offset[n] % 4 == 0 &&
           (uint32_t)h->jmp_field_offset[n] + 4 <= h->code_size &&
           h->jmp_reset_offset[n] <= h->code_size;
}

static bool jump_slots_ok(const TBRecordHead *h)
{
    for (int n = 0; n < TB_MAX_JUMPS; n++)
        if (!jump_slot_ok(h, n))
            return false;
    return true;
}

static bool record_head_ok(const TBRecordHead *h, size_t len)
{
    size_t need;

    if (h->code_size == 0 || h->code_size > (64u << 20) ||
        h->nb_relocs > (1u << 16) || h->fault_bytes > (64u << 20) ||
        (h->nb_fault_sites == 0) != (h->fault_bytes == 0) || !jump_slots_ok(h))
        return false;
    need = TB_RECORD_HEAD_SIZE + pad8(h->code_size) +
           (size_t)h->nb_relocs * sizeof(TCGReloc) + h->fault_bytes;
    return need == len;
}

bool tb_record_unpack(TranslationBlock *tb, const void *rec, size_t len,
                      uint8_t *code, size_t avail, void *(*alloc)(size_t size))
{
    const uint8_t *p = rec;
    TBRecordHead h;
    TCGReloc relocs[64], *rel = relocs;
    bool ok;

    if (len < TB_RECORD_HEAD_SIZE)
        return false;
    memcpy(&h, p, sizeof(h));
    if (!record_head_ok(&h, len) || h.code_size > avail)
        return false;
    p += TB_RECORD_HEAD_SIZE;
    const uint8_t *src_code = p;
    p += pad8(h.code_size);
    const uint8_t *src_relocs = p;
    p += (size_t)h.nb_relocs * sizeof(TCGReloc);
    if (h.nb_fault_sites &&
        !tcg_fault_sites_check(p, h.nb_fault_sites, h.fault_bytes, h.code_size))
        return false;
    tb->size = h.size;
    tb->icount = h.icount;
    tb->code = code;
    tb->code_size = h.code_size;
    memcpy(tb->jmp_field_offset, h.jmp_field_offset,
           sizeof(h.jmp_field_offset));
    memcpy(tb->jmp_reset_offset, h.jmp_reset_offset,
           sizeof(h.jmp_reset_offset));
    memcpy(code, src_code, h.code_size);
    /* The record may be unaligned in its file: relocations are copied. */
    if (h.nb_relocs > 64) {
        rel = alloc((size_t)h.nb_relocs * sizeof(TCGReloc));
        if (!rel)
            return false;
    }
    memcpy(rel, src_relocs, (size_t)h.nb_relocs * sizeof(TCGReloc));
    ok = tcg_relocate(tb, rel, h.nb_relocs);
    if (!ok)
        return false;
    tb->nb_fault_sites = h.nb_fault_sites;
    tb->fault_sites = NULL;
    if (h.nb_fault_sites) {
        tb->fault_sites = alloc(h.fault_bytes);
        if (!tb->fault_sites)
            return false;
        memcpy(tb->fault_sites, p, h.fault_bytes);
    }
    return true;
}
