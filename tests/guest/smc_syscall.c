/*
 * A syscall that writes into a page code was run from: arx write-protects
 * such pages to notice code changes, and the kernel's write (read() into
 * the buffer) must still succeed, not fail with EFAULT. No cache
 * maintenance is done, so the page stays one arx protects.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef __aarch64__
static const uint32_t return_42[] = {0x52800540u,
                                     0xd65f03c0u}; /* mov w0, #42; ret */
#else
static const uint8_t return_42[] = {0xb8, 42, 0,
                                    0,    0,  0xc3}; /* mov eax, 42; ret */
#endif

int main(void)
{
    uint8_t *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    int (*fn)(void);
    int fds[2];
    ssize_t got;

    if (page == MAP_FAILED || pipe(fds) != 0)
        return 1;
    memcpy(page, return_42, sizeof(return_42));
    fn = (int (*)(void))(uintptr_t)page;
    printf("before: %d\n", fn());
    if (write(fds[1], "hello", 5) != 5)
        return 1;
    got = read(fds[0], page + 2048, 5);
    printf("read into the code page: %zd \"%.5s\"\n", got, (char *)page + 2048);
    printf("after: %d\n", fn());
    return 0;
}
