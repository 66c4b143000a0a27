/*
 * Spawns exectarget (next to this program) with posix_spawn (a vfork),
 * then forks a child that executes it: gdb following children follows
 * the first into exectarget. Exits with 4 * 2 + 4 * 3 = 20.
 */
#include <libgen.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static int run(const char *path, char *arg, int by_fork)
{
    char *args[] = {"exectarget", arg, NULL};
    int status;
    pid_t pid;

    if (!by_fork) {
        if (posix_spawn(&pid, path, NULL, NULL, args, environ) != 0)
            return 100;
    } else if ((pid = fork()) == 0) {
        execv(path, args);
        _exit(99);
    }
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return 100;
    return WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
    char dir[4096], path[4200];

    (void)argc;
    snprintf(dir, sizeof(dir), "%s", argv[0]);
    snprintf(path, sizeof(path), "%s/exectarget", dirname(dir));
    return run(path, "2", 0) + run(path, "3", 1);
}
