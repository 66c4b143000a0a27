/* Guest test: argv and environment as the program sees them. Prints argc,
 * every argument, argv[0]'s last path component (the directories differ
 * between the native and the guest build) and the GT_* environment sorted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv, char **envp)
{
    const char *base = strrchr(argv[0], '/');
    printf("argc=%d argv0-base=%s\n", argc, base ? base + 1 : argv[0]);
    for (int i = 1; i < argc; i++) {
        printf("argv[%d] len=%zu [%s] bytes:", i, strlen(argv[i]), argv[i]);
        for (const unsigned char *p = (const unsigned char *)argv[i]; *p; p++)
            printf(" %02x", *p);
        printf("\n");
    }
    printf("argv[argc] is %s\n", argv[argc] ? "non-null" : "NULL");
    printf("envp==environ %d\n", envp == environ);
    char *picked[256];
    int n = 0;
    for (char **e = environ; *e && n < 256; e++)
        if (strncmp(*e, "GT_", 3) == 0)
            picked[n++] = *e;
    qsort(picked, (size_t)n, sizeof(char *), cmp_str);
    printf("GT vars: %d\n", n);
    for (int i = 0; i < n; i++)
        printf("  %s\n", picked[i]);
    const char *v = getenv("GT_ALPHA");
    printf("getenv GT_ALPHA=%s GT_MISSING=%s\n", v ? v : "(null)",
           getenv("GT_MISSING") ? "set" : "(null)");
    setenv("GT_NEW", "created", 1);
    setenv("GT_ALPHA", "overwritten", 1);
    setenv("GT_BETA", "kept", 0);
    unsetenv("GT_GAMMA");
    n = 0;
    for (char **e = environ; *e && n < 256; e++)
        if (strncmp(*e, "GT_", 3) == 0)
            picked[n++] = *e;
    qsort(picked, (size_t)n, sizeof(char *), cmp_str);
    printf("after setenv: %d\n", n);
    for (int i = 0; i < n; i++)
        printf("  %s\n", picked[i]);
    return 0;
}
