/*
 * execve and friends: itself with a new argv and envp, #! scripts (a host
 * shell, and this program as the interpreter, with an optional argument),
 * the errors (ENOENT, EACCES for a plain file and a directory, ENOEXEC),
 * execveat (dirfd, AT_EMPTY_PATH, AT_SYMLINK_NOFOLLOW) and fexecve.
 * Each exec runs in a forked child; output must not depend on pids.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const char *self;

static const char *err_name(int e)
{
    switch (e) {
    case ENOENT: return "ENOENT";
    case EACCES: return "EACCES";
    case ENOEXEC: return "ENOEXEC";
    case ELOOP: return "ELOOP";
    case EINVAL: return "EINVAL";
    default: return "other";
    }
}

/* What the re-executed program prints: its arguments and one variable. */
static int exec_child_main(int argc, char **argv)
{
    const char *v = getenv("PE_VAR");
    int envc = 0;

    while (environ[envc])
        envc++;
    printf("  child argc=%d argv0=%s\n", argc, argv[0]);
    for (int i = 2; i < argc; i++)
        printf("  argv[%d]=[%s]\n", i, argv[i]);
    printf("  PE_VAR=%s envc=%d\n", v ? v : "(unset)", envc);
    return 0;
}

/* As a #! interpreter: argv is [interp, optional arg, script, args...]. */
static int interp_main(int argc, char **argv)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

    exe[n > 0 ? n : 0] = '\0';
    printf("  interpreter argv0 is this program: %d\n",
           strcmp(argv[0], exe) == 0);
    for (int i = 1; i < argc; i++)
        printf("  interp argv[%d]=[%s]\n", i, argv[i]);
    return 0;
}

typedef int (*ExecFn)(void *arg);

/* Runs fn in a child; prints the exec error (fn returns) or its status. */
static void run(const char *what, ExecFn fn, void *arg)
{
    int status;
    pid_t pid;

    printf("%s:\n", what);
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        fn(arg);
        printf("  exec failed: %s\n", err_name(errno));
        fflush(stdout);
        _exit(100);
    }
    waitpid(pid, &status, 0);
    if (WIFEXITED(status))
        printf("  exited %d\n", WEXITSTATUS(status));
    else
        printf("  signal %d\n", WTERMSIG(status));
}

static int exec_self_new_env(void *arg)
{
    char *argv[] = {"renamed-argv0", "--exec-child", "with space", "", NULL};
    char *envp[] = {"PE_VAR=hello", "OTHER=1", NULL};

    (void)arg;
    return execve(self, argv, envp);
}

static int exec_path(void *arg)
{
    char *argv[] = {arg, "arg1", "arg 2", NULL};

    return execve(arg, argv, environ);
}

static void write_file(const char *path, const char *text, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);

    write(fd, text, strlen(text));
    close(fd);
    chmod(path, mode);
}

static void test_scripts(void)
{
    char line[4200];

    write_file("script.sh", "#!/bin/sh\necho script-ran $1\n", 0755);
    run("shell script", exec_path, "./script.sh");
    snprintf(line, sizeof(line), "#!%s --interp\nignored\n", self);
    write_file("interp.sh", line, 0755);
    run("script with this program as interpreter", exec_path, "./interp.sh");
    snprintf(line, sizeof(line), "#!  %s\t  one  argument  \n", self);
    write_file("interp2.sh", line, 0755);
    run("interpreter argument with spaces", exec_path, "./interp2.sh");
    write_file("noline.sh", "#!\n", 0755);
    run("empty #! line", exec_path, "./noline.sh");
}

static void test_errors(void)
{
    run("missing file", exec_path, "./does-not-exist");
    write_file("plain.txt", "not a program\n", 0644);
    run("non-executable file", exec_path, "./plain.txt");
    mkdir("a-dir", 0755);
    run("directory", exec_path, "./a-dir");
    write_file("empty", "", 0755);
    run("empty executable file", exec_path, "./empty");
}

static int exec_at_dirfd(void *arg)
{
    char *argv[] = {"via-dirfd", "--exec-child", "dirfd", NULL};
    const char *base = strrchr(self, '/');
    char dir[4096];
    int fd;

    (void)arg;
    snprintf(dir, sizeof(dir), "%.*s", (int)(base - self), self);
    fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    return (int)syscall(SYS_execveat, fd, base + 1, argv, environ, 0);
}

static int exec_at_empty_path(void *arg)
{
    char *argv[] = {"via-fd", "--exec-child", "empty path", NULL};
    int fd = open(self, O_RDONLY | (arg ? O_CLOEXEC : 0));

    return (int)syscall(SYS_execveat, fd, "", argv, environ, AT_EMPTY_PATH);
}

static int exec_at_empty_no_flag(void *arg)
{
    char *argv[] = {"x", NULL};
    int fd = open(self, O_RDONLY);

    (void)arg;
    return (int)syscall(SYS_execveat, fd, "", argv, environ, 0);
}

static int exec_at_nofollow(void *arg)
{
    char *argv[] = {"x", "--exec-child", NULL};

    (void)arg;
    symlink(self, "self-link");
    return (int)syscall(SYS_execveat, AT_FDCWD, "self-link", argv, environ,
                        AT_SYMLINK_NOFOLLOW);
}

static int exec_via_symlink(void *arg)
{
    char *argv[] = {"link", "--exec-child", "through a symlink", NULL};

    (void)arg;
    symlink(self, "self-link");
    return execve("self-link", argv, environ);
}

static int exec_fexecve(void *arg)
{
    char *argv[] = {"via-fexecve", "--exec-child", "fexecve", NULL};
    int fd = open(self, O_RDONLY | O_CLOEXEC);

    (void)arg;
    return fexecve(fd, argv, environ);
}

static int exec_at_script_fd(void *arg)
{
    char *argv[] = {"script", "from-fd", NULL};
    int fd = open("script.sh", O_RDONLY);

    (void)arg;
    return (int)syscall(SYS_execveat, fd, "", argv, environ, AT_EMPTY_PATH);
}

static void test_execveat(void)
{
    run("execveat with a directory fd", exec_at_dirfd, NULL);
    run("execveat AT_EMPTY_PATH", exec_at_empty_path, NULL);
    run("execveat AT_EMPTY_PATH, close-on-exec fd", exec_at_empty_path,
        (void *)1);
    run("execveat empty path without AT_EMPTY_PATH", exec_at_empty_no_flag,
        NULL);
    run("execveat AT_SYMLINK_NOFOLLOW on a symlink", exec_at_nofollow, NULL);
    unlink("self-link");
    run("execve through a symlink", exec_via_symlink, NULL);
    unlink("self-link");
    run("fexecve", exec_fexecve, NULL);
    run("execveat AT_EMPTY_PATH of a script", exec_at_script_fd, NULL);
}

int main(int argc, char **argv)
{
    self = argc > 0 ? argv[0] : "";
    if (argc > 1 && strcmp(argv[1], "--exec-child") == 0)
        return exec_child_main(argc, argv);
    /* As an interpreter our path is argv[0]; /proc/self/exe names us. */
    if (argc > 1 && strcmp(argv[1], "--interp") == 0)
        return interp_main(argc, argv);
    if (argc > 2 && strncmp(argv[1], "one", 3) == 0)
        return interp_main(argc, argv);

    static char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n > 0) {
        exe[n] = '\0';
        self = exe;
    }
    run("execve of itself, new argv and envp", exec_self_new_env, NULL);
    test_scripts();
    test_errors();
    test_execveat();
    return 0;
}
