/*
 * Guest test: fork() from a multithreaded process while other threads keep
 * the translator busy. On aarch64 one thread rewrites and runs a tiny
 * generated function (IC IVAU: every block is translated again), so some
 * thread is translating whenever another forks; the child must not wait
 * for a lock held by a thread that does not exist in it.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define FORKERS 3
#define FORKS_EACH 40

static atomic_int stop;

#ifdef __aarch64__
/* mov w0, #imm; ret */
static void write_function(uint32_t *code, unsigned imm)
{
    code[0] = 0x52800000u | (imm & 0xffff) << 5;
    code[1] = 0xd65f03c0u;
    __builtin___clear_cache((char *)code, (char *)(code + 2));
}

static void *rewriter(void *arg)
{
    uint32_t *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    unsigned n = 0;

    (void)arg;
    if (code == MAP_FAILED)
        return NULL;
    while (!atomic_load(&stop)) {
        write_function(code, n & 0xff);
        if (((unsigned (*)(void))code)() != (n & 0xff))
            abort();
        n++;
    }
    return NULL;
}
#else
static void *rewriter(void *arg)
{
    (void)arg;
    while (!atomic_load(&stop))
        ;
    return NULL;
}
#endif

static void *forker(void *arg)
{
    long id = (long)arg;

    for (int i = 0; i < FORKS_EACH; i++) {
        pid_t pid = fork();
        int status;

        if (pid == 0) {
            char buf[64];
            snprintf(buf, sizeof(buf), "%.3f %ld %s", i * 1.5, id,
                     i % 2 ? "odd" : "even");
            _exit(strlen(buf) > 8 ? 0 : 1);
        }
        if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
            WEXITSTATUS(status) != 0) {
            printf("fork %d of thread %ld failed\n", i, id);
            exit(1);
        }
    }
    return NULL;
}

int main(void)
{
    pthread_t rw, f[FORKERS];

    pthread_create(&rw, NULL, rewriter, NULL);
    for (long i = 0; i < FORKERS; i++)
        pthread_create(&f[i], NULL, forker, (void *)i);
    for (int i = 0; i < FORKERS; i++)
        pthread_join(f[i], NULL);
    atomic_store(&stop, 1);
    pthread_join(rw, NULL);
    printf("%d forks from %d threads while translating: ok\n",
           FORKERS * FORKS_EACH, FORKERS);
    return 0;
}
