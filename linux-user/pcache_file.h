/*
 * The persistent translation cache's files: one per mapped file's content
 * (and arx build and options), an append-only log of checksummed records
 * read through a read-only mapping. Nothing read is trusted; nothing here
 * decides what may be cached (linux-user/pcache.c does).
 */
#ifndef ARX_LINUX_USER_PCACHE_FILE_H
#define ARX_LINUX_USER_PCACHE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct PCacheFile PCacheFile;

/* The directory and the hashes every file's header must carry. */
void pcache_file_setup(const char *dir, uint64_t build, uint64_t options);

/* The file for content identity ident (opened on first find). */
PCacheFile *pcache_file_get(uint64_t ident);

/* Its name in the directory. */
const char *pcache_file_name(const PCacheFile *f);

/* The payload saved for (pc, flags) at file_offset, checked, or NULL;
 * *guest_hash: the hash of the guest code it was made from. */
const void *pcache_file_find(PCacheFile *f, uint64_t pc, uint32_t flags,
                             uint64_t file_offset, size_t *len,
                             uint64_t *guest_hash);
/* Queues a record; written by pcache_file_flush_all (or when many). */
void pcache_file_add(PCacheFile *f, uint64_t pc, uint32_t flags,
                     uint64_t file_offset, uint64_t guest_hash,
                     const void *payload, size_t len);
/* Appends every queued record, then keeps the directory under its bound. */
void pcache_file_flush_all(void);
/* A fork child: the queued records are its parent's to write. */
void pcache_file_forget_pending(void);

/* Counts of what the files hold, and removing them. */
int pcache_file_print_stats(FILE *out);
int pcache_file_clear(FILE *out);

#endif
