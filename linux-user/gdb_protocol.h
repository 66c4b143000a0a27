/*
 * The GDB remote serial protocol as linux-user/gdbstub.c speaks it:
 * packet framing on one connection (gdb_protocol.c) and the vFile
 * requests (gdb_vfile.c). Nothing here knows threads or registers.
 */
#ifndef ARX_LINUX_USER_GDB_PROTOCOL_H
#define ARX_LINUX_USER_GDB_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest packet either side sends (announced in qSupported). */
#define GDB_MAX_PACKET 0x4000

/* The connection packets go over (a connected socket). */
void gdb_protocol_init(int fd);
/* QStartNoAckMode: received packets are no longer acknowledged. */
void gdb_set_no_ack(void);
bool gdb_no_ack(void);
/* In the child of a fork that takes the connection over: nothing the
 * parent had read is its, and the send lock may have been held. */
void gdb_protocol_after_fork(void);

/* The next byte from gdb, or -1 when it has gone; whether one is
 * buffered (poll would not see it). */
int gdb_rx_byte(void);
bool gdb_rx_pending(void);
/*
 * Reads one packet into buf (unescaped, NUL-terminated); returns its
 * length, -1 when gdb has gone, -2 for an interrupt (0x03) outside a
 * packet.
 */
int gdb_recv_packet(char *buf, size_t size);
/* Sends one packet: len bytes, escaped as needed; any thread may. */
void gdb_send_bin(const char *data, size_t len);
void gdb_send(const char *s);
void gdb_send_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Answers qXfer:...:read:ANNEX:OFF,LEN (range is "OFF,LEN") with that
 * part of the object of size bytes at data. */
void gdb_send_xfer(const char *data, size_t size, const char *range);

/* Hex digits: a digit's value (-1: none); a number at *p, advancing it;
 * len bytes written as hex (NUL-terminated, returns the end); len bytes
 * read from hex (false when short or not hex). */
int gdb_hex_value(int c);
uint64_t gdb_parse_hex(const char **p);
char *gdb_to_hex(char *out, const uint8_t *data, size_t len);
bool gdb_from_hex(uint8_t *out, const char *hex, size_t len);

/* Signal numbers: the protocol's are gdb's own (143: unknown), the
 * guest's Linux's (0: none). */
int gdb_signal_from_linux(int sig);
int gdb_signal_to_linux(int gdb_sig);

/* Answers one vFile:... packet (p after "vFile:"); self_pid is the pid
 * gdb may name for this process in /proc paths. */
void gdb_vfile_packet(const char *p, int self_pid);

#endif
