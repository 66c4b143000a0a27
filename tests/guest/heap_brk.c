/*
 * Guest test: the program break grows and shrinks (sbrk), including in
 * position-independent and dynamically linked builds, where the loader
 * must leave room after the program for it.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
    static char outbuf[4096];
    /* stdio must not malloc: the heap moves under malloc's feet here. */
    setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
    char *start = sbrk(0);
    char *grown = sbrk(8 << 20);
    int ok = grown != (char *)-1 && grown == start;

    if (ok) {
        memset(grown, 0x5a, 8 << 20); /* all of it is usable */
        ok = (char *)sbrk(0) == start + (8 << 20);
    }
    int shrunk = ok && sbrk(-(4 << 20)) != (void *)-1 &&
                 (char *)sbrk(0) == start + (4 << 20);
    printf("grow 8 MiB: %s\n", ok ? "ok" : "failed");
    printf("shrink 4 MiB: %s\n", shrunk ? "ok" : "failed");
    return 0;
}
