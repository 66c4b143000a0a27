/*
 * arx-system's console: the guest's UART on arx's stdin and stdout.
 * Ctrl-A x stops the machine, Ctrl-A Ctrl-A sends one Ctrl-A, as qemu's
 * -nographic has it; a terminal is put in raw mode and restored at exit.
 */
#ifndef ARX_SYSTEM_CONSOLE_H
#define ARX_SYSTEM_CONSOLE_H

#include <stddef.h>
#include <stdint.h>

struct PL011;

/* Starts reading stdin into uart. */
void console_start(struct PL011 *uart);
/* The UART's output (pl011_new's out callback): straight to stdout. */
void console_write(void *opaque, const uint8_t *buf, size_t len);
/* Puts the terminal back as it was (also at exit). */
void console_restore(void);

#endif
