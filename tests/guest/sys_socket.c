/*
 * Sockets: socketpair with SCM_RIGHTS and SCM_CREDENTIALS, unix stream and
 * datagram sockets on abstract names, TCP over IPv4/IPv6 loopback, and
 * sendmmsg/recvmmsg. Prints only what is the same on every run and host.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static void check(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
}

/* Sends fd over sock as SCM_RIGHTS together with one data byte. */
static int send_fd(int sock, int fd)
{
    char byte = 'F';
    struct iovec iov = {&byte, 1};
    union {
        struct cmsghdr align;
        char buf[CMSG_SPACE(sizeof(int))];
    } control;
    struct msghdr msg = {0};
    struct cmsghdr *cmsg;

    memset(&control, 0, sizeof(control));
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.buf;
    msg.msg_controllen = sizeof(control.buf);
    cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
    return (int)sendmsg(sock, &msg, 0);
}

static int recv_fd(int sock)
{
    char byte = 0;
    struct iovec iov = {&byte, 1};
    union {
        struct cmsghdr align;
        char buf[CMSG_SPACE(sizeof(int))];
    } control;
    struct msghdr msg = {0};
    struct cmsghdr *cmsg;
    int fd = -1;

    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.buf;
    msg.msg_controllen = sizeof(control.buf);
    if (recvmsg(sock, &msg, 0) != 1 || byte != 'F')
        return -1;
    printf("recvmsg controllen=%zu flags=%d\n", (size_t)msg.msg_controllen,
           msg.msg_flags);
    cmsg = CMSG_FIRSTHDR(&msg);
    if (!cmsg || cmsg->cmsg_level != SOL_SOCKET ||
        cmsg->cmsg_type != SCM_RIGHTS)
        return -1;
    memcpy(&fd, CMSG_DATA(cmsg), sizeof(int));
    return fd;
}

static void test_scm_rights(void)
{
    int sv[2], pfd[2], got;
    char buf[16] = {0};

    check(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0,
          "socketpair");
    check(pipe(pfd) == 0, "pipe");
    check(send_fd(sv[0], pfd[0]) == 1, "sendmsg SCM_RIGHTS");
    close(pfd[0]);
    got = recv_fd(sv[1]);
    check(got >= 0 && got != pfd[0] + 1000, "received fd");
    check(write(pfd[1], "via fd", 6) == 6, "write pipe");
    check(read(got, buf, sizeof(buf)) == 6 && strcmp(buf, "via fd") == 0,
          "read passed pipe");
    close(got);
    close(pfd[1]);
    close(sv[0]);
    close(sv[1]);
}

static void test_scm_credentials(void)
{
    int sv[2], on = 1;
    struct ucred cred = {getpid(), getuid(), getgid()}, got;
    char byte = 'C';
    struct iovec iov = {&byte, 1};
    union {
        struct cmsghdr align;
        char buf[CMSG_SPACE(sizeof(struct ucred))];
    } control;
    struct msghdr msg = {0};
    struct cmsghdr *cmsg;
    socklen_t len = sizeof(got);

    socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
    check(setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &on, sizeof(on)) == 0,
          "SO_PASSCRED");
    memset(&control, 0, sizeof(control));
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.buf;
    msg.msg_controllen = sizeof(control.buf);
    cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_CREDENTIALS;
    cmsg->cmsg_len = CMSG_LEN(sizeof(cred));
    memcpy(CMSG_DATA(cmsg), &cred, sizeof(cred));
    check(sendmsg(sv[0], &msg, 0) == 1, "sendmsg SCM_CREDENTIALS");
    memset(&control, 0, sizeof(control));
    msg.msg_controllen = sizeof(control.buf);
    byte = 0;
    check(recvmsg(sv[1], &msg, 0) == 1 && byte == 'C', "recvmsg creds");
    cmsg = CMSG_FIRSTHDR(&msg);
    check(cmsg && cmsg->cmsg_type == SCM_CREDENTIALS, "cmsg type");
    if (cmsg) {
        memcpy(&got, CMSG_DATA(cmsg), sizeof(got));
        check(got.pid == getpid() && got.uid == getuid() && got.gid == getgid(),
              "credentials match");
    }
    check(getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &got, &len) == 0 &&
              got.pid == getpid() && len == sizeof(got),
          "SO_PEERCRED");
    close(sv[0]);
    close(sv[1]);
}

static socklen_t abstract_addr(struct sockaddr_un *sun, const char *tag)
{
    memset(sun, 0, sizeof(*sun));
    sun->sun_family = AF_UNIX;
    snprintf(sun->sun_path + 1, sizeof(sun->sun_path) - 1, "arx-%s-%d", tag,
             (int)getpid());
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 +
                       strlen(sun->sun_path + 1));
}

static void test_unix_stream(void)
{
    struct sockaddr_un sun, peer;
    socklen_t len = abstract_addr(&sun, "stream"), plen = sizeof(peer);
    int srv = socket(AF_UNIX, SOCK_STREAM, 0);
    int cli = socket(AF_UNIX, SOCK_STREAM, 0), conn;
    char buf[32] = {0};

    check(bind(srv, (struct sockaddr *)&sun, len) == 0, "unix bind abstract");
    check(listen(srv, 4) == 0, "unix listen");
    check(connect(cli, (struct sockaddr *)&sun, len) == 0, "unix connect");
    conn = accept4(srv, (struct sockaddr *)&peer, &plen, SOCK_CLOEXEC);
    check(conn >= 0, "accept4");
    check((fcntl(conn, F_GETFD) & FD_CLOEXEC) != 0, "accept4 cloexec");
    check(send(cli, "hello", 5, 0) == 5, "unix send");
    check(recv(conn, buf, sizeof(buf), 0) == 5 && !strcmp(buf, "hello"),
          "unix recv");
    plen = sizeof(peer);
    check(getpeername(cli, (struct sockaddr *)&peer, &plen) == 0 &&
              plen == len && memcmp(&peer, &sun, len) == 0,
          "unix getpeername");
    check(shutdown(cli, SHUT_WR) == 0, "shutdown");
    check(recv(conn, buf, sizeof(buf), 0) == 0, "recv after shutdown");
    close(conn);
    close(cli);
    close(srv);
}

static void test_unix_dgram(void)
{
    struct sockaddr_un sun, from;
    socklen_t len = abstract_addr(&sun, "dgram"), flen = sizeof(from);
    int a = socket(AF_UNIX, SOCK_DGRAM, 0), b = socket(AF_UNIX, SOCK_DGRAM, 0);
    char buf[32] = {0};

    check(bind(a, (struct sockaddr *)&sun, len) == 0, "dgram bind");
    check(sendto(b, "dgram!", 6, 0, (struct sockaddr *)&sun, len) == 6,
          "sendto");
    check(recvfrom(a, buf, sizeof(buf), 0, (struct sockaddr *)&from, &flen) ==
                  6 &&
              !strcmp(buf, "dgram!"),
          "recvfrom");
    printf("unbound sender addrlen=%d\n", (int)flen);
    close(a);
    close(b);
}

static void test_tcp(int family)
{
    struct sockaddr_storage addr;
    socklen_t len;
    int srv = socket(family, SOCK_STREAM, 0), cli, conn, one = 1, val = 0;
    char buf[64] = {0};
    struct timeval tv = {2, 500000}, tv2;
    socklen_t vlen;
    const char *tag = family == AF_INET ? "tcp4" : "tcp6";
    in_port_t port;

    if (srv < 0) {
        printf("%s: unavailable\n", tag);
        return;
    }
    memset(&addr, 0, sizeof(addr));
    if (family == AF_INET) {
        struct sockaddr_in *in = (struct sockaddr_in *)&addr;
        in->sin_family = AF_INET;
        in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        len = sizeof(*in);
    } else {
        struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&addr;
        in6->sin6_family = AF_INET6;
        in6->sin6_addr = in6addr_loopback;
        len = sizeof(*in6);
    }
    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (bind(srv, (struct sockaddr *)&addr, len) != 0) {
        printf("%s: unavailable\n", tag);
        close(srv);
        return;
    }
    listen(srv, 1);
    len = sizeof(addr);
    check(getsockname(srv, (struct sockaddr *)&addr, &len) == 0, tag);
    port = family == AF_INET ? ((struct sockaddr_in *)&addr)->sin_port
                             : ((struct sockaddr_in6 *)&addr)->sin6_port;
    printf("%s port nonzero: %d\n", tag, port != 0);
    cli = socket(family, SOCK_STREAM, 0);
    check(connect(cli, (struct sockaddr *)&addr, len) == 0, "tcp connect");
    conn = accept(srv, NULL, NULL);
    check(conn >= 0, "tcp accept");
    check(setsockopt(cli, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) == 0,
          "TCP_NODELAY");
    vlen = sizeof(val);
    check(getsockopt(cli, IPPROTO_TCP, TCP_NODELAY, &val, &vlen) == 0 &&
              val != 0 && vlen == sizeof(int),
          "getsockopt TCP_NODELAY");
    check(setsockopt(conn, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) == 0,
          "SO_RCVTIMEO set");
    vlen = sizeof(tv2);
    check(getsockopt(conn, SOL_SOCKET, SO_RCVTIMEO, &tv2, &vlen) == 0 &&
              tv2.tv_sec == 2 && tv2.tv_usec == 500000 && vlen == sizeof(tv2),
          "SO_RCVTIMEO get");
    check(send(cli, "over tcp", 8, MSG_NOSIGNAL) == 8, "tcp send");
    check(recv(conn, buf, sizeof(buf), MSG_WAITALL) == 8 &&
              !strcmp(buf, "over tcp"),
          "tcp recv");
    vlen = sizeof(val);
    check(getsockopt(conn, SOL_SOCKET, SO_TYPE, &val, &vlen) == 0 &&
              val == SOCK_STREAM,
          "SO_TYPE");
    close(conn);
    close(cli);
    close(srv);
}

static void test_mmsg(void)
{
    int sv[2];
    char out[3][8] = {"one", "two!", "three"}, in[4][8];
    struct iovec oiov[3], iiov[4];
    struct mmsghdr omsg[3], imsg[4];
    struct timespec ts = {1, 0};
    int n;

    socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
    memset(omsg, 0, sizeof(omsg));
    memset(imsg, 0, sizeof(imsg));
    memset(in, 0, sizeof(in));
    for (int i = 0; i < 3; i++) {
        oiov[i].iov_base = out[i];
        oiov[i].iov_len = strlen(out[i]);
        omsg[i].msg_hdr.msg_iov = &oiov[i];
        omsg[i].msg_hdr.msg_iovlen = 1;
    }
    for (int i = 0; i < 4; i++) {
        iiov[i].iov_base = in[i];
        iiov[i].iov_len = sizeof(in[i]);
        imsg[i].msg_hdr.msg_iov = &iiov[i];
        imsg[i].msg_hdr.msg_iovlen = 1;
    }
    n = sendmmsg(sv[0], omsg, 3, 0);
    printf("sendmmsg=%d lens=%u,%u,%u\n", n, omsg[0].msg_len, omsg[1].msg_len,
           omsg[2].msg_len);
    n = recvmmsg(sv[1], imsg, 4, MSG_DONTWAIT, &ts);
    printf("recvmmsg=%d", n);
    for (int i = 0; i < n; i++)
        printf(" [%u %s]", imsg[i].msg_len, in[i]);
    printf("\n");
    close(sv[0]);
    close(sv[1]);
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    test_scm_rights();
    test_scm_credentials();
    test_unix_stream();
    test_unix_dgram();
    test_tcp(AF_INET);
    test_tcp(AF_INET6);
    test_mmsg();
    errno = 0;
    check(socket(AF_UNIX, 12345, 0) < 0 && errno == EINVAL, "bad socket type");
    return 0;
}
