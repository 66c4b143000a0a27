/*
 * The SVE vector length as Linux manages it, under arx -cpu max,+sve:
 * PR_SVE_SET_VL with PR_SVE_SET_VL_ONEXEC and PR_SVE_VL_INHERIT, what
 * fork keeps and exec applies (the program re-executes itself: argv[1]
 * says which step it is), and EINVAL without the feature.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef PR_SVE_SET_VL
#define PR_SVE_SET_VL 50
#define PR_SVE_GET_VL 51
#define PR_SVE_SET_VL_ONEXEC (1 << 18)
#define PR_SVE_VL_INHERIT (1 << 17)
#endif

static unsigned rdvl(void)
{
    uint64_t vl;

    __asm__ volatile(".inst 0x04bf5020\n\tmov %0, x0" /* RDVL x0, #1 */
                     : "=r"(vl)
                     :
                     : "x0");
    return (unsigned)vl;
}

static void step(const char *self, const char *next)
{
    fflush(stdout);
    execl(self, self, next, (char *)NULL);
    printf("exec failed %d\n", errno);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    int r;

    if (strcmp(mode, "nosve") == 0) {
        r = prctl(PR_SVE_GET_VL, 0, 0, 0, 0);
        printf("prctl %d errno %d\n", r, r < 0 ? errno : 0);
        return 0;
    }
    if (strcmp(mode, "") == 0) {
        printf("start vl %u get %#x\n", rdvl(),
               prctl(PR_SVE_GET_VL, 0, 0, 0, 0));
        printf("onexec 64: %#x\n",
               prctl(PR_SVE_SET_VL, 64 | PR_SVE_SET_VL_ONEXEC, 0, 0, 0));
        printf("now vl %u get %#x\n", rdvl(), prctl(PR_SVE_GET_VL, 0, 0, 0, 0));
        printf("set 16: %#x vl %u\n", prctl(PR_SVE_SET_VL, 16, 0, 0, 0),
               rdvl());
        printf("onexec 64 again: %#x\n",
               prctl(PR_SVE_SET_VL, 64 | PR_SVE_SET_VL_ONEXEC, 0, 0, 0));
        fflush(stdout);
        if (fork() == 0) {
            printf("child vl %u\n", rdvl());
            return 0;
        }
        wait(NULL);
        step(argv[0], "after-onexec");
    } else if (strcmp(mode, "after-onexec") == 0) {
        printf("after onexec: vl %u get %#x\n", rdvl(),
               prctl(PR_SVE_GET_VL, 0, 0, 0, 0));
        printf("inherit 16: %#x\n",
               prctl(PR_SVE_SET_VL, 16 | PR_SVE_VL_INHERIT, 0, 0, 0));
        step(argv[0], "after-inherit");
    } else if (strcmp(mode, "after-inherit") == 0) {
        printf("after inherit: vl %u get %#x\n", rdvl(),
               prctl(PR_SVE_GET_VL, 0, 0, 0, 0));
        printf("set 32: %#x\n", prctl(PR_SVE_SET_VL, 32, 0, 0, 0));
        step(argv[0], "after-plain");
    } else {
        printf("after plain: vl %u get %#x\n", rdvl(),
               prctl(PR_SVE_GET_VL, 0, 0, 0, 0));
    }
    return 0;
}
