/*
 * Check suite for the arm EABI struct conversions (syscalls/arm_convert.c):
 * layouts against the arm kernel's (the same numbers that
 * tests/a32/sys/layout_check.c proves from the arm headers), each
 * conversion with edge values, and the directory cookie table.
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "syscalls/arm_eabi.h"

START_TEST(test_layouts)
{
    ck_assert_uint_eq(sizeof(ArmStat64), 104);
    ck_assert_uint_eq(offsetof(ArmStat64, ino32), 12);
    ck_assert_uint_eq(offsetof(ArmStat64, mode), 16);
    ck_assert_uint_eq(offsetof(ArmStat64, uid), 24);
    ck_assert_uint_eq(offsetof(ArmStat64, rdev), 32);
    ck_assert_uint_eq(offsetof(ArmStat64, size), 48);
    ck_assert_uint_eq(offsetof(ArmStat64, blksize), 56);
    ck_assert_uint_eq(offsetof(ArmStat64, blocks), 64);
    ck_assert_uint_eq(offsetof(ArmStat64, atime_sec), 72);
    ck_assert_uint_eq(offsetof(ArmStat64, mtime_sec), 80);
    ck_assert_uint_eq(offsetof(ArmStat64, ctime_sec), 88);
    ck_assert_uint_eq(offsetof(ArmStat64, ino), 96);
    ck_assert_uint_eq(sizeof(ArmStatfs64), 84);
    ck_assert_uint_eq(offsetof(ArmStatfs64, blocks), 8);
    ck_assert_uint_eq(offsetof(ArmStatfs64, fsid), 48);
    ck_assert_uint_eq(offsetof(ArmStatfs64, namelen), 56);
    ck_assert_uint_eq(offsetof(ArmStatfs64, flags), 64);
    ck_assert_uint_eq(sizeof(ArmStatfs), 64);
    ck_assert_uint_eq(sizeof(ArmFlock), 16);
    ck_assert_uint_eq(sizeof(ArmRlimit), 8);
    ck_assert_uint_eq(sizeof(ArmRusage), 72);
    ck_assert_uint_eq(sizeof(ArmSysinfo), 64);
    ck_assert_uint_eq(offsetof(ArmSysinfo, procs), 40);
    ck_assert_uint_eq(offsetof(ArmSysinfo, totalhigh), 44);
    ck_assert_uint_eq(offsetof(ArmSysinfo, mem_unit), 52);
    ck_assert_uint_eq(sizeof(ArmTms), 16);
    ck_assert_uint_eq(sizeof(ArmIovec), 8);
    ck_assert_uint_eq(sizeof(ArmMsghdr), 28);
    ck_assert_uint_eq(sizeof(ArmCmsghdr), 12);
    ck_assert_uint_eq(sizeof(ArmSigaction), 20);
    ck_assert_uint_eq(offsetof(ArmSigaction, mask), 12);
    ck_assert_uint_eq(sizeof(ArmOldSigaction), 16);
    ck_assert_uint_eq(sizeof(ArmStack), 12);
    ck_assert_uint_eq(sizeof(ArmSiginfo), 128);
    ck_assert_uint_eq(offsetof(ArmSiginfo, fields), 12);
    /* arm EABI's epoll_event is arm64's: the arm64 handlers serve it. */
    ck_assert_uint_eq(sizeof(GuestEpollEvent), 16);
    ck_assert_uint_eq(offsetof(GuestEpollEvent, data), 8);
}
END_TEST

START_TEST(test_stat64)
{
    struct stat host;
    ArmStat64 g;

    memset(&host, 0, sizeof(host));
    host.st_dev = 0x803;
    host.st_ino = 0x123456789aull;
    host.st_mode = 040755;
    host.st_nlink = 3;
    host.st_uid = 1000;
    host.st_gid = 100;
    host.st_size = 0x100000000ll + 5;
    host.st_blksize = 4096;
    host.st_blocks = 8;
    host.st_mtim.tv_sec = 1700000000;
    host.st_mtim.tv_nsec = 999999999;
    arm_convert_stat64(&host, &g);
    ck_assert_uint_eq(g.dev, 0x803);
    ck_assert_uint_eq(g.ino, 0x123456789aull);
    ck_assert_uint_eq(g.ino32, 0x3456789a);
    ck_assert_uint_eq(g.mode, 040755);
    ck_assert_uint_eq(g.nlink, 3);
    ck_assert_int_eq(g.size, 0x100000005ll);
    ck_assert_uint_eq(g.blksize, 4096);
    ck_assert_uint_eq(g.blocks, 8);
    ck_assert_uint_eq(g.mtime_sec, 1700000000);
    ck_assert_uint_eq(g.mtime_nsec, 999999999);
}
END_TEST

START_TEST(test_statfs)
{
    struct statfs host;
    ArmStatfs64 wide;
    ArmStatfs narrow;

    memset(&host, 0, sizeof(host));
    host.f_type = 0xEF53;
    host.f_bsize = 4096;
    host.f_blocks = 1ull << 33;
    host.f_files = (fsfilcnt_t)-1;
    host.f_namelen = 255;
    arm_convert_statfs64(&host, &wide);
    ck_assert_uint_eq(wide.type, 0xEF53);
    ck_assert_uint_eq(wide.blocks, 1ull << 33);
    ck_assert_uint_eq(wide.namelen, 255);
    ck_assert_int_eq(arm_convert_statfs(&host, &narrow), -EOVERFLOW);
    host.f_blocks = 1000;
    ck_assert_int_eq(arm_convert_statfs(&host, &narrow), 0);
    ck_assert_uint_eq(narrow.blocks, 1000);
    ck_assert_uint_eq(narrow.files, 0xffffffffu);
}
END_TEST

START_TEST(test_rlimit)
{
    struct rlimit host = {RLIM_INFINITY, 1ull << 40};
    ArmRlimit g;

    arm_convert_rlimit_to_guest(&host, &g);
    ck_assert_uint_eq(g.cur, ARM_RLIM_INFINITY);
    ck_assert_uint_eq(g.max, ARM_RLIM_INFINITY);
    host = (struct rlimit){8 << 20, 1024};
    arm_convert_rlimit_to_guest(&host, &g);
    ck_assert_uint_eq(g.cur, 8 << 20);
    ck_assert_uint_eq(g.max, 1024);
    g = (ArmRlimit){ARM_RLIM_INFINITY, 77};
    arm_convert_rlimit_to_host(&g, &host);
    ck_assert(host.rlim_cur == RLIM_INFINITY);
    ck_assert_uint_eq(host.rlim_max, 77);
}
END_TEST

START_TEST(test_rusage_sysinfo)
{
    struct rusage ru;
    ArmRusage gru;
    struct sysinfo si;
    ArmSysinfo gsi;

    memset(&ru, 0, sizeof(ru));
    ru.ru_utime.tv_sec = 7;
    ru.ru_stime.tv_usec = 500;
    ru.ru_maxrss = 1234;
    ru.ru_nivcsw = 99;
    arm_convert_rusage(&ru, &gru);
    ck_assert_int_eq(gru.utime.sec, 7);
    ck_assert_int_eq(gru.stime.usec, 500);
    ck_assert_int_eq(gru.rest[0], 1234);
    ck_assert_int_eq(gru.rest[13], 99);

    memset(&si, 0, sizeof(si));
    si.totalram = 64ull << 30; /* 64 GiB in bytes: needs a larger unit */
    si.freeram = 1ull << 30;
    si.mem_unit = 1;
    si.procs = 321;
    arm_convert_sysinfo(&si, &gsi);
    ck_assert_uint_eq((uint64_t)gsi.totalram * gsi.mem_unit, 64ull << 30);
    ck_assert_uint_eq((uint64_t)gsi.freeram * gsi.mem_unit, 1ull << 30);
    ck_assert_uint_eq(gsi.procs, 321);
}
END_TEST

START_TEST(test_siginfo)
{
    GuestSiginfo host;
    ArmSiginfo g;
    uint8_t *u = (uint8_t *)&host + 16;
    int32_t ints[3] = {4242, 1000, 7};
    uint64_t utime = 11, stime = 22, addr = 0x12345678;

    memset(&host, 0, sizeof(host));
    host.signo = SIGCHLD;
    host.code = 1; /* CLD_EXITED */
    memcpy(u, ints, 12);
    memcpy(u + 16, &utime, 8);
    memcpy(u + 24, &stime, 8);
    arm_convert_siginfo(&host, &g);
    ck_assert_int_eq(g.signo, SIGCHLD);
    ck_assert_uint_eq(g.fields[0], 4242);
    ck_assert_uint_eq(g.fields[1], 1000);
    ck_assert_uint_eq(g.fields[2], 7);
    ck_assert_uint_eq(g.fields[3], 11);
    ck_assert_uint_eq(g.fields[4], 22);

    memset(&host, 0, sizeof(host));
    host.signo = SIGSEGV;
    host.code = 1; /* SEGV_MAPERR */
    memcpy(u, &addr, 8);
    arm_convert_siginfo(&host, &g);
    ck_assert_uint_eq(g.fields[0], 0x12345678);

    memset(&host, 0, sizeof(host));
    host.signo = SIGUSR1;
    host.code = -1; /* SI_QUEUE */
    memcpy(u, ints, 12);
    arm_convert_siginfo(&host, &g);
    ck_assert_uint_eq(g.fields[2], 7);
    arm_convert_siginfo_to_host(&g, &host);
    ck_assert_int_eq(host.code, -1);
    ck_assert_int_eq(memcmp(u, ints, 12), 0);
}
END_TEST

START_TEST(test_cookies)
{
    int64_t big = 0x7fffffffffffffffll, hash = 0x1234567800000001ll;
    uint32_t c1 = arm_dir_cookie(big), c2 = arm_dir_cookie(hash);

    ck_assert_uint_eq(arm_dir_cookie(12), 12);
    ck_assert_int_eq(arm_dir_offset(12), 12);
    ck_assert_uint_ge(c1, ARM_DIR_COOKIE_BASE);
    ck_assert_uint_le(c1, INT32_MAX);
    ck_assert_uint_ne(c1, c2);
    ck_assert_uint_eq(arm_dir_cookie(big), c1); /* stable */
    ck_assert_int_eq(arm_dir_offset(c1), big);
    ck_assert_int_eq(arm_dir_offset(c2), hash);
}
END_TEST

/* Appends one linux_dirent64 record to buf at *len. */
static void put_dirent64(uint8_t *buf, size_t *len, uint64_t ino, int64_t off,
                         const char *name, uint8_t type)
{
    size_t reclen = (19 + strlen(name) + 1 + 7) & ~(size_t)7;
    uint16_t r16 = (uint16_t)reclen;

    memset(buf + *len, 0, reclen);
    memcpy(buf + *len, &ino, 8);
    memcpy(buf + *len + 8, &off, 8);
    memcpy(buf + *len + 16, &r16, 2);
    buf[*len + 18] = type;
    strcpy((char *)buf + *len + 19, name);
    *len += reclen;
}

START_TEST(test_dirents)
{
    uint8_t buf[256], out[256];
    size_t len = 0, consumed;
    int64_t off;
    uint32_t off32;
    uint16_t reclen;
    int64_t n;

    put_dirent64(buf, &len, 5, 0x5555555500000000ll, ".", DT_DIR);
    put_dirent64(buf, &len, 77, 0x7fffffffffffffffll, "file.txt", DT_REG);
    n = arm_convert_dirents(buf, len, out, sizeof(out), &consumed);
    ck_assert_int_eq(consumed, len);
    /* ".": 10 + 1 + 2 -> 16; "file.txt": 10 + 8 + 2 -> 20 */
    ck_assert_int_eq(n, 16 + 20);
    memcpy(&off32, out + 4, 4);
    ck_assert_int_eq(arm_dir_offset(off32), 0x5555555500000000ll);
    memcpy(&reclen, out + 16 + 8, 2);
    ck_assert_uint_eq(reclen, 20);
    ck_assert_str_eq((char *)out + 16 + 10, "file.txt");
    ck_assert_uint_eq(out[16 + 19], DT_REG);

    arm_convert_dirents64(buf, len);
    memcpy(&off, buf + 8, 8);
    ck_assert_int_ge(off, ARM_DIR_COOKIE_BASE);
    ck_assert_int_le(off, INT32_MAX);
    ck_assert_int_eq(arm_dir_offset((uint32_t)off), 0x5555555500000000ll);

    len = 0;
    put_dirent64(buf, &len, 1ull << 32, 3, "big", DT_REG);
    ck_assert_int_eq(arm_convert_dirents(buf, len, out, sizeof(out), &consumed),
                     -EOVERFLOW);
}
END_TEST

START_TEST(test_cmsg)
{
    /* SCM_RIGHTS with two fds, as arm lays it out: 12 + 8 = 20 bytes. */
    uint8_t guest[24] = {0}, host[128], back[64];
    ArmCmsghdr h = {20, SOL_SOCKET, SCM_RIGHTS};
    int fds[2] = {3, 9};
    struct msghdr msg = {0};
    struct cmsghdr *c;
    bool truncated;
    int64_t err;
    size_t n;

    memcpy(guest, &h, sizeof(h));
    memcpy(guest + 12, fds, 8);
    n = arm_cmsg_to_host(guest, 20, host, sizeof(host), &err);
    ck_assert_int_eq(err, 0);
    ck_assert_uint_eq(n, CMSG_SPACE(8));
    msg.msg_control = host;
    msg.msg_controllen = n;
    c = CMSG_FIRSTHDR(&msg);
    ck_assert_uint_eq(c->cmsg_len, CMSG_LEN(8));
    ck_assert_int_eq(c->cmsg_type, SCM_RIGHTS);
    ck_assert_int_eq(memcmp(CMSG_DATA(c), fds, 8), 0);

    n = arm_cmsg_to_guest(&msg, back, sizeof(back), &truncated);
    ck_assert(!truncated);
    ck_assert_uint_eq(n, 20);
    ck_assert_int_eq(memcmp(back, guest, 20), 0);
    n = arm_cmsg_to_guest(&msg, back, 16, &truncated);
    ck_assert(truncated);
    ck_assert_uint_eq(n, 0);

    h.len = 40; /* longer than the buffer */
    memcpy(guest, &h, sizeof(h));
    arm_cmsg_to_host(guest, 20, host, sizeof(host), &err);
    ck_assert_int_eq(err, -EINVAL);
}
END_TEST

static Suite *arm_eabi_suite(void)
{
    Suite *s = suite_create("arm_eabi");
    TCase *tc = tcase_create("convert");

    tcase_add_test(tc, test_layouts);
    tcase_add_test(tc, test_stat64);
    tcase_add_test(tc, test_statfs);
    tcase_add_test(tc, test_rlimit);
    tcase_add_test(tc, test_rusage_sysinfo);
    tcase_add_test(tc, test_siginfo);
    tcase_add_test(tc, test_cookies);
    tcase_add_test(tc, test_dirents);
    tcase_add_test(tc, test_cmsg);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(arm_eabi_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
