/*
 * A child forked under the debugger runs without it and past the
 * parent's breakpoints; the parent stops at them. Exits with 21 + 3.
 */
#include <sys/wait.h>
#include <unistd.h>

static int child_work(int v)
{
    return v * 3;
}

int main(void)
{
    int status;
    pid_t pid = fork();

    if (pid == 0)
        _exit(child_work(7));
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return 1;
    return WEXITSTATUS(status) + child_work(1);
}
