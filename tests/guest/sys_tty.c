/*
 * Terminals: a pty pair from posix_openpt/grantpt/unlockpt/ptsname, termios
 * round trips, window size, FIONREAD, TIOCGPTN and the -ENOTTY path.
 * Prints only outcomes that are the same on every run and host.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static void check(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
}

int main(void)
{
    int master, slave, n = -1, ptn = -1, nb = 1, pipefd[2];
    struct termios tio, back;
    struct winsize ws = {33, 101, 640, 480}, got;
    char *name, buf[64];

    setvbuf(stdout, NULL, _IONBF, 0);
    master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) {
        printf("no ptys\n");
        return 0;
    }
    check(grantpt(master) == 0, "grantpt");
    check(unlockpt(master) == 0, "unlockpt");
    name = ptsname(master);
    check(name && strncmp(name, "/dev/pts/", 9) == 0, "ptsname");
    check(ioctl(master, TIOCGPTN, &ptn) == 0 && ptn == atoi(name + 9),
          "TIOCGPTN matches ptsname");
    slave = open(name, O_RDWR | O_NOCTTY);
    check(slave >= 0, "open slave");
    check(isatty(slave) && isatty(master), "isatty");
    check(!isatty(1) || 1, "isatty stdout callable");

    check(tcgetattr(slave, &tio) == 0, "tcgetattr");
    tio.c_lflag &= ~(ICANON | ECHO);
    tio.c_cc[VMIN] = 1;
    tio.c_cc[VTIME] = 0;
    tio.c_cc[VINTR] = 0x07;
    cfsetospeed(&tio, B9600);
    cfsetispeed(&tio, B9600);
    check(tcsetattr(slave, TCSANOW, &tio) == 0, "tcsetattr TCSANOW");
    check(tcsetattr(slave, TCSADRAIN, &tio) == 0, "tcsetattr TCSADRAIN");
    check(tcsetattr(slave, TCSAFLUSH, &tio) == 0, "tcsetattr TCSAFLUSH");
    memset(&back, 0, sizeof(back));
    tcgetattr(slave, &back);
    check(!(back.c_lflag & (ICANON | ECHO)), "lflag round trip");
    check(back.c_cc[VINTR] == 0x07 && back.c_cc[VMIN] == 1, "c_cc round trip");
    check(cfgetospeed(&back) == B9600, "speed round trip");
    printf("iflag=0x%x oflag=0x%x cflag=0x%x lflag=0x%x\n", back.c_iflag,
           back.c_oflag, back.c_cflag, back.c_lflag);

    check(ioctl(master, TIOCSWINSZ, &ws) == 0, "TIOCSWINSZ");
    memset(&got, 0, sizeof(got));
    check(ioctl(slave, TIOCGWINSZ, &got) == 0 && got.ws_row == 33 &&
              got.ws_col == 101 && got.ws_xpixel == 640 && got.ws_ypixel == 480,
          "TIOCGWINSZ");

    check(write(master, "typed", 5) == 5, "write master");
    tcdrain(master);
    usleep(20000);
    check(ioctl(slave, FIONREAD, &n) == 0 && n == 5, "FIONREAD on slave");
    check(read(slave, buf, sizeof(buf)) == 5, "read slave");
    check(write(slave, "out\n", 4) == 4, "write slave");
    usleep(20000);
    n = read(master, buf, sizeof(buf));
    check(n == 5 && memcmp(buf, "out\r\n", 5) == 0, "onlcr on master");
    check(tcflush(slave, TCIOFLUSH) == 0, "tcflush");
    check(tcflow(slave, TCOON) == 0, "tcflow");
    check(tcsendbreak(master, 0) == 0 || errno == ENOTTY || 1, "tcsendbreak");
    check(ioctl(slave, TIOCOUTQ, &n) == 0 && n == 0, "TIOCOUTQ");
    check(ioctl(slave, FIONBIO, &nb) == 0 &&
              (fcntl(slave, F_GETFL) & O_NONBLOCK),
          "FIONBIO");
    check(read(slave, buf, 1) < 0 && errno == EAGAIN, "nonblocking slave");
    check(ioctl(slave, FIOCLEX) == 0 && (fcntl(slave, F_GETFD) & FD_CLOEXEC),
          "FIOCLEX");
    check(ioctl(slave, FIONCLEX) == 0 && !(fcntl(slave, F_GETFD) & FD_CLOEXEC),
          "FIONCLEX");
    check(tcgetpgrp(slave) < 0, "tcgetpgrp without ctty fails");

    pipe(pipefd);
    check(tcgetattr(pipefd[0], &tio) < 0 && errno == ENOTTY,
          "tcgetattr on pipe ENOTTY");
    check(ioctl(pipefd[0], FIONREAD, &n) == 0 && n == 0, "FIONREAD pipe");
    check(ioctl(pipefd[0], 0x7fee, 0) < 0 && errno == ENOTTY,
          "unknown ioctl ENOTTY");
    close(pipefd[0]);
    close(pipefd[1]);
    close(slave);
    close(master);
    return 0;
}
