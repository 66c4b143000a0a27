/*
 * User mode's persistent translation cache: which guest code may be saved
 * for later processes (file-backed, private, executable, never writable
 * mappings), where (a per-user directory, one file per mapped file's
 * content), and when it is off. tcg/tb_persist.c packs the records.
 */
#ifndef ARX_LINUX_USER_PCACHE_H
#define ARX_LINUX_USER_PCACHE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Chooses the directory: setting is --cache's value, else ARX_CACHE's:
 * "on" for the default ($XDG_CACHE_HOME/arx or ~/.cache/arx), a
 * directory, or "off" ("on" when unset: on by default). Off in
 * secure mode, and when the directory is not a 0700 directory of this
 * user. Call before the guest is loaded.
 */
void pcache_configure(const char *setting);
/* Whether configure found a usable directory; its path. */
bool pcache_enabled(void);
const char *pcache_dir(void);
/* Turns the cache off for this process (debugging that must see every
 * translation). */
void pcache_disable(void);
/* Hooks the cache into the block cache (after tcg_exec_init). */
void pcache_start(void);

/* Where to ask the host to put a mapping of len bytes of the file open as
 * fd (-1: anonymous) that the guest let the kernel place (0: no
 * preference). */
uint64_t pcache_place_hint(int fd, uint64_t len, int prot);

/* Appends the blocks this process translated (exit, exec, death). */
void pcache_flush(void);

/* arx --cache-stats / --cache-clear: exit statuses. */
int pcache_print_stats(FILE *out);
int pcache_clear(FILE *out);

#endif
