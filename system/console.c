/*
 * The console thread: stdin to the PL011's receive FIFO, with the Ctrl-A
 * escapes; the UART's output to stdout, nothing else ever written there.
 */
#include "system/console.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "hw/pl011.h"
#include "system/machine.h"
#include "util/log.h"

#define CTRL_A 0x01

static struct termios saved_termios;
static bool termios_saved;

void console_restore(void)
{
    if (termios_saved)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
}

static void raw_terminal(void)
{
    struct termios raw;

    if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &saved_termios))
        return;
    termios_saved = true;
    atexit(console_restore);
    raw = saved_termios;
    cfmakeraw(&raw);
    raw.c_oflag |= OPOST | ONLCR; /* arx's own messages keep their lines */
    tcsetattr(STDIN_FILENO, TCSANOW, &raw);
}

void console_write(void *opaque, const uint8_t *buf, size_t len)
{
    (void)opaque;
    while (len > 0) {
        ssize_t n = write(STDOUT_FILENO, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return; /* stdout gone: the guest's output has nowhere to go */
        buf += n;
        len -= (size_t)n;
    }
}

/* Hands byte to the UART, waiting while its FIFO is full. */
static void feed(PL011 *uart, uint8_t byte)
{
    while (!machine.shutdown && pl011_can_receive(uart) == 0) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    pl011_receive(uart, &byte, 1);
}

static void *console_thread(void *arg)
{
    PL011 *uart = arg;
    bool escape = false;
    uint8_t byte;

    while (!machine.shutdown) {
        ssize_t n = read(STDIN_FILENO, &byte, 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break; /* end of input: the guest just sees no more */
        if (escape) {
            escape = false;
            if (byte == 'x') {
                fprintf(stderr, "arx-system: terminated by Ctrl-A x\n");
                machine_request_shutdown(0);
                break;
            }
            if (byte != CTRL_A)
                continue;
        } else if (byte == CTRL_A) {
            escape = true;
            continue;
        }
        feed(uart, byte);
    }
    return NULL;
}

void console_start(PL011 *uart)
{
    pthread_t thread;

    raw_terminal();
    if (pthread_create(&thread, NULL, console_thread, uart))
        arx_fatal("cannot start the console thread");
    pthread_detach(thread);
}
