/*
 * posix_spawn, posix_spawnp and vfork: exec failures reported to the
 * parent (ENOENT, EACCES), file actions, PATH search, a vfork child's
 * writes seen by its parent, and the parent's signal state surviving a
 * child that resets it. The program re-executes itself as the child
 * ("--spawn-child MODE"); output must not depend on pids or timing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const char *self;

static const char *err_name(int e)
{
    switch (e) {
    case 0: return "OK";
    case ENOENT: return "ENOENT";
    case EACCES: return "EACCES";
    case ENOEXEC: return "ENOEXEC";
    case ENOTDIR: return "ENOTDIR";
    default: return "other";
    }
}

static void print_status(const char *what, int status)
{
    if (WIFEXITED(status))
        printf("%s: exited %d\n", what, WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        printf("%s: killed by signal %d\n", what, WTERMSIG(status));
    else
        printf("%s: status 0x%x\n", what, status);
}

static int child_main(int argc, char **argv)
{
    const char *mode = argv[2];

    if (strcmp(mode, "echo") == 0) {
        for (int i = 3; i < argc; i++)
            printf("%s%s", argv[i], i + 1 < argc ? " " : "\n");
        return 0;
    }
    if (strcmp(mode, "exit") == 0)
        return atoi(argv[3]);
    if (strcmp(mode, "term") == 0) {
        kill(getpid(), SIGTERM);
        return 99;
    }
    if (strcmp(mode, "sigusr1") == 0) {
        /* Default action, whatever the parent had installed. */
        struct sigaction sa;
        sigaction(SIGUSR1, NULL, &sa);
        printf("child SIGUSR1 is %s\n",
               sa.sa_handler == SIG_DFL ? "SIG_DFL" : "not SIG_DFL");
        sigset_t cur;
        sigprocmask(SIG_BLOCK, NULL, &cur);
        printf("child SIGUSR2 %s\n",
               sigismember(&cur, SIGUSR2) ? "blocked" : "unblocked");
        return 0;
    }
    return 100;
}

static int spawn_wait(const char *what, pid_t pid)
{
    int status;

    if (waitpid(pid, &status, 0) != pid) {
        printf("%s: waitpid failed\n", what);
        return -1;
    }
    print_status(what, status);
    return status;
}

static void test_missing(void)
{
    char *argv[] = {"nonexistent", NULL};
    pid_t pid = -1;
    int r = posix_spawn(&pid, "/nonexistent/prog", NULL, NULL, argv, environ);

    printf("spawn missing: %s\n", err_name(r));
    if (r == 0)
        spawn_wait("spawn missing child", pid);
    r = posix_spawnp(&pid, "arx-no-such-program", NULL, NULL, argv, environ);
    printf("spawnp missing: %s\n", err_name(r));
    if (r == 0)
        spawn_wait("spawnp missing child", pid);
}

static void test_not_executable(void)
{
    char *argv[] = {"noexec", NULL};
    pid_t pid = -1;
    int fd = open("noexec.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int r;

    write(fd, "data\n", 5);
    close(fd);
    r = posix_spawn(&pid, "./noexec.txt", NULL, NULL, argv, environ);
    printf("spawn non-executable: %s\n", err_name(r));
    if (r == 0)
        spawn_wait("spawn non-executable child", pid);
    r = posix_spawn(&pid, ".", NULL, NULL, argv, environ);
    printf("spawn directory: %s\n", err_name(r));
    if (r == 0)
        spawn_wait("spawn directory child", pid);
    unlink("noexec.txt");
}

/* Reads everything from fd into buf (NUL-terminated). */
static void read_all(int fd, char *buf, size_t len)
{
    size_t got = 0;
    ssize_t n;

    while (got + 1 < len && (n = read(fd, buf + got, len - 1 - got)) > 0)
        got += (size_t)n;
    buf[got] = '\0';
}

static void test_file_actions(void)
{
    char *argv[] = {(char *)self, "--spawn-child", "echo",
                    "through",    "a pipe",        NULL};
    posix_spawn_file_actions_t fa;
    char buf[256];
    int p[2];
    pid_t pid;
    int r;

    pipe(p);
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, p[1], 1);
    posix_spawn_file_actions_addclose(&fa, p[0]);
    posix_spawn_file_actions_addclose(&fa, p[1]);
    r = posix_spawn(&pid, self, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(p[1]);
    printf("spawn with file actions: %s\n", err_name(r));
    read_all(p[0], buf, sizeof(buf));
    close(p[0]);
    printf("pipe got: %s", buf);
    if (r == 0)
        spawn_wait("echo child", pid);

    /* A failing file action is an error of posix_spawn too. */
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 5, "/nonexistent/dir/file", O_RDONLY,
                                     0);
    r = posix_spawn(&pid, self, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    printf("spawn with failing open action: %s\n", err_name(r));
    if (r == 0)
        spawn_wait("failing action child", pid);
}

static void test_spawnp(void)
{
    char dir[4096], path[8192];
    const char *base = strrchr(self, '/');
    char *argv[] = {NULL, "--spawn-child", "echo", "found", "on", "PATH", NULL};
    const char *old = getenv("PATH");
    pid_t pid;
    int r, status = 0;

    if (!base) {
        printf("self has no directory\n");
        return;
    }
    snprintf(dir, sizeof(dir), "%.*s", (int)(base - self), self);
    snprintf(path, sizeof(path), "/nonexistent-dir:%s:%s", dir,
             old ? old : "/bin");
    setenv("PATH", path, 1);
    argv[0] = (char *)base + 1;
    fflush(stdout);
    r = posix_spawnp(&pid, base + 1, NULL, NULL, argv, environ);
    /* The child writes to our stdout: report once it is done, so the
     * order of the lines does not depend on who runs first. */
    if (r == 0 && waitpid(pid, &status, 0) != pid)
        printf("spawnp child: waitpid failed\n");
    printf("spawnp: %s\n", err_name(r));
    if (r == 0)
        print_status("spawnp child", status);
    if (old)
        setenv("PATH", old, 1);
}

static void test_statuses(void)
{
    char *exit3[] = {(char *)self, "--spawn-child", "exit", "3", NULL};
    char *term[] = {(char *)self, "--spawn-child", "term", NULL};
    pid_t pid;

    if (posix_spawn(&pid, self, NULL, NULL, exit3, environ) == 0)
        spawn_wait("exit 3 child", pid);
    if (posix_spawn(&pid, self, NULL, NULL, term, environ) == 0)
        spawn_wait("SIGTERM child", pid);
}

static volatile int usr1_count;

static void on_usr1(int sig)
{
    (void)sig;
    usr1_count++;
}

/* glibc's posix_spawn child resets handled signals to SIG_DFL and sets
 * its mask; none of that may leak into the parent. */
static void test_parent_signal_state(void)
{
    char *argv[] = {(char *)self, "--spawn-child", "sigusr1", NULL};
    posix_spawnattr_t attr;
    sigset_t usr2, empty, cur;
    struct sigaction sa;
    pid_t pid;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_usr1;
    sigaction(SIGUSR1, &sa, NULL);
    sigemptyset(&usr2);
    sigaddset(&usr2, SIGUSR2);
    sigprocmask(SIG_BLOCK, &usr2, NULL);
    sigemptyset(&empty);
    posix_spawnattr_init(&attr);
    posix_spawnattr_setsigmask(&attr, &empty);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
    fflush(stdout);
    if (posix_spawn(&pid, self, NULL, &attr, argv, environ) == 0)
        spawn_wait("signal state child", pid);
    posix_spawnattr_destroy(&attr);
    raise(SIGUSR1);
    printf("parent SIGUSR1 handler ran %d time(s)\n", usr1_count);
    sigprocmask(SIG_BLOCK, NULL, &cur);
    printf("parent SIGUSR2 %s\n",
           sigismember(&cur, SIGUSR2) ? "still blocked" : "unblocked");
    sigprocmask(SIG_UNBLOCK, &usr2, NULL);
}

static void test_vfork(void)
{
    static volatile int shared;
    char *argv[] = {(char *)self, "--spawn-child", "echo",
                    "vfork",      "exec",          NULL};
    pid_t pid;
    int status;

    pid = vfork();
    if (pid == 0)
        _exit(7);
    waitpid(pid, &status, 0);
    print_status("vfork _exit(7)", status);

    shared = 1;
    pid = vfork();
    if (pid == 0) {
        shared = 42; /* the parent's memory: vfork shares it */
        _exit(0);
    }
    waitpid(pid, &status, 0);
    printf("vfork child wrote shared = %d\n", shared);

    fflush(stdout);
    pid = vfork();
    if (pid == 0) {
        execv(self, argv);
        _exit(127);
    }
    waitpid(pid, &status, 0);
    print_status("vfork+exec", status);

    pid = vfork();
    if (pid == 0) {
        execl("/nonexistent/prog", "x", (char *)NULL);
        shared = errno; /* what posix_spawn's child does, by hand */
        _exit(127);
    }
    waitpid(pid, &status, 0);
    printf("vfork exec failure seen by parent: %s\n", err_name(shared));
    print_status("vfork failed exec", status);
}

int main(int argc, char **argv)
{
    if (argc > 2 && strcmp(argv[1], "--spawn-child") == 0)
        return child_main(argc, argv);
    self = argv[0];
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_missing();
    test_not_executable();
    test_file_actions();
    test_spawnp();
    test_statuses();
    test_parent_signal_state();
    test_vfork();
    return 0;
}
