/*
 * The SoftMMU: guest memory accesses of a system mode through a per-CPU
 * software TLB. Translated code calls the helpers here for every access
 * (the IR builders emit the calls once softmmu_init ran); a miss asks the
 * mode's fill, MMIO goes to the mode's devices, a write to a page holding
 * translated code drops its blocks first. Knows no ISA.
 */
#include "tcg/softmmu.h"

#include <string.h>

#include "tcg/exec.h"
#include "tcg/ir.h"
#include "tcg/tb.h"
#include "util/log.h"

static const SoftmmuOps *mmu;

/* The descriptor words the IR builders pass: see tcg_gen_guest_*. */
#define DESC_MMU_SHIFT 8

static void tlb_lock(SoftTLB *tlb)
{
    while (__atomic_exchange_n(&tlb->lock, 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(&tlb->lock, __ATOMIC_RELAXED))
            __builtin_ia32_pause();
}

static void tlb_unlock(SoftTLB *tlb)
{
    __atomic_store_n(&tlb->lock, 0, __ATOMIC_RELEASE);
}

/* One tag word, seen whole by translated code on other threads. */
static void tag_set(uint64_t *tag, uint64_t value)
{
    __atomic_store_n(tag, value, __ATOMIC_RELAXED);
}

static unsigned tlb_index(uint64_t addr)
{
    return (unsigned)(addr / GUEST_PAGE_SIZE) & (SOFTMMU_TLB_SIZE - 1);
}

static void mark_used(SoftTLB *tlb, int mmu_idx, uint64_t addr)
{
    unsigned i = tlb_index(addr);

    tlb->used[mmu_idx][i / 64] |= 1ull << (i % 64);
}

static SoftTLBEntry *tlb_entry(void *env, int mmu_idx, uint64_t addr)
{
    SoftTLB *tlb = mmu->tlb(env);

    return &tlb->entry[mmu_idx]
                      [(addr / GUEST_PAGE_SIZE) & (SOFTMMU_TLB_SIZE - 1)];
}

static uint64_t *entry_tag(SoftTLBEntry *e, GuestAccess access)
{
    if (access == GUEST_READ)
        return &e->tag_read;
    return access == GUEST_WRITE ? &e->tag_write : &e->tag_fetch;
}

static void entry_set(SoftTLBEntry *e, uint64_t page, const SoftmmuFill *f)
{
    uint64_t mmio = f->host && !f->data_via_mmio ? 0 : SOFTMMU_TAG_MMIO;
    uint64_t fetch_mmio = f->host ? 0 : SOFTMMU_TAG_MMIO;
    uint64_t code = 0;

    if (f->host && mmu->is_watched && mmu->is_watched(f->phys))
        code = SOFTMMU_TAG_WATCH;
    /* Tags last: another thread marking a code page matches phys. */
    e->addend = f->host ? (uintptr_t)f->host - (uintptr_t)page : 0;
    e->phys = f->phys;
    tag_set(&e->tag_read, page | mmio | (f->read ? 0 : SOFTMMU_TAG_INVALID));
    tag_set(&e->tag_write,
            page | mmio | code | (f->write ? 0 : SOFTMMU_TAG_INVALID));
    tag_set(&e->tag_fetch,
            page | fetch_mmio | (f->fetch ? 0 : SOFTMMU_TAG_INVALID));
}

static void entry_clear(SoftTLBEntry *e)
{
    tag_set(&e->tag_read, SOFTMMU_TAG_INVALID);
    tag_set(&e->tag_write, SOFTMMU_TAG_INVALID);
    tag_set(&e->tag_fetch, SOFTMMU_TAG_INVALID);
    e->addend = 0;
    e->phys = 0;
}

/* The access faulted: its instruction is the one whose helper call
 * returns to retaddr. Leaves translated code. */
static void __attribute__((noreturn)) raise_at(void *env, uintptr_t retaddr)
{
    uint64_t pc;
    bool found =
        retaddr ? tb_call_site_pc(retaddr, &pc) : tb_caller_site_pc(&pc);

    if (!found)
        arx_fatal("SoftMMU fault outside a known call site (%p)",
                  (void *)retaddr);
    mmu->fault_at(env, pc);
    tcg_exec_fault_return();
}

/* The entry of addr's page valid for access, filled if needed; NULL when
 * the access faults (the target recorded the fault). */
static SoftTLBEntry *lookup(void *env, uint64_t addr, GuestAccess access,
                            int mmu_idx)
{
    SoftTLBEntry *e = tlb_entry(env, mmu_idx, addr);
    uint64_t page = addr & SOFTMMU_PAGE_MASK;
    uint64_t tag = *entry_tag(e, access);
    SoftmmuFill f;

    if ((tag & SOFTMMU_PAGE_MASK) == page && !(tag & SOFTMMU_TAG_INVALID))
        return e;
    memset(&f, 0, sizeof(f));
    if (!mmu->fill(env, addr, access, mmu_idx, &f))
        return NULL;
    tlb_lock(mmu->tlb(env));
    entry_set(e, page, &f);
    mark_used(mmu->tlb(env), mmu_idx, addr);
    tlb_unlock(mmu->tlb(env));
    return e;
}

/* A write of size bytes at addr reached a watched page. */
static void write_watched(void *env, SoftTLBEntry *e, uint64_t addr,
                          unsigned size)
{
    SoftTLB *tlb = mmu->tlb(env);

    mmu->before_write(env, e->phys, e->phys | (addr & ~SOFTMMU_PAGE_MASK),
                      size);
    /* Asked under the lock: a thread that starts watching the page sets
     * its bit first, then takes this lock to mark the entries. */
    tlb_lock(tlb);
    if (!mmu->is_watched(e->phys))
        tag_set(&e->tag_write, e->tag_write & ~(uint64_t)SOFTMMU_TAG_WATCH);
    tlb_unlock(tlb);
}

static SoftTLBEntry *lookup_or_raise(void *env, uint64_t addr,
                                     GuestAccess access, int mmu_idx,
                                     uintptr_t retaddr)
{
    SoftTLBEntry *e = lookup(env, addr, access, mmu_idx);

    if (!e)
        raise_at(env, retaddr);
    return e;
}

static uint8_t *access_host(void *env, uint64_t addr, unsigned size,
                            GuestAccess access, int mmu_idx, uintptr_t retaddr,
                            uint64_t *pa)
{
    SoftTLBEntry *e = lookup_or_raise(env, addr, access, mmu_idx, retaddr);

    if (*entry_tag(e, access) & SOFTMMU_TAG_MMIO) {
        *pa = e->phys | (addr & ~SOFTMMU_PAGE_MASK);
        return NULL;
    }
    if (access == GUEST_WRITE && (e->tag_write & SOFTMMU_TAG_WATCH))
        write_watched(env, e, addr, size);
    return (uint8_t *)(e->addend + (uintptr_t)addr);
}

uint64_t softmmu_host_load(const void *host, unsigned size)
{
    switch (size) {
    case 1: return __atomic_load_n((const uint8_t *)host, __ATOMIC_RELAXED);
    case 2: return __atomic_load_n((const uint16_t *)host, __ATOMIC_RELAXED);
    case 4: return __atomic_load_n((const uint32_t *)host, __ATOMIC_RELAXED);
    default: return __atomic_load_n((const uint64_t *)host, __ATOMIC_RELAXED);
    }
}

void softmmu_host_store(void *host, unsigned size, uint64_t value)
{
    switch (size) {
    case 1:
        __atomic_store_n((uint8_t *)host, (uint8_t)value, __ATOMIC_RELAXED);
        break;
    case 2:
        __atomic_store_n((uint16_t *)host, (uint16_t)value, __ATOMIC_RELAXED);
        break;
    case 4:
        __atomic_store_n((uint32_t *)host, (uint32_t)value, __ATOMIC_RELAXED);
        break;
    default: __atomic_store_n((uint64_t *)host, value, __ATOMIC_RELAXED); break;
    }
}

static bool crosses_page(uint64_t addr, unsigned size)
{
    return (addr & ~SOFTMMU_PAGE_MASK) + size > GUEST_PAGE_SIZE;
}

uint64_t softmmu_load(void *env, uint64_t addr, unsigned size, int mmu_idx,
                      uintptr_t retaddr)
{
    uint64_t value = 0, pa = 0;
    uint8_t *host;

    if (crosses_page(addr, size)) {
        for (unsigned i = 0; i < size; i++)
            value |= softmmu_load(env, addr + i, 1, mmu_idx, retaddr)
                     << (8 * i);
        return value;
    }
    host = access_host(env, addr, size, GUEST_READ, mmu_idx, retaddr, &pa);
    if (!host)
        return mmu->mmio_read(env, pa, size);
    return softmmu_host_load(host, size);
}

void softmmu_store(void *env, uint64_t addr, unsigned size, uint64_t value,
                   int mmu_idx, uintptr_t retaddr)
{
    uint64_t pa = 0;
    uint8_t *host;

    if (crosses_page(addr, size)) {
        /* Both pages must be writable before either is written. */
        lookup_or_raise(env, addr + size - 1, GUEST_WRITE, mmu_idx, retaddr);
        for (unsigned i = 0; i < size; i++)
            softmmu_store(env, addr + i, 1, value >> (8 * i), mmu_idx, retaddr);
        return;
    }
    host = access_host(env, addr, size, GUEST_WRITE, mmu_idx, retaddr, &pa);
    if (!host)
        mmu->mmio_write(env, pa, value, size);
    else
        softmmu_host_store(host, size, value);
}

/* ---- the helpers translated code calls (tcg_gen_guest_* builders) ----
 * Each is called straight from translated code, so its return address
 * names the call site, whence the faulting instruction. */

static uint64_t sign_extend(uint64_t value, MemOp mop)
{
    unsigned bits = 8u << (mop & MO_SIZE);

    if (!(mop & MO_SIGN) || bits == 64)
        return value;
    return (uint64_t)((int64_t)(value << (64 - bits)) >> (64 - bits));
}

static __attribute__((noinline)) uint64_t helper_ld(uint64_t env, uint64_t addr,
                                                    uint64_t desc)
{
    uintptr_t ra = (uintptr_t)__builtin_return_address(0);
    MemOp mop = (MemOp)(desc & 0xff);
    uint64_t v =
        softmmu_load((void *)(uintptr_t)env, addr, 1u << (mop & MO_SIZE),
                     (int)(desc >> DESC_MMU_SHIFT), ra);

    return sign_extend(v, mop);
}

static __attribute__((noinline)) uint64_t
helper_st(uint64_t env, uint64_t addr, uint64_t value, uint64_t desc)
{
    uintptr_t ra = (uintptr_t)__builtin_return_address(0);
    MemOp mop = (MemOp)(desc & 0xff);

    softmmu_store((void *)(uintptr_t)env, addr, 1u << (mop & MO_SIZE), value,
                  (int)(desc >> DESC_MMU_SHIFT), ra);
    /* A store-release is ordered before any later load-acquire (RCsc). */
    if (mop & MO_RELEASE)
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
    return 0;
}

/* desc = env offset of the vector (low 32 bits) | bytes << 32 | mmu << 40 */
static __attribute__((noinline)) uint64_t
helper_ld_vec(uint64_t env, uint64_t addr, uint64_t desc)
{
    uintptr_t ra = (uintptr_t)__builtin_return_address(0);
    uint8_t *vec = (uint8_t *)(uintptr_t)env + (int32_t)(uint32_t)desc;
    unsigned bytes = (unsigned)(desc >> 32) & 0xff;
    int mmu_idx = (int)(desc >> 40);
    uint8_t buf[16] = {0};

    for (unsigned i = 0; i < bytes; i += 8) {
        unsigned n = bytes - i < 8 ? bytes - i : 8;
        uint64_t v =
            softmmu_load((void *)(uintptr_t)env, addr + i, n, mmu_idx, ra);
        memcpy(buf + i, &v, n);
    }
    memcpy(vec, buf, 16);
    return 0;
}

static __attribute__((noinline)) uint64_t
helper_st_vec(uint64_t env, uint64_t addr, uint64_t desc)
{
    uintptr_t ra = (uintptr_t)__builtin_return_address(0);
    const uint8_t *vec = (uint8_t *)(uintptr_t)env + (int32_t)(uint32_t)desc;
    unsigned bytes = (unsigned)(desc >> 32) & 0xff;
    int mmu_idx = (int)(desc >> 40);

    /* Every page first: a fault must leave memory untouched. */
    lookup_or_raise((void *)(uintptr_t)env, addr, GUEST_WRITE, mmu_idx, ra);
    lookup_or_raise((void *)(uintptr_t)env, addr + bytes - 1, GUEST_WRITE,
                    mmu_idx, ra);
    for (unsigned i = 0; i < bytes; i += 8) {
        unsigned n = bytes - i < 8 ? bytes - i : 8;
        uint64_t v = 0;
        memcpy(&v, vec + i, n);
        softmmu_store((void *)(uintptr_t)env, addr + i, n, v, mmu_idx, ra);
    }
    return 0;
}

uint64_t softmmu_host_cmpxchg(void *host, unsigned size, uint64_t cmp,
                              uint64_t newv)
{
    switch (size) {
    case 1: {
        uint8_t c = (uint8_t)cmp;
        __atomic_compare_exchange_n((uint8_t *)host, &c, (uint8_t)newv, false,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        return c;
    }
    case 2: {
        uint16_t c = (uint16_t)cmp;
        __atomic_compare_exchange_n((uint16_t *)host, &c, (uint16_t)newv, false,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        return c;
    }
    case 4: {
        uint32_t c = (uint32_t)cmp;
        __atomic_compare_exchange_n((uint32_t *)host, &c, (uint32_t)newv, false,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        return c;
    }
    default: {
        uint64_t c = cmp;
        __atomic_compare_exchange_n((uint64_t *)host, &c, newv, false,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        return c;
    }
    }
}

/* desc = MemOp | mmu << 8; the old value, zero-extended. */
static __attribute__((noinline)) uint64_t
helper_cmpxchg(uint64_t env, uint64_t addr, uint64_t cmp, uint64_t newv,
               uint64_t desc)
{
    uintptr_t ra = (uintptr_t)__builtin_return_address(0);
    void *e = (void *)(uintptr_t)env;
    unsigned size = 1u << (desc & MO_SIZE);
    int mmu_idx = (int)(desc >> DESC_MMU_SHIFT);
    uint64_t mask = softmmu_size_mask(size);
    uint64_t pa = 0, old;
    uint8_t *host;

    /* Readable too: an atomic is a read and a write. */
    lookup_or_raise(e, addr, GUEST_READ, mmu_idx, ra);
    host = access_host(e, addr, size, GUEST_WRITE, mmu_idx, ra, &pa);
    if (host)
        return softmmu_host_cmpxchg(host, size, cmp & mask, newv & mask);
    old = mmu->mmio_read(e, pa, size);
    if (old == (cmp & mask))
        mmu->mmio_write(e, pa, newv, size);
    return old;
}

/* desc = the mask of bits that must be clear | is_write << 8 */
static __attribute__((noinline)) uint64_t
helper_check_align(uint64_t env, uint64_t addr, uint64_t desc)
{
    uintptr_t ra = (uintptr_t)__builtin_return_address(0);

    if (addr & (desc & 0xff)) {
        mmu->misaligned((void *)(uintptr_t)env, addr, (desc >> 8) & 1);
        raise_at((void *)(uintptr_t)env, ra);
    }
    return 0;
}

/* They may fault (every global in memory at the call) and change no
 * global when they return. */
#define SOFTMMU_CALL (TCG_CALL_MAY_FAULT | TCG_CALL_NO_WRITE_GLOBALS)
static const TCGHelper ld_helper = {"softmmu_ld", (void *)helper_ld,
                                    SOFTMMU_CALL};
static const TCGHelper st_helper = {"softmmu_st", (void *)helper_st,
                                    SOFTMMU_CALL};
static const TCGHelper ld_vec_helper = {"softmmu_ld_vec", (void *)helper_ld_vec,
                                        SOFTMMU_CALL};
static const TCGHelper st_vec_helper = {"softmmu_st_vec", (void *)helper_st_vec,
                                        SOFTMMU_CALL};
static const TCGHelper cmpxchg_helper = {"softmmu_cmpxchg",
                                         (void *)helper_cmpxchg, SOFTMMU_CALL};
static const TCGHelper check_align_helper = {
    "softmmu_check_align", (void *)helper_check_align, SOFTMMU_CALL};

static TCGSoftmmuHelpers call_helpers = {
    .ld = &ld_helper,
    .st = &st_helper,
    .ld_vec = &ld_vec_helper,
    .st_vec = &st_vec_helper,
    .cmpxchg = &cmpxchg_helper,
    .check_align = &check_align_helper,
};

void softmmu_init(const SoftmmuOps *ops, int32_t tlb_offset)
{
    mmu = ops;
    call_helpers.tlb_offset = tlb_offset;
    tcg_ctx.softmmu = &call_helpers;
}

/* ---- maintenance and fetch ---- */

/* The entries filled since the last flush: fn(tlb entry) for each. */
static void for_each_used(SoftTLB *tlb, bool forget,
                          void (*fn)(SoftTLBEntry *e, uint64_t arg),
                          uint64_t arg)
{
    for (int m = 0; m < SOFTMMU_NB_MMU; m++)
        for (unsigned w = 0; w < SOFTMMU_TLB_SIZE / 64; w++) {
            for (uint64_t bits = tlb->used[m][w]; bits; bits &= bits - 1)
                fn(&tlb->entry[m][w * 64 + (unsigned)__builtin_ctzll(bits)],
                   arg);
            if (forget)
                tlb->used[m][w] = 0;
        }
}

static void clear_entry(SoftTLBEntry *e, uint64_t unused)
{
    (void)unused;
    entry_clear(e);
}

static void tlb_clear_all(SoftTLB *tlb)
{
    for_each_used(tlb, true, clear_entry, 0);
}

void softmmu_tlb_init(SoftTLB *tlb)
{
    tlb->lock = 0;
    for (int m = 0; m < SOFTMMU_NB_MMU; m++)
        for (unsigned i = 0; i < SOFTMMU_TLB_SIZE; i++)
            entry_clear(&tlb->entry[m][i]);
    memset(tlb->used, 0, sizeof(tlb->used));
}

void softmmu_flush(void *env)
{
    SoftTLB *tlb = mmu->tlb(env);

    tlb_lock(tlb);
    tlb_clear_all(tlb);
    tlb_unlock(tlb);
    tcg_exec_jmp_cache_clear();
}

void softmmu_flush_page(void *env, uint64_t va)
{
    uint64_t page = va & SOFTMMU_PAGE_MASK;
    SoftTLB *tlb = mmu->tlb(env);

    tlb_lock(tlb);
    for (int m = 0; m < SOFTMMU_NB_MMU; m++) {
        SoftTLBEntry *e = tlb_entry(env, m, va);
        if ((e->tag_read & SOFTMMU_PAGE_MASK) == page ||
            (e->tag_write & SOFTMMU_PAGE_MASK) == page ||
            (e->tag_fetch & SOFTMMU_PAGE_MASK) == page)
            entry_clear(e);
    }
    tlb_unlock(tlb);
    tcg_exec_jmp_cache_clear_page(va);
}

static void watch_entry(SoftTLBEntry *e, uint64_t phys)
{
    if (e->phys == phys && !(e->tag_write & SOFTMMU_TAG_MMIO))
        tag_set(&e->tag_write, e->tag_write | SOFTMMU_TAG_WATCH);
}

void softmmu_watch_page(SoftTLB *tlb, uint64_t phys)
{
    tlb_lock(tlb);
    for_each_used(tlb, false, watch_entry, phys);
    tlb_unlock(tlb);
}

bool softmmu_fetch_phys(void *env, uint64_t pc, int mmu_idx, uint64_t *phys)
{
    SoftTLBEntry *e = lookup(env, pc, GUEST_FETCH, mmu_idx);

    if (!e)
        return false;
    if (e->tag_fetch & SOFTMMU_TAG_MMIO)
        return false;
    *phys = e->phys | (pc & ~SOFTMMU_PAGE_MASK);
    return true;
}

const uint8_t *softmmu_fetch_host(void *env, uint64_t pc, int mmu_idx)
{
    SoftTLBEntry *e = lookup(env, pc, GUEST_FETCH, mmu_idx);

    if (!e || (e->tag_fetch & SOFTMMU_TAG_MMIO))
        arx_fatal("instruction fetch at 0x%llx lost its translation",
                  (unsigned long long)pc);
    return (const uint8_t *)(e->addend + (uintptr_t)(pc & SOFTMMU_PAGE_MASK));
}

void *softmmu_host_ptr(void *env, uint64_t addr, GuestAccess access,
                       int mmu_idx)
{
    uint64_t pa = 0;
    uint8_t *host;

    if (access == GUEST_WRITE)
        lookup_or_raise(env, addr, GUEST_READ, mmu_idx, 0);
    host = access_host(env, addr, 16, access, mmu_idx, 0, &pa);
    if (!host)
        arx_fatal("an atomic or exclusive access to device memory at 0x%llx",
                  (unsigned long long)pa);
    return host;
}

const void *softmmu_peek_host(void *env, uint64_t addr, int mmu_idx)
{
    SoftTLBEntry *e = tlb_entry(env, mmu_idx, addr);
    uint64_t tag = __atomic_load_n(&e->tag_read, __ATOMIC_RELAXED);

    if (tag != (addr & SOFTMMU_PAGE_MASK))
        return NULL; /* another page, invalid, or a device */
    return (const void *)(e->addend + (uintptr_t)addr);
}

bool softmmu_peek_phys(void *env, uint64_t addr, GuestAccess access,
                       int mmu_idx, uint64_t *phys)
{
    SoftTLBEntry *e = tlb_entry(env, mmu_idx, addr);
    uint64_t tag = __atomic_load_n(entry_tag(e, access), __ATOMIC_RELAXED);

    if ((tag & (SOFTMMU_PAGE_MASK | SOFTMMU_TAG_INVALID)) !=
        (addr & SOFTMMU_PAGE_MASK))
        return false;
    *phys = e->phys | (addr & ~SOFTMMU_PAGE_MASK);
    return true;
}

void softmmu_raise(void *env)
{
    raise_at(env, 0);
}
