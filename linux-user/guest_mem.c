/*
 * User mode's guest memory access (tcg/guest_mem.h): host address = guest
 * address + guest_base. No checks here: a bad access faults on the host
 * and the fault handler turns it into the guest's signal.
 */
#include "tcg/guest_mem.h"

#include <string.h>
#include <sys/mman.h>

#include "linux-user/user.h"
#include "linux-user/vma.h"
#include "target-arm/cpu.h"
#include "tcg/user_pages.h"

void *guest_host_ptr(void *env, uint64_t addr, uint64_t len, GuestAccess access)
{
    CPUARMState *cpu = env;

    /* A helper's access in a debugger's step (read watchpoints); a
     * read-modify-write (GUEST_WRITE) reads too. */
    if (cpu && cpu->debug_step && access != GUEST_FETCH)
        cpu_debug_note_access(cpu, addr, len, true, access == GUEST_WRITE);
    return g2h(addr);
}

bool guest_readable(void *env, uint64_t addr)
{
    int prot = vma_prot_at(addr);

    (void)env;
    return prot > 0 && (prot & PROT_READ);
}

GuestFetchState guest_fetch_state(void *env, uint64_t pc)
{
    int prot = user_pages_guest_prot(pc);

    (void)env;
    if (prot < 0)
        return GUEST_FETCH_UNMAPPED;
    return prot & USER_PROT_EXEC ? GUEST_FETCH_OK : GUEST_FETCH_DENIED;
}

bool guest_fetch_guarded(void *env, uint64_t pc)
{
    int prot = user_pages_guest_prot(pc);

    (void)env;
    return prot > 0 && (prot & USER_PROT_GUARDED);
}

uint32_t guest_fetch32(void *env, uint64_t pc)
{
    (void)env;
    return *(const uint32_t *)g2h(pc);
}

uint16_t guest_fetch16(void *env, uint64_t pc)
{
    (void)env;
    return *(const uint16_t *)g2h(pc);
}

uint64_t guest_load(void *env, uint64_t addr, unsigned size)
{
    uint64_t value = 0;

    (void)env;
    memcpy(&value, g2h(addr), size);
    return value;
}

void guest_store(void *env, uint64_t addr, unsigned size, uint64_t value)
{
    (void)env;
    memcpy(g2h(addr), &value, size);
}
