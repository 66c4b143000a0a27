/*
 * The bare-metal tests' little library: PL011 output, PSCI power-off,
 * exception hooks and check() bookkeeping. No libc; every line printed must
 * be the same on every run and every emulator.
 */
#ifndef BM_LIB_H
#define BM_LIB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UART_BASE 0x09000000ul
#define UART_DR 0x00
#define UART_FR 0x18
#define UART_FR_TXFF (1u << 5)

/* ESR_EL1 fields. */
#define ESR_EC(esr) (((esr) >> 26) & 0x3f)
#define ESR_IL(esr) (((esr) >> 25) & 1)
#define ESR_ISS(esr) ((esr)&0x1ffffff)
#define ESR_FSC(esr) ((esr)&0x3f)
#define ESR_WNR(esr) (((esr) >> 6) & 1)
#define EC_UNKNOWN 0x00
#define EC_SVC64 0x15
#define EC_IABT_LOWER 0x20
#define EC_IABT_CUR 0x21
#define EC_DABT_LOWER 0x24
#define EC_DABT_CUR 0x25
#define EC_BRK64 0x3c

typedef struct ExcFrame {
    uint64_t x[31];
    uint64_t elr, spsr;
    uint64_t pad;
} ExcFrame;

/* A sync exception the test expects: return true when handled. */
typedef bool (*SyncHook)(ExcFrame *f, uint64_t esr, uint64_t far);
extern SyncHook bm_sync_hook;
extern void (*bm_irq_hook)(void);

void bm_putc(char c);
void bm_puts(const char *s);
void bm_put_hex(uint64_t v);
void bm_put_dec(uint64_t v);
/* "name: value\n" with value in hex. */
void bm_print_hex(const char *name, uint64_t v);

/* Prints "ok - what" or "not ok - what" and counts. */
void bm_check(bool ok, const char *what);
/* "PASS: test n/n" or "FAIL: test k of n failed"; then powers off. */
void bm_finish(const char *test) __attribute__((noreturn));
void bm_system_off(void) __attribute__((noreturn));

uint64_t bm_run_el0(uint64_t pc, uint64_t arg);
extern char bm_el0_svc[], bm_el0_svc_end[];
extern char bm_el0_load[], bm_el0_load_end[];

static inline uint32_t mmio_read32(uint64_t addr)
{
    return *(volatile uint32_t *)addr;
}

static inline void mmio_write32(uint64_t addr, uint32_t v)
{
    *(volatile uint32_t *)addr = v;
}

#define read_sysreg(name)                                                      \
    ({                                                                         \
        uint64_t v_;                                                           \
        __asm__ volatile("mrs %0, " #name : "=r"(v_));                         \
        v_;                                                                    \
    })
#define write_sysreg(name, v)                                                  \
    __asm__ volatile("msr " #name ", %0" : : "r"((uint64_t)(v)) : "memory")
#define isb() __asm__ volatile("isb" ::: "memory")
#define dsb(opt) __asm__ volatile("dsb " #opt ::: "memory")

void *memset(void *s, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);

#endif
