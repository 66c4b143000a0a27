/*
 * Real-time signals queue every instance with its own siginfo and arrive
 * lowest number first, in send order within one number; standard signals
 * merge. Checks handlers, sigwaitinfo and sigpending one instance at a time.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LOG_MAX 64
#define FLOOD 2000

static struct {
    int sig;
    int value;
    int code_ok; /* si_code SI_QUEUE and si_pid our pid */
} seen[LOG_MAX];
static volatile int seen_count;
static volatile int flood_count, flood_in_order = 1;

static int sig_name(int sig)
{
    return sig >= SIGRTMIN ? sig - SIGRTMIN : -sig;
}

static void on_signal(int sig, siginfo_t *info, void *uc)
{
    (void)uc;
    if (seen_count < LOG_MAX) {
        seen[seen_count].sig = sig;
        seen[seen_count].value = info->si_value.sival_int;
        seen[seen_count].code_ok =
            info->si_code == SI_QUEUE && info->si_pid == getpid();
        seen_count++;
    }
}

static void on_flood(int sig, siginfo_t *info, void *uc)
{
    (void)sig;
    (void)uc;
    if (info->si_value.sival_int != flood_count)
        flood_in_order = 0;
    flood_count++;
}

/* Inside the handler of the first instance the rest stay queued. */
static int drain_pending[8], drain_values[8], drain_count, drain_again;

static void on_drain(int sig, siginfo_t *info, void *uc)
{
    sigset_t want, pend;
    siginfo_t got;
    struct timespec zero = {0, 0};

    (void)uc;
    if (info->si_value.sival_int != 1)
        return;
    sigemptyset(&want);
    sigaddset(&want, sig);
    for (drain_count = 0; drain_count < 8; drain_count++) {
        sigpending(&pend);
        drain_pending[drain_count] = sigismember(&pend, sig);
        if (!drain_pending[drain_count])
            break;
        if (sigwaitinfo(&want, &got) != sig)
            break;
        drain_values[drain_count] = got.si_value.sival_int;
    }
    drain_again = sigtimedwait(&want, &got, &zero) == -1 && errno == EAGAIN;
}

static void install(int sig, void (*fn)(int, siginfo_t *, void *))
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = fn;
    sa.sa_flags = SA_SIGINFO;
    /* All blocked in the handler: one frame at a time, so the handler
     * order is the delivery order. */
    sigfillset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

static void block(int sig, int how)
{
    sigset_t set;

    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(how, &set, NULL);
}

static void send(int sig, int value)
{
    union sigval v = {.sival_int = value};

    if (sigqueue(getpid(), sig, v) != 0)
        printf("sigqueue %d failed: %s\n", sig_name(sig), strerror(errno));
}

static void print_seen(const char *what)
{
    printf("%s:", what);
    for (int i = 0; i < seen_count; i++)
        printf(" %d/%d%s", sig_name(seen[i].sig), seen[i].value,
               seen[i].code_ok ? "" : "!");
    printf("\n");
    seen_count = 0;
}

static void test_order(void)
{
    int a = SIGRTMIN + 2, b = SIGRTMIN + 3;
    sigset_t set, pend;

    install(a, on_signal);
    install(b, on_signal);
    install(SIGUSR1, on_signal);
    sigemptyset(&set);
    sigaddset(&set, a);
    sigaddset(&set, b);
    sigaddset(&set, SIGUSR1);
    sigprocmask(SIG_BLOCK, &set, NULL);
    /* Interleaved, higher number first: order must come from numbers. */
    for (int i = 1; i <= 5; i++) {
        send(b, 10 * i);
        send(a, i);
        if (i <= 3)
            send(SIGUSR1, 100 + i);
    }
    sigpending(&pend);
    printf("pending before: a=%d b=%d usr1=%d\n", sigismember(&pend, a),
           sigismember(&pend, b), sigismember(&pend, SIGUSR1));
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    print_seen("order");
    sigpending(&pend);
    printf("pending after: a=%d b=%d usr1=%d\n", sigismember(&pend, a),
           sigismember(&pend, b), sigismember(&pend, SIGUSR1));
}

/* Blocked in main: sigwaitinfo takes one instance per call. */
static void test_wait_blocked(void)
{
    int sig = SIGRTMIN + 5;
    sigset_t want, pend;
    siginfo_t got;

    sigemptyset(&want);
    sigaddset(&want, sig);
    block(sig, SIG_BLOCK);
    send(sig, 7);
    send(sig, 8);
    send(sig, 9);
    for (int i = 0; i < 4; i++) {
        sigpending(&pend);
        printf("wait %d: pending=%d", i, sigismember(&pend, sig));
        if (!sigismember(&pend, sig)) {
            printf("\n");
            break;
        }
        int got_sig = sigwaitinfo(&want, &got);
        printf(" got=%d value=%d code_ok=%d\n", sig_name(got_sig),
               got.si_value.sival_int,
               got.si_code == SI_QUEUE && got.si_pid == getpid());
    }
    block(sig, SIG_UNBLOCK);
}

static void test_wait_in_handler(void)
{
    int sig = SIGRTMIN + 4;

    install(sig, on_drain);
    block(sig, SIG_BLOCK);
    for (int i = 1; i <= 4; i++)
        send(sig, i);
    block(sig, SIG_UNBLOCK);
    printf("drain:");
    for (int i = 0; i < drain_count; i++)
        printf(" pending=%d value=%d,", drain_pending[i], drain_values[i]);
    printf(" pending=%d again=%d\n",
           drain_pending[drain_count < 8 ? drain_count : 7], drain_again);
}

/* More than a small queue holds: none may be lost or reordered. */
static void test_flood(void)
{
    int sig = SIGRTMIN + 6;

    install(sig, on_flood);
    block(sig, SIG_BLOCK);
    for (int i = 0; i < FLOOD; i++)
        send(sig, i);
    block(sig, SIG_UNBLOCK);
    printf("flood: %d of %d, in order %d\n", flood_count, FLOOD,
           flood_in_order);
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    test_order();
    test_wait_blocked();
    test_wait_in_handler();
    test_flood();
    return 0;
}
