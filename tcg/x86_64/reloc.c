/*
 * Relocation records of the block being generated (see reloc.h) and their
 * application to a copy (tcg_relocate). Lowerings emit every reference
 * that leaves the block through here; nothing else may embed one.
 */
#include "tcg/x86_64/reloc.h"

#include <string.h>

#include "tcg/x86_64/backend.h"
#include "tcg/x86_64/host_cpu.h"
#include "tcg/x86_64/regalloc.h"

#define MAX_RELOCS 512

static TCGReloc relocs[MAX_RELOCS];
static uint32_t nb_relocs;
static bool overflowed;

/* Image targets are stored relative to a function of arx's own image:
 * the image moves as one piece (a static PIE), so the distance holds in
 * every process of the same build. */
static uintptr_t image_anchor(void)
{
    return (uintptr_t)(void *)tcg_gen_code;
}

static const void *stub_address(RelocStub stub)
{
    switch (stub) {
    case RELOC_STUB_EPILOGUE: return be.epilogue;
    case RELOC_STUB_LOOKUP: return be.lookup_stub;
    case RELOC_STUB_LEAVE: return be.leave_stub;
    }
    return NULL;
}

static void reloc_add(const uint8_t *field, TCGRelocKind kind, uint8_t stub,
                      int64_t addend)
{
    if (!field || be.as.overflow)
        return;
    if (nb_relocs == MAX_RELOCS) {
        overflowed = true;
        return;
    }
    relocs[nb_relocs++] = (TCGReloc){.offset = (uint32_t)(field - be.as.start),
                                     .kind = (uint8_t)kind,
                                     .stub = stub,
                                     .addend = addend};
}

void reloc_reset(void)
{
    nb_relocs = 0;
    overflowed = false;
}

void reloc_call(const void *fn)
{
    X86Asm *a = &be.as;
    int64_t rel = (const uint8_t *)fn - (a->p + 5);
    int64_t addend = (int64_t)((uintptr_t)fn - image_anchor());
    uint8_t insn[10];

    if (rel == (int32_t)rel) {
        int32_t r32 = (int32_t)rel;
        insn[0] = 0xe8;
        memcpy(insn + 1, &r32, 4);
        x86_data(a, insn, 5);
        reloc_add(a->p - 4, TCG_RELOC_IMAGE_REL32, 0, addend);
        return;
    }
    /* movabs r11, fn; call r11 */
    uint64_t v = (uint64_t)(uintptr_t)fn;
    insn[0] = 0x49;
    insn[1] = 0xbb;
    memcpy(insn + 2, &v, 8);
    x86_data(a, insn, 10);
    reloc_add(a->p - 8, TCG_RELOC_IMAGE_ABS64, 0, addend);
    x86_call_r(a, X86_R11);
}

void reloc_mov_image(X86Reg r, const void *p)
{
    uint64_t v = (uint64_t)(uintptr_t)p;
    uint8_t insn[10];

    insn[0] = (uint8_t)(0x48 | (r >= 8 ? 1 : 0));
    insn[1] = (uint8_t)(0xb8 + (r & 7));
    memcpy(insn + 2, &v, 8);
    x86_data(&be.as, insn, 10);
    reloc_add(be.as.p - 8, TCG_RELOC_IMAGE_ABS64, 0,
              (int64_t)((uintptr_t)p - image_anchor()));
}

void reloc_patch_stub(uint8_t *field, RelocStub stub)
{
    if (!field)
        return;
    x86_patch_rel32(field, stub_address(stub));
    reloc_add(field, TCG_RELOC_STUB_REL32, (uint8_t)stub, 0);
}

void reloc_jmp_stub(RelocStub stub)
{
    reloc_patch_stub(x86_jmp32(&be.as), stub);
}

void reloc_jcc_stub(X86Cond cc, RelocStub stub)
{
    reloc_patch_stub(x86_jcc32(&be.as, cc), stub);
}

void reloc_mov_tb(X86Reg r, unsigned slot)
{
    uint64_t v = (uint64_t)(uintptr_t)be.tb | slot;
    uint8_t insn[10];

    insn[0] = (uint8_t)(0x48 | (r >= 8 ? 1 : 0));
    insn[1] = (uint8_t)(0xb8 + (r & 7));
    memcpy(insn + 2, &v, 8);
    x86_data(&be.as, insn, 10);
    reloc_add(be.as.p - 8, TCG_RELOC_TB_ABS64, 0, slot);
}

void reloc_note_tb_data(const uint8_t *field, unsigned slot)
{
    reloc_add(field, TCG_RELOC_TB_ABS64, 0, slot);
}

uint32_t tcg_block_relocs(const TCGReloc **out)
{
    *out = relocs;
    return nb_relocs;
}

bool tcg_block_relocatable(void)
{
    return !overflowed;
}

static bool reloc_store_rel32(uint8_t *field, uintptr_t target)
{
    int64_t rel = (int64_t)(target - ((uintptr_t)field + 4));
    int32_t r32 = (int32_t)rel;

    if (rel != r32)
        return false;
    memcpy(field, &r32, 4);
    return true;
}

bool tcg_relocate(TranslationBlock *tb, const TCGReloc *r, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++, r++) {
        uint8_t *field = tb->code + r->offset;
        uint32_t width =
            r->kind == TCG_RELOC_IMAGE_ABS64 || r->kind == TCG_RELOC_TB_ABS64
                ? 8
                : 4;
        uint64_t v;

        if (r->offset > tb->code_size || tb->code_size - r->offset < width)
            return false;

        switch ((TCGRelocKind)r->kind) {
        case TCG_RELOC_IMAGE_REL32:
            if (!reloc_store_rel32(field,
                                   image_anchor() + (uintptr_t)r->addend))
                return false;
            break;
        case TCG_RELOC_IMAGE_ABS64:
            v = image_anchor() + (uint64_t)r->addend;
            memcpy(field, &v, 8);
            break;
        case TCG_RELOC_STUB_REL32:
            if (r->stub > RELOC_STUB_LEAVE ||
                !reloc_store_rel32(field,
                                   (uintptr_t)stub_address((RelocStub)r->stub)))
                return false;
            break;
        case TCG_RELOC_TB_ABS64:
            v = (uint64_t)(uintptr_t)tb | (uint64_t)(r->addend & 3);
            memcpy(field, &v, 8);
            break;
        default: return false;
        }
    }
    return true;
}

uint64_t tcg_backend_code_version(void)
{
    const X86HostCpu *cpu = x86_host_cpu();
    uint64_t v = 2; /* this file's record layout */

    /* The lowerings pick instructions by cpuid leaves 1 and 7. */
    v = v * 0x100000001b3ull ^
        ((uint64_t)cpu->leaf1_ecx << 32 | cpu->leaf1_edx);
    v = v * 0x100000001b3ull ^
        ((uint64_t)cpu->leaf7_ebx << 32 | cpu->leaf7_ecx);
    return v * 0x100000001b3ull ^ cpu->avx_state;
}
