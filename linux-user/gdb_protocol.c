/*
 * The GDB remote serial protocol's framing for linux-user/gdbstub.c: the
 * connection's packets ($...#cs, escapes, acks), hex, gdb's signal
 * numbers, qXfer chunks. Knows nothing of threads nor of the guest.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "linux-user/gdb_protocol.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int conn = -1;
static bool no_ack;
static pthread_mutex_t send_lock = PTHREAD_MUTEX_INITIALIZER;

void gdb_protocol_init(int fd)
{
    conn = fd;
}

void gdb_set_no_ack(void)
{
    no_ack = true;
}

bool gdb_no_ack(void)
{
    return no_ack;
}

/* ---- the connection ---- */

static unsigned char rx_buf[4096];
static size_t rx_len, rx_pos;

/* The next byte from gdb, or -1 when it has gone. */
int gdb_rx_byte(void)
{
    if (rx_pos == rx_len) {
        ssize_t n;

        do
            n = read(conn, rx_buf, sizeof(rx_buf));
        while (n < 0 && errno == EINTR);
        if (n <= 0)
            return -1;
        rx_len = (size_t)n;
        rx_pos = 0;
    }
    return rx_buf[rx_pos++];
}

bool gdb_rx_pending(void)
{
    return rx_pos < rx_len;
}

void gdb_protocol_after_fork(void)
{
    rx_len = rx_pos = 0;
    pthread_mutex_init(&send_lock, NULL);
}

static void tx_all(const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(conn, buf, len);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        buf += n;
        len -= (size_t)n;
    }
}

static const char hex_digits[] = "0123456789abcdef";

/* Sends one packet; len bytes of data, escaped as the protocol needs. */
void gdb_send_bin(const char *data, size_t len)
{
    char *out = malloc(2 * len + 8);
    size_t n = 0;
    unsigned char sum = 0;

    if (!out)
        return;
    out[n++] = '$';
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)data[i];

        if (c == '$' || c == '#' || c == '}' || c == '*') {
            out[n++] = '}';
            sum += '}';
            c ^= 0x20;
        }
        out[n++] = (char)c;
        sum += c;
    }
    out[n++] = '#';
    out[n++] = hex_digits[sum >> 4];
    out[n++] = hex_digits[sum & 15];
    pthread_mutex_lock(&send_lock);
    tx_all(out, n);
    pthread_mutex_unlock(&send_lock);
    free(out);
}

void gdb_send(const char *s)
{
    gdb_send_bin(s, strlen(s));
}

void gdb_send_fmt(const char *fmt, ...)
{
    char buf[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    gdb_send(buf);
}

/*
 * Reads one packet into buf (unescaped, NUL-terminated); returns its
 * length, -1 when gdb has gone, -2 for an interrupt (0x03) outside a
 * packet.
 */
int gdb_recv_packet(char *buf, size_t size)
{
    bool escaped = false;
    size_t n = 0;
    int c;

    do {
        c = gdb_rx_byte();
        if (c < 0)
            return -1;
        if (c == 0x03)
            return -2;
    } while (c != '$'); /* acks and retransmission requests: dropped */
    while ((c = gdb_rx_byte()) >= 0 && c != '#') {
        if (escaped) {
            c ^= 0x20;
            escaped = false;
        } else if (c == '}') {
            escaped = true;
            continue;
        }
        if (n + 1 < size)
            buf[n++] = (char)c;
    }
    /* The checksum: TCP does not corrupt, it is not checked. */
    if (c < 0 || gdb_rx_byte() < 0 || gdb_rx_byte() < 0)
        return -1;
    if (!no_ack) {
        pthread_mutex_lock(&send_lock);
        tx_all("+", 1);
        pthread_mutex_unlock(&send_lock);
    }
    buf[n] = '\0';
    return (int)n;
}

/* ---- hex ---- */

int gdb_hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Parses a hex number at *p, advancing it. */
uint64_t gdb_parse_hex(const char **p)
{
    uint64_t v = 0;
    int d;

    while ((d = gdb_hex_value(**p)) >= 0) {
        v = v << 4 | (uint64_t)d;
        (*p)++;
    }
    return v;
}

char *gdb_to_hex(char *out, const uint8_t *data, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        *out++ = hex_digits[data[i] >> 4];
        *out++ = hex_digits[data[i] & 15];
    }
    *out = '\0';
    return out;
}

/* Decodes len bytes of hex; false if the text is short or not hex. */
bool gdb_from_hex(uint8_t *out, const char *hex, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        int hi = gdb_hex_value(hex[2 * i]), lo;

        if (hi < 0)
            return false;
        lo = gdb_hex_value(hex[2 * i + 1]);
        if (lo < 0)
            return false;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return true;
}

/* ---- signal numbers ---- */

/*
 * The protocol numbers signals its own way (gdb's signals.def), not as
 * Linux does; the guest's are Linux's. 0: no such gdb signal.
 */
static const uint8_t gdb_signal_of_linux[32] = {
    [1] = 1,   [2] = 2,   [3] = 3,   [4] = 4,   [5] = 5,   [6] = 6,
    [7] = 10,  [8] = 8,   [9] = 9,   [10] = 30, [11] = 11, [12] = 31,
    [13] = 13, [14] = 14, [15] = 15, [17] = 20, [18] = 19, [19] = 17,
    [20] = 18, [21] = 21, [22] = 22, [23] = 16, [24] = 24, [25] = 25,
    [26] = 26, [27] = 27, [28] = 28, [29] = 23, [30] = 32, [31] = 12,
};
#define GDB_SIGNAL_REALTIME_32 77
#define GDB_SIGNAL_REALTIME_33 45 /* to 63: 45-75 */
#define GDB_SIGNAL_REALTIME_64 78
#define GDB_SIGNAL_UNKNOWN 143

int gdb_signal_from_linux(int sig)
{
    if (sig > 0 && sig < 32 && gdb_signal_of_linux[sig])
        return gdb_signal_of_linux[sig];
    if (sig == 32)
        return GDB_SIGNAL_REALTIME_32;
    if (sig >= 33 && sig <= 63)
        return GDB_SIGNAL_REALTIME_33 + sig - 33;
    if (sig == 64)
        return GDB_SIGNAL_REALTIME_64;
    return GDB_SIGNAL_UNKNOWN;
}

/* 0 for gdb's "no signal" and for what Linux has no number for. */
int gdb_signal_to_linux(int gdb_sig)
{
    for (int sig = 1; sig < 32; sig++)
        if (gdb_signal_of_linux[sig] == gdb_sig)
            return sig;
    if (gdb_sig == GDB_SIGNAL_REALTIME_32)
        return 32;
    if (gdb_sig >= GDB_SIGNAL_REALTIME_33 &&
        gdb_sig <= GDB_SIGNAL_REALTIME_33 + 30)
        return gdb_sig - GDB_SIGNAL_REALTIME_33 + 33;
    if (gdb_sig == GDB_SIGNAL_REALTIME_64)
        return 64;
    return 0;
}

/* Sends the part [off, off + len) of a qXfer object. */
void gdb_send_xfer(const char *data, size_t size, const char *range)
{
    const char *p = range;
    uint64_t off = gdb_parse_hex(&p), len;
    char *out;

    if (*p++ != ',') {
        gdb_send("E01");
        return;
    }
    len = gdb_parse_hex(&p);
    if (len > GDB_MAX_PACKET - 8)
        len = GDB_MAX_PACKET - 8;
    if (off >= size) {
        gdb_send("l");
        return;
    }
    if (len > size - off)
        len = size - off;
    out = malloc(len + 1);
    if (!out) {
        gdb_send("E0c");
        return;
    }
    out[0] = off + len < size ? 'm' : 'l';
    memcpy(out + 1, data + off, len);
    gdb_send_bin(out, len + 1);
    free(out);
}
