/*
 * Code the guest made at run time: arx write-protects the page once it
 * has translated from it (no cache maintenance here, which arx does not
 * need), so gdb's write there faults in the stub's thread and must be
 * handled like the guest's own. mov w0, #5 becomes #7: exits 5*10 + 7.
 */
#include <sys/mman.h>

typedef int (*Fn)(void);

unsigned int *volatile code;

static void mark(void) {}

int main(void)
{
    int first, second;

    code = mmap(0, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (code == MAP_FAILED)
        return 1;
    code[0] = 0x528000a0; /* mov w0, #5 */
    code[1] = 0xd65f03c0; /* ret */
    first = ((Fn)code)();
    mark();
    second = ((Fn)code)();
    return first * 10 + second;
}
