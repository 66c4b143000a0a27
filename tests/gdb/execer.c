/*
 * A program that executes another (exectarget, next to it) under the
 * debugger: gdb follows the exec and stops in the new program. Exits
 * with exectarget's status (20), or 99 when the exec fails.
 */
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    char dir[4096], path[4200];
    char *args[] = {"exectarget", "5", NULL};

    (void)argc;
    snprintf(dir, sizeof(dir), "%s", argv[0]);
    snprintf(path, sizeof(path), "%s/exectarget", dirname(dir));
    execv(path, args);
    return 99;
}
