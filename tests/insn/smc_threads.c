/*
 * Code rewritten at run time (then IC IVAU via __builtin___clear_cache)
 * while two other threads spin in loops without syscalls: each rewrite
 * must be seen, and the spinners must leave translated code for the flush
 * and carry on.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>

static atomic_int stop, started;

static void *spinner(void *arg)
{
    long n = 0;

    (void)arg;
    atomic_fetch_add(&started, 1);
    while (!atomic_load_explicit(&stop, memory_order_relaxed))
        n++;
    return (void *)(n > 0);
}

int main(void)
{
    pthread_t spinners[2];
    uint32_t *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    long sum = 0, spun = 0;

    if (code == MAP_FAILED)
        return 1;
    for (int i = 0; i < 2; i++)
        pthread_create(&spinners[i], NULL, spinner, NULL);
    /* Both spin before the first rewrite, whatever the scheduling. */
    while (atomic_load(&started) < 2)
        ;
    for (int i = 0; i < 300; i++) {
        code[0] = 0x52800000u | ((uint32_t)i << 5); /* movz w0, #i */
        code[1] = 0xd65f03c0u;                      /* ret */
        __builtin___clear_cache((char *)code, (char *)(code + 2));
        sum += ((int (*)(void))(uintptr_t)code)();
    }
    atomic_store(&stop, 1);
    for (int i = 0; i < 2; i++) {
        void *r;
        pthread_join(spinners[i], &r);
        spun += (long)r;
    }
    printf("sum of rewritten results: %ld (want %d)\n", sum, 299 * 300 / 2);
    printf("spinners that ran and stopped: %ld\n", spun);
    return 0;
}
