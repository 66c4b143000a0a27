/*
 * The arm EABI layout facts that tests/unit/test_arm_eabi.c checks arx's
 * structs against, proved here from the arm kernel headers: compile with
 * arm-linux-gnueabihf-gcc -c (nothing runs). Must not include arx headers.
 */
#include <asm/stat.h>
#include <asm/statfs.h>
#include <linux/fcntl.h>
#include <linux/resource.h>
#include <linux/sysinfo.h>
#include <linux/time.h>
#include <linux/times.h>
#include <linux/types.h>
#include <linux/uio.h>
#include <linux/eventpoll.h>
#include <linux/signal.h>
#include <linux/socket.h>
#include <stddef.h>

#define CHECK(cond) _Static_assert(cond, #cond)

CHECK(sizeof(struct stat64) == 104);
CHECK(offsetof(struct stat64, __st_ino) == 12);
CHECK(offsetof(struct stat64, st_mode) == 16);
CHECK(offsetof(struct stat64, st_nlink) == 20);
CHECK(offsetof(struct stat64, st_uid) == 24);
CHECK(offsetof(struct stat64, st_rdev) == 32);
CHECK(offsetof(struct stat64, st_size) == 48);
CHECK(offsetof(struct stat64, st_blksize) == 56);
CHECK(offsetof(struct stat64, st_blocks) == 64);
CHECK(offsetof(struct stat64, st_atime) == 72);
CHECK(offsetof(struct stat64, st_mtime) == 80);
CHECK(offsetof(struct stat64, st_ctime) == 88);
CHECK(offsetof(struct stat64, st_ino) == 96);

CHECK(sizeof(struct statfs64) == 84);
CHECK(offsetof(struct statfs64, f_blocks) == 8);
CHECK(offsetof(struct statfs64, f_fsid) == 48);
CHECK(offsetof(struct statfs64, f_namelen) == 56);
CHECK(offsetof(struct statfs64, f_flags) == 64);
CHECK(sizeof(struct statfs) == 64);

CHECK(sizeof(struct flock) == 16);
CHECK(sizeof(struct flock64) == 32);
CHECK(offsetof(struct flock64, l_start) == 8);
CHECK(offsetof(struct flock64, l_pid) == 24);

CHECK(sizeof(struct rlimit) == 8);
CHECK(sizeof(struct rusage) == 72);
CHECK(sizeof(struct sysinfo) == 64);
CHECK(offsetof(struct sysinfo, procs) == 40);
CHECK(offsetof(struct sysinfo, totalhigh) == 44);
CHECK(offsetof(struct sysinfo, mem_unit) == 52);
CHECK(sizeof(struct tms) == 16);
CHECK(sizeof(struct iovec) == 8);
CHECK(sizeof(struct timespec) == 8);
CHECK(sizeof(struct __kernel_timespec) == 16);
CHECK(sizeof(struct itimerspec) == 16);
CHECK(sizeof(struct __kernel_sockaddr_storage) == 128);
CHECK(sizeof(stack_t) == 12);
CHECK(sizeof(siginfo_t) == 128);
CHECK(offsetof(siginfo_t, _sifields) == 12);
CHECK(offsetof(siginfo_t, _sifields._sigchld._utime) == 24);
CHECK(sizeof(struct epoll_event) == 16);
CHECK(offsetof(struct epoll_event, data) == 8);

/* System V IPC with IPC_64, POSIX message queues, sigevent. */
#include <asm/ipcbuf.h>
#include <asm/msgbuf.h>
#include <asm/sembuf.h>
#include <asm/shmbuf.h>
#include <linux/mqueue.h>

CHECK(sizeof(struct ipc64_perm) == 36);
CHECK(offsetof(struct ipc64_perm, mode) == 20);
CHECK(offsetof(struct ipc64_perm, seq) == 24);
CHECK(sizeof(struct semid64_ds) == 64);
CHECK(offsetof(struct semid64_ds, sem_nsems) == 52);
CHECK(sizeof(struct msqid64_ds) == 88);
CHECK(offsetof(struct msqid64_ds, msg_cbytes) == 60);
CHECK(offsetof(struct msqid64_ds, msg_lrpid) == 76);
CHECK(sizeof(struct shmid64_ds) == 84);
CHECK(offsetof(struct shmid64_ds, shm_segsz) == 36);
CHECK(offsetof(struct shmid64_ds, shm_cpid) == 64);
CHECK(offsetof(struct shmid64_ds, shm_nattch) == 72);
CHECK(sizeof(struct mq_attr) == 32);
CHECK(sizeof(sigevent_t) == 64);
CHECK(offsetof(sigevent_t, sigev_notify) == 8);
CHECK(offsetof(sigevent_t, _sigev_un._tid) == 12);
