/*
 * /proc/self/maps shows this process's own regions in the kernel's format:
 * code, stack, heap, fresh mmaps split by munmap and mprotect, file maps,
 * mremap. Prints properties only: addresses differ from run to run.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#define PG 4096ul
#define MAX_LINES 4096

typedef struct Line {
    unsigned long start, end, offset, inode;
    unsigned major, minor;
    char perms[8];
    char path[PATH_MAX];
    int name_column; /* where the path starts, -1 when there is none */
    int trailing_space;
} Line;

static Line lines[MAX_LINES];
static int nlines;
static char buf[1 << 20];

static int read_file(const char *path)
{
    int fd = open(path, O_RDONLY), n = 0, r;

    if (fd < 0)
        return -1;
    while ((r = read(fd, buf + n, sizeof(buf) - 1 - n)) > 0)
        n += r;
    close(fd);
    buf[n] = '\0';
    return n;
}

static int parse_maps(const char *path)
{
    char *line, *save;

    if (read_file(path) < 0)
        return -1;
    nlines = 0;
    for (line = strtok_r(buf, "\n", &save); line && nlines < MAX_LINES;
         line = strtok_r(NULL, "\n", &save)) {
        Line *l = &lines[nlines];
        int at = 0;
        if (sscanf(line, "%lx-%lx %7s %lx %x:%x %lu %n", &l->start, &l->end,
                   l->perms, &l->offset, &l->major, &l->minor, &l->inode,
                   &at) < 7)
            return -1;
        snprintf(l->path, sizeof(l->path), "%s", line + at);
        l->name_column = l->path[0] ? at : -1;
        l->trailing_space = line[strlen(line) - 1] == ' ';
        nlines++;
    }
    return nlines;
}

static Line *covering(unsigned long addr)
{
    for (int i = 0; i < nlines; i++)
        if (lines[i].start <= addr && addr < lines[i].end)
            return &lines[i];
    return NULL;
}

static Line *exactly(unsigned long start, unsigned long end)
{
    Line *l = covering(start);
    return l && l->start == start && l->end == end ? l : NULL;
}

static const char *ok(int cond)
{
    return cond ? "ok" : "WRONG";
}

/* Every line well-formed, sorted, disjoint, name at column 73. */
static void check_format(void)
{
    int good = 1;

    for (int i = 0; i < nlines; i++) {
        Line *l = &lines[i];
        if (l->start >= l->end || l->start % PG || l->end % PG ||
            strlen(l->perms) != 4 || (i > 0 && lines[i - 1].end > l->start))
            good = 0;
        if (l->name_column >= 0 ? l->name_column != 73 : !l->trailing_space)
            good = 0;
    }
    printf("format: %s\n", ok(good && nlines > 3));
}

static const char *base(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* Lines that are neither the program, a library, a kernel label nor anon. */
static int count_strangers(const char *exe)
{
    static const char *const
        labels[] = {"[heap]",    "[stack]",    "[vdso]",
                    "[vvar]",    "[vsyscall]", "[vvar_vclock]",
                    "[vectors]", "[sigpage]"}; /* the last two: 32-bit ARM */
    int n = 0;

    for (int i = 0; i < nlines; i++) {
        const char *p = lines[i].path;
        int known = !p[0] || strcmp(p, exe) == 0 || strstr(p, ".so");
        for (size_t k = 0; k < sizeof(labels) / sizeof(labels[0]); k++)
            known |= strcmp(p, labels[k]) == 0;
        /* Anonymous executable memory would be a JIT's code cache. */
        if (!p[0] && strchr(lines[i].perms, 'x'))
            known = 0;
        if (!known) {
            fprintf(stderr, "stranger: %lx-%lx %s %s\n", lines[i].start,
                    lines[i].end, lines[i].perms, p);
            n++;
        }
    }
    return n;
}

static void check_program(const char *exe)
{
    Line *code, *stack, *heap;
    int local;
    char *heap_ptr = malloc(100);

    parse_maps("/proc/self/maps");
    code = covering((unsigned long)&check_program);
    stack = covering((unsigned long)&local);
    heap = covering((unsigned long)heap_ptr);
    printf("code: %s %s\n", code ? code->perms : "none",
           ok(code && strcmp(code->path, exe) == 0 && code->inode != 0));
    printf("stack: %s\n", stack ? stack->path : "none");
    printf("heap: %s\n", heap ? heap->path : "none");
    free(heap_ptr);
}

static int anon_line(const Line *l, const char *perms)
{
    return l && strcmp(l->perms, perms) == 0 && l->offset == 0 &&
           l->major == 0 && l->minor == 0 && l->inode == 0 && !l->path[0];
}

/* A 3-page rw mapping between PROT_NONE pages, so nothing merges with it. */
static void check_anon(void)
{
    char *r = mmap(NULL, 5 * PG, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    unsigned long a = (unsigned long)r + PG;

    mmap((void *)a, 3 * PG, PROT_READ | PROT_WRITE,
         MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    parse_maps("/proc/self/maps");
    printf("mmap 3 pages: %s\n", ok(anon_line(exactly(a, a + 3 * PG), "rw-p")));
    printf("guard below: %s\n", ok(anon_line(exactly(a - PG, a), "---p")));

    munmap((void *)(a + PG), PG);
    parse_maps("/proc/self/maps");
    printf("munmap middle: %s %s %s\n",
           ok(anon_line(exactly(a, a + PG), "rw-p")),
           ok(covering(a + PG) == NULL),
           ok(anon_line(exactly(a + 2 * PG, a + 3 * PG), "rw-p")));

    mprotect((void *)a, PG, PROT_READ);
    parse_maps("/proc/self/maps");
    printf("mprotect: %s\n", ok(anon_line(exactly(a, a + PG), "r--p")));

    mprotect((void *)a, PG, PROT_READ | PROT_WRITE | PROT_EXEC);
    parse_maps("/proc/self/maps");
    printf("mprotect rwx: %s\n", ok(anon_line(exactly(a, a + PG), "rwxp")));
    munmap(r, 5 * PG);
    parse_maps("/proc/self/maps");
    printf("munmap all: %s\n",
           ok(covering(a) == NULL && covering(a - PG) == NULL));
}

/* Page 1 of a 3-page file: offset, device, inode and path all exact. */
static void check_file(void)
{
    static char page[PG];
    char real[PATH_MAX];
    struct stat st;
    int fd = open("maps-data", O_RDWR | O_CREAT | O_TRUNC, 0600);
    char *p;
    Line *l;

    for (int i = 0; i < 3; i++)
        write(fd, page, PG);
    fstat(fd, &st);
    realpath("maps-data", real);
    p = mmap(NULL, PG, PROT_READ, MAP_PRIVATE, fd, PG);
    parse_maps("/proc/self/maps");
    l = exactly((unsigned long)p, (unsigned long)p + PG);
    printf("file map: %s\n",
           ok(l && strcmp(l->perms, "r--p") == 0 && l->offset == PG &&
              l->inode == st.st_ino && l->major == major(st.st_dev) &&
              l->minor == minor(st.st_dev) && strcmp(l->path, real) == 0));
    munmap(p, PG);

    p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    parse_maps("/proc/self/maps");
    l = exactly((unsigned long)p, (unsigned long)p + 2 * PG);
    printf("shared file map: %s\n",
           ok(l && strcmp(l->perms, "rw-s") == 0 && l->offset == 0 &&
              strcmp(l->path, real) == 0));
    munmap(p, 2 * PG);
    close(fd);
    unlink("maps-data");
}

/* mremap into the middle of a PROT_NONE reservation, then grow in place. */
static void check_mremap(void)
{
    char *r = mmap(NULL, 8 * PG, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char *src = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    unsigned long dst = (unsigned long)r + 2 * PG;
    char *got;

    src[0] = 42;
    got =
        mremap(src, 2 * PG, 2 * PG, MREMAP_MAYMOVE | MREMAP_FIXED, (void *)dst);
    parse_maps("/proc/self/maps");
    printf("mremap move: %s %s\n",
           ok(got == (char *)dst && got[0] == 42 &&
              anon_line(exactly(dst, dst + 2 * PG), "rw-p")),
           ok(!covering((unsigned long)src) ||
              covering((unsigned long)src)->start != (unsigned long)src));
    munmap((void *)(dst + 2 * PG), 2 * PG);
    got = mremap(got, 2 * PG, 4 * PG, 0);
    parse_maps("/proc/self/maps");
    printf("mremap grow: %s\n",
           ok(got == (char *)dst &&
              anon_line(exactly(dst, dst + 4 * PG), "rw-p")));
    munmap(r, 8 * PG);
}

/* A forked child has its own copy of the table and can still change it. */
static void check_fork(void)
{
    char *m = mmap(NULL, 5 * PG, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    unsigned long a = (unsigned long)m;
    int status = -1;
    pid_t pid;

    mprotect(m + PG, 3 * PG, PROT_READ);
    pid = fork();
    if (pid == 0) {
        munmap(m + 2 * PG, PG);
        parse_maps("/proc/self/maps");
        _exit(exactly(a + PG, a + 2 * PG) && !covering(a + 2 * PG) ? 0 : 1);
    }
    waitpid(pid, &status, 0);
    parse_maps("/proc/self/maps");
    printf("fork: child %s, parent %s\n",
           ok(WIFEXITED(status) && WEXITSTATUS(status) == 0),
           ok(exactly(a + PG, a + 4 * PG) != NULL));
    munmap(m, 5 * PG);
}

/* The same table under every name the process has for itself. */
static void check_other_names(void)
{
    char path[64];
    int count;
    char *m = mmap(NULL, 3 * PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    unsigned long a = (unsigned long)m;
    const char *const fmt[] = {"/proc/%d/maps", "/proc/thread-self/maps",
                               "/proc/self/task/%d/maps",
                               "/proc/%d/task/%d/maps"};

    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof(path), fmt[i], getpid(), getpid());
        count = parse_maps(path);
        printf("%s: %s\n", fmt[i], ok(count > 3 && exactly(a, a + 3 * PG)));
    }
    munmap(m, 3 * PG);
}

int main(int argc, char **argv)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

    (void)argc;
    exe[n > 0 ? n : 0] = '\0';
    setvbuf(stdout, NULL, _IONBF, 0);
    printf("program: %s\n", strcmp(base(exe), base(argv[0])) == 0 ? "ok" : exe);
    check_program(exe);
    check_anon();
    check_file();
    check_mremap();
    check_fork();
    check_other_names();
    parse_maps("/proc/self/maps");
    check_format();
    printf("strangers: %d\n", count_strangers(exe));
    return 0;
}
