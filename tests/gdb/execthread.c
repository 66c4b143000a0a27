/*
 * A second thread executes exectarget (next to this program) after gdb
 * held the process stopped at mark (the thread asleep in a syscall).
 * Exits with exectarget's 4 * 6 = 24, or 96 when the exec fails.
 */
#include <libgen.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static char path[4200];

static void *exec_later(void *arg)
{
    char *args[] = {"exectarget", "6", NULL};

    (void)arg;
    usleep(200 * 1000);
    execv(path, args);
    return NULL;
}

void mark(void) {}

int main(int argc, char **argv)
{
    char dir[4096];
    pthread_t thread;

    (void)argc;
    snprintf(dir, sizeof(dir), "%s", argv[0]);
    snprintf(path, sizeof(path), "%s/exectarget", dirname(dir));
    pthread_create(&thread, NULL, exec_later, NULL);
    mark();
    pthread_join(thread, NULL);
    return 96;
}
