/*
 * A periodic timer of 1 ns interval that started 3 s ago (LTP's
 * timer_settime03): its signal must reach the handler, which stops the
 * timer, while further expiries count as overruns (capped at INT_MAX);
 * an emulator that takes each expiry on the host as it comes never runs
 * the guest again.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <limits.h>
#include <string.h>
#include <time.h>

static timer_t timer;
static volatile int handled, overrun;

static void on_alarm(int sig)
{
    struct itimerspec off;

    (void)sig;
    if (handled++)
        return;
    overrun = timer_getoverrun(timer);
    memset(&off, 0, sizeof(off));
    timer_settime(timer, 0, &off, NULL);
}

int main(void)
{
    struct sigevent sev;
    struct itimerspec spec;

    memset(&sev, 0, sizeof(sev));
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGUSR1;
    signal(SIGUSR1, on_alarm);
    if (timer_create(CLOCK_REALTIME, &sev, &timer) != 0)
        return 1;
    memset(&spec, 0, sizeof(spec));
    clock_gettime(CLOCK_REALTIME, &spec.it_value);
    spec.it_value.tv_sec -= 3;
    spec.it_interval.tv_nsec = 1;
    timer_settime(timer, TIMER_ABSTIME, &spec, NULL);
    while (!handled)
        continue;
    printf("handled, overrun capped %d\n", overrun == INT_MAX);
    timer_delete(timer);
    return 0;
}
