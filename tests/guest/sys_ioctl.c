/*
 * ioctls LTP needs: a loop device attached to a file (loop-control, old
 * and 64-bit status, block sizes), random, tun, SIOCGIFCONF, and the EBADF
 * an O_PATH or closed fd gets whatever the request. Without root or loop
 * devices both builds print the same errors.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/if_tun.h>
#include <linux/loop.h>
#include <linux/nsfs.h>
#include <linux/random.h>
#include <net/if.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

static void report(const char *what, long r)
{
    printf("%s: %s\n", what, r < 0 ? strerrorname_np(errno) : "ok");
}

static void loop_cycle(const char *file)
{
    char dev[64];
    struct loop_info info, back;
    struct loop_info64 info64;
    uint64_t size = 0;
    int ctl, n, fd, lfd, ssz = 0, ro = -1;

    ctl = open("/dev/loop-control", O_RDWR);
    if (ctl < 0) {
        report("open loop-control", -1);
        return;
    }
    n = ioctl(ctl, LOOP_CTL_GET_FREE);
    report("LOOP_CTL_GET_FREE", n);
    close(ctl);
    if (n < 0)
        return;
    snprintf(dev, sizeof(dev), "/dev/loop%d", n);
    lfd = open(dev, O_RDWR);
    fd = open(file, O_RDWR);
    if (lfd < 0 || fd < 0) {
        report("open loop", -1);
        return;
    }
    report("LOOP_GET_STATUS free", ioctl(lfd, LOOP_GET_STATUS, &back));
    report("LOOP_SET_FD", ioctl(lfd, LOOP_SET_FD, fd));
    memset(&info, 0, sizeof(info));
    strcpy(info.lo_name, "arx-loop-test");
    info.lo_offset = 4096;
    report("LOOP_SET_STATUS", ioctl(lfd, LOOP_SET_STATUS, &info));
    memset(&back, 0, sizeof(back));
    report("LOOP_GET_STATUS", ioctl(lfd, LOOP_GET_STATUS, &back));
    printf("  name %s offset %d number-ok %d\n", back.lo_name, back.lo_offset,
           back.lo_number == n);
    memset(&info64, 0, sizeof(info64));
    report("LOOP_GET_STATUS64", ioctl(lfd, LOOP_GET_STATUS64, &info64));
    printf("  name %s offset %llu\n", (char *)info64.lo_file_name,
           (unsigned long long)info64.lo_offset);
    report("BLKGETSIZE64", ioctl(lfd, BLKGETSIZE64, &size));
    printf("  size %llu\n", (unsigned long long)size);
    report("BLKSSZGET", ioctl(lfd, BLKSSZGET, &ssz));
    printf("  sector %d\n", ssz);
    report("BLKROGET", ioctl(lfd, BLKROGET, &ro));
    printf("  ro %d\n", ro);
    report("LOOP_SET_CAPACITY", ioctl(lfd, LOOP_SET_CAPACITY, 0));
    report("LOOP_CLR_FD", ioctl(lfd, LOOP_CLR_FD, 0));
    close(lfd);
    close(fd);
}

int main(void)
{
    char file[] = "/tmp/arx-ioctl-XXXXXX";
    char buf[4096];
    struct ifconf ifc;
    struct ifreq reqs[32];
    unsigned int features = 0;
    int fd, cnt = -1;

    setvbuf(stdout, NULL, _IOLBF, 0);
    fd = mkstemp(file);
    if (fd < 0 || ftruncate(fd, 1 << 20) != 0)
        return 1;
    close(fd);
    loop_cycle(file);
    unlink(file);

    fd = open("/", O_PATH);
    report("O_PATH unknown", ioctl(fd, 0x1234, 0));
    report("O_PATH TCGETS", ioctl(fd, TCGETS, buf));
    report("O_PATH FIONREAD", ioctl(fd, FIONREAD, &cnt));
    close(fd);
    report("closed unknown", ioctl(fd, 0x1234, 0));
    fd = open("/", O_RDONLY);
    report("dir unknown", ioctl(fd, 0x1234, 0));
    close(fd);

    fd = open("/proc/self/ns/uts", O_RDONLY);
    cnt = ioctl(fd, NS_GET_NSTYPE);
    report("NS_GET_NSTYPE", cnt);
    printf("  uts %d\n", cnt == 0x04000000);
    close(fd);
    fd = open("/proc/self/ns/user", O_RDONLY);
    cnt = -1;
    report("NS_GET_OWNER_UID", ioctl(fd, NS_GET_OWNER_UID, &cnt));
    printf("  uid %d\n", cnt);
    close(fd);
    fd = open("/dev/urandom", O_RDONLY);
    report("RNDGETENTCNT", ioctl(fd, RNDGETENTCNT, &cnt));
    close(fd);
    fd = open("/dev/net/tun", O_RDWR);
    if (fd >= 0) {
        report("TUNGETFEATURES", ioctl(fd, TUNGETFEATURES, &features));
        printf("  has IFF_TUN %d\n", !!(features & IFF_TUN));
        close(fd);
    }
    fd = socket(AF_INET, SOCK_DGRAM, 0);
    ifc.ifc_len = sizeof(reqs);
    ifc.ifc_req = reqs;
    report("SIOCGIFCONF", ioctl(fd, SIOCGIFCONF, &ifc));
    printf("  some %d whole %d lo %d\n", ifc.ifc_len > 0,
           ifc.ifc_len % (int)sizeof(struct ifreq) == 0,
           strcmp(reqs[0].ifr_name, "lo") == 0);
    /* No buffer: the room all entries need, in this ABI's ifreq size. */
    ifc.ifc_len = 0;
    ifc.ifc_req = NULL;
    report("SIOCGIFCONF size", ioctl(fd, SIOCGIFCONF, &ifc));
    printf("  room %d whole %d\n", ifc.ifc_len > 0,
           ifc.ifc_len % (int)sizeof(struct ifreq) == 0);
    strcpy(reqs[0].ifr_name, "lo");
    report("SIOCGIFINDEX", ioctl(fd, SIOCGIFINDEX, &reqs[0]));
    printf("  index>0 %d\n", reqs[0].ifr_ifindex > 0);
    strcpy(reqs[0].ifr_name, "lo");
    report("SIOCGIFMAP", ioctl(fd, SIOCGIFMAP, &reqs[0]));
    printf("  name kept %d\n", strcmp(reqs[0].ifr_name, "lo") == 0);
    strcpy(reqs[0].ifr_name, "lo");
    report("SIOCGIFMTU", ioctl(fd, SIOCGIFMTU, &reqs[0]));
    report("SIOCGIFFLAGS", ioctl(fd, SIOCGIFFLAGS, &reqs[0]));
    printf("  up %d\n", !!(reqs[0].ifr_flags & IFF_UP));
    close(fd);
    return 0;
}
