/* Builds, reverses and hashes decimal strings with the C library. */
#include <stdio.h>
#include <string.h>

#include "smp.h"

static void reverse(char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n / 2; i++) {
        char t = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = t;
    }
}

uint64_t smp_strings(uint32_t seed)
{
    char buf[32];
    uint64_t sum = 0;
    for (uint32_t i = 0; i < 2000; i++) {
        snprintf(buf, sizeof(buf), "%u", i * 2654435761u + seed);
        reverse(buf);
        for (const char *p = buf; *p; p++)
            sum = sum * 31 + (uint8_t)*p;
    }
    return sum;
}
