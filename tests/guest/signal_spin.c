/* An asynchronous signal must reach a loop that makes no syscalls. */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
static volatile int flag;
static void on_alarm(int s)
{
    (void)s;
    flag = 1;
}
int main(void)
{
    signal(SIGALRM, on_alarm);
    alarm(1);
    unsigned long n = 0;
    while (!flag)
        n++;
    puts(n ? "interrupted the spin loop" : "?");
    return 0;
}
