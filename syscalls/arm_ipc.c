/*
 * arm EABI System V IPC (semctl, msgctl, shmctl with IPC_64's 32-bit
 * structs, msgsnd/msgrcv's 4-byte mtype, semtimedop's timespec), POSIX
 * message queues (struct mq_attr of longs, timespec) and struct sigevent
 * (timer_create, mq_notify). The calls themselves are the host's.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <mqueue.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>

#include "syscalls/arm_eabi.h"

#define ARM_IPC_64 0x100

/* struct ipc64_perm of arm: 36 bytes, a 16-bit mode. */
typedef struct ArmIpcPerm {
    int32_t key;
    uint32_t uid, gid, cuid, cgid;
    uint16_t mode;
    uint16_t pad1;
    uint16_t seq;
    uint16_t pad2;
    uint32_t unused1, unused2;
} ArmIpcPerm;

typedef struct ArmSemidDs {
    ArmIpcPerm perm;
    uint32_t otime, otime_high, ctime, ctime_high;
    uint32_t nsems, unused3, unused4;
} ArmSemidDs;

typedef struct ArmMsqidDs {
    ArmIpcPerm perm;
    uint32_t stime, stime_high, rtime, rtime_high, ctime, ctime_high;
    uint32_t cbytes, qnum, qbytes;
    int32_t lspid, lrpid;
    uint32_t unused4, unused5;
} ArmMsqidDs;

typedef struct ArmShmidDs {
    ArmIpcPerm perm;
    uint32_t segsz;
    uint32_t atime, atime_high, dtime, dtime_high, ctime, ctime_high;
    int32_t cpid, lpid;
    uint32_t nattch, unused4, unused5;
} ArmShmidDs;

_Static_assert(sizeof(ArmIpcPerm) == 36, "arm ipc64_perm");
_Static_assert(sizeof(ArmSemidDs) == 64, "arm semid64_ds");
_Static_assert(sizeof(ArmMsqidDs) == 88, "arm msqid64_ds");
_Static_assert(sizeof(ArmShmidDs) == 84, "arm shmid64_ds");

static void arm_perm_out(const struct ipc_perm *h, ArmIpcPerm *g)
{
    memset(g, 0, sizeof(*g));
    g->key = h->__key;
    g->uid = h->uid;
    g->gid = h->gid;
    g->cuid = h->cuid;
    g->cgid = h->cgid;
    g->mode = (uint16_t)h->mode;
    g->seq = (uint16_t)h->__seq;
}

/* IPC_SET reads only uid, gid and mode. */
static void arm_perm_in(const ArmIpcPerm *g, struct ipc_perm *h)
{
    h->uid = g->uid;
    h->gid = g->gid;
    h->mode = g->mode;
}

static uint32_t arm_time_high(int64_t t)
{
    return (uint32_t)((uint64_t)t >> 32);
}

/* Commands whose argument is the *id64_ds, by the kernel's numbers. */
/* The commands whose argument is the id's *_ds struct. Each call has
 * its own numbers: MSG_STAT is semctl's GETPID, SHM_STAT its GETALL. */
static bool arm_ipc_is_ds(int cmd, int stat, int stat_any)
{
    return cmd == IPC_STAT || cmd == IPC_SET || cmd == stat || cmd == stat_any;
}

/* ---- semctl(id, num, cmd, arg) ---- */

int64_t arm_eabi_semctl(GuestThread *t, const uint64_t *a)
{
    int cmd = (int)a[2] & ~ARM_IPC_64;
    struct semid_ds host;
    ArmSemidDs guest;
    int64_t r;

    (void)t;
    if (!arm_ipc_is_ds(cmd, SEM_STAT, SEM_STAT_ANY)) {
        /* GETALL/SETALL (u16 arrays), SETVAL (an int), seminfo (ints)
         * agree; arg is a pointer or a value, and a pointer is below 4 GiB. */
        bool pointer = cmd == GETALL || cmd == SETALL || cmd == IPC_INFO ||
                       cmd == SEM_INFO;
        return host_syscall6(SYS_semctl, a[0], a[1], (uint64_t)cmd,
                             pointer ? sys_hp(a[3]) : a[3], 0, 0);
    }
    memset(&host, 0, sizeof(host));
    if (cmd == IPC_SET) {
        if (copy_from_guest(&guest, a[3], sizeof(guest)) != 0)
            return -EFAULT;
        arm_perm_in(&guest.perm, &host.sem_perm);
    }
    r = host_syscall6(SYS_semctl, a[0], a[1], (uint64_t)cmd,
                      (uint64_t)(uintptr_t)&host, 0, 0);
    if (host_is_error(r) || cmd == IPC_SET)
        return r;
    memset(&guest, 0, sizeof(guest));
    arm_perm_out(&host.sem_perm, &guest.perm);
    guest.otime = (uint32_t)host.sem_otime;
    guest.otime_high = arm_time_high(host.sem_otime);
    guest.ctime = (uint32_t)host.sem_ctime;
    guest.ctime_high = arm_time_high(host.sem_ctime);
    guest.nsems = (uint32_t)host.sem_nsems;
    return copy_to_guest(a[3], &guest, sizeof(guest)) ? -EFAULT : r;
}

/* ---- msgctl(id, cmd, buf) ---- */

int64_t arm_eabi_msgctl(GuestThread *t, const uint64_t *a)
{
    int cmd = (int)a[1] & ~ARM_IPC_64;
    struct msqid_ds host;
    ArmMsqidDs guest;
    int64_t r;

    (void)t;
    if (!arm_ipc_is_ds(cmd, MSG_STAT,
                       MSG_STAT_ANY)) /* IPC_RMID; struct msginfo is ints */
        return host_syscall3(SYS_msgctl, a[0], (uint64_t)cmd, sys_hp(a[2]));
    memset(&host, 0, sizeof(host));
    if (cmd == IPC_SET) {
        if (copy_from_guest(&guest, a[2], sizeof(guest)) != 0)
            return -EFAULT;
        arm_perm_in(&guest.perm, &host.msg_perm);
        host.msg_qbytes = guest.qbytes;
    }
    r = host_syscall3(SYS_msgctl, a[0], (uint64_t)cmd,
                      (uint64_t)(uintptr_t)&host);
    if (host_is_error(r) || cmd == IPC_SET)
        return r;
    memset(&guest, 0, sizeof(guest));
    arm_perm_out(&host.msg_perm, &guest.perm);
    guest.stime = (uint32_t)host.msg_stime;
    guest.stime_high = arm_time_high(host.msg_stime);
    guest.rtime = (uint32_t)host.msg_rtime;
    guest.rtime_high = arm_time_high(host.msg_rtime);
    guest.ctime = (uint32_t)host.msg_ctime;
    guest.ctime_high = arm_time_high(host.msg_ctime);
    guest.cbytes = (uint32_t)host.__msg_cbytes;
    guest.qnum = (uint32_t)host.msg_qnum;
    guest.qbytes = (uint32_t)host.msg_qbytes;
    guest.lspid = host.msg_lspid;
    guest.lrpid = host.msg_lrpid;
    return copy_to_guest(a[2], &guest, sizeof(guest)) ? -EFAULT : r;
}

/* ---- shmctl(id, cmd, buf) ---- */

/* IPC_INFO's struct shminfo64 and SHM_INFO's struct shm_info are longs. */
static int64_t arm_shm_info(uint64_t id, int cmd, uint64_t buf)
{
    uint64_t host[9] = {0};
    uint32_t guest[9];
    int64_t r =
        host_syscall3(SYS_shmctl, id, (uint64_t)cmd, (uint64_t)(uintptr_t)host);
    size_t n = cmd == IPC_INFO ? 9 : 6;

    if (host_is_error(r))
        return r;
    if (cmd == SHM_INFO) {
        /* int used_ids (padded to 8 on the host), then five longs. */
        guest[0] = (uint32_t)host[0];
        for (size_t i = 1; i < n; i++)
            guest[i] = host[i] > UINT32_MAX ? UINT32_MAX : (uint32_t)host[i];
    } else {
        for (size_t i = 0; i < n; i++)
            guest[i] = host[i] > UINT32_MAX ? UINT32_MAX : (uint32_t)host[i];
    }
    return copy_to_guest(buf, guest, n * 4) ? -EFAULT : r;
}

int64_t arm_eabi_shmctl(GuestThread *t, const uint64_t *a)
{
    int cmd = (int)a[1] & ~ARM_IPC_64;
    struct shmid_ds host;
    ArmShmidDs guest;
    int64_t r;

    (void)t;
    if (cmd == IPC_INFO || cmd == SHM_INFO)
        return arm_shm_info(a[0], cmd, a[2]);
    if (!arm_ipc_is_ds(cmd, SHM_STAT,
                       SHM_STAT_ANY)) /* IPC_RMID, SHM_LOCK, SHM_UNLOCK */
        return host_syscall3(SYS_shmctl, a[0], (uint64_t)cmd, sys_hp(a[2]));
    memset(&host, 0, sizeof(host));
    if (cmd == IPC_SET) {
        if (copy_from_guest(&guest, a[2], sizeof(guest)) != 0)
            return -EFAULT;
        arm_perm_in(&guest.perm, &host.shm_perm);
    }
    r = host_syscall3(SYS_shmctl, a[0], (uint64_t)cmd,
                      (uint64_t)(uintptr_t)&host);
    if (host_is_error(r) || cmd == IPC_SET)
        return r;
    memset(&guest, 0, sizeof(guest));
    arm_perm_out(&host.shm_perm, &guest.perm);
    guest.segsz = (uint32_t)host.shm_segsz;
    guest.atime = (uint32_t)host.shm_atime;
    guest.atime_high = arm_time_high(host.shm_atime);
    guest.dtime = (uint32_t)host.shm_dtime;
    guest.dtime_high = arm_time_high(host.shm_dtime);
    guest.ctime = (uint32_t)host.shm_ctime;
    guest.ctime_high = arm_time_high(host.shm_ctime);
    guest.cpid = host.shm_cpid;
    guest.lpid = host.shm_lpid;
    guest.nattch = (uint32_t)host.shm_nattch;
    return copy_to_guest(a[2], &guest, sizeof(guest)) ? -EFAULT : r;
}

/* ---- msgsnd/msgrcv: struct msgbuf starts with a 4-byte long ---- */

#define ARM_MSGMAX (1u << 20)

int64_t arm_eabi_msgsnd(GuestThread *t, const uint64_t *a)
{
    uint32_t size = (uint32_t)a[2];
    int32_t mtype;
    uint8_t *buf;
    int64_t r;

    if ((int32_t)size < 0 || size > ARM_MSGMAX)
        return -EINVAL;
    if (copy_from_guest(&mtype, a[1], 4) != 0)
        return -EFAULT;
    buf = malloc(8 + (size_t)size);
    if (!buf)
        return -ENOMEM;
    *(int64_t *)buf = mtype;
    r = copy_from_guest(buf + 8, a[1] + 4, size);
    if (r == 0)
        r = signal_safe_syscall6(t, SYS_msgsnd, a[0], (uint64_t)(uintptr_t)buf,
                                 size, a[3], 0, 0);
    free(buf);
    return r;
}

int64_t arm_eabi_msgrcv(GuestThread *t, const uint64_t *a)
{
    uint32_t size = (uint32_t)a[2];
    uint8_t *buf;
    int32_t mtype;
    int64_t r;

    if ((int32_t)size < 0 || size > ARM_MSGMAX)
        return -EINVAL;
    if (!guest_range_ok(a[1], 4 + (uint64_t)size, PROT_WRITE))
        return -EFAULT;
    buf = malloc(8 + (size_t)size);
    if (!buf)
        return -ENOMEM;
    r = signal_safe_syscall6(t, SYS_msgrcv, a[0], (uint64_t)(uintptr_t)buf,
                             size, arm_signed(a[3]), a[4], 0);
    if (!host_is_error(r)) {
        mtype = (int32_t) * (int64_t *)buf;
        copy_to_guest(a[1], &mtype, 4);
        copy_to_guest(a[1] + 4, buf + 8, (size_t)r);
    }
    free(buf);
    return r;
}

static int64_t arm_ts_arg(uint64_t addr, struct timespec *ts, uint64_t *arg)
{
    ArmTimespec g;

    *arg = 0;
    if (!addr)
        return 0;
    if (copy_from_guest(&g, addr, sizeof(g)) != 0)
        return -EFAULT;
    *ts = (struct timespec){g.sec, g.nsec};
    *arg = arm_host_arg(ts);
    return 0;
}

int64_t arm_eabi_semtimedop(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    uint64_t arg;

    if (arm_ts_arg(a[3], &ts, &arg) != 0)
        return -EFAULT;
    {
        const uint64_t args[4] = {a[0], a[1], a[2], arg};

        return sys_semtimedop(t, args);
    }
}

/* ---- POSIX message queues ---- */

typedef struct ArmMqAttr {
    int32_t flags, maxmsg, msgsize, curmsgs;
    int32_t reserved[4];
} ArmMqAttr;

static void arm_mq_attr_in(const ArmMqAttr *g, struct mq_attr *h)
{
    memset(h, 0, sizeof(*h));
    h->mq_flags = g->flags;
    h->mq_maxmsg = g->maxmsg;
    h->mq_msgsize = g->msgsize;
    h->mq_curmsgs = g->curmsgs;
}

static void arm_mq_attr_out(const struct mq_attr *h, ArmMqAttr *g)
{
    memset(g, 0, sizeof(*g));
    g->flags = (int32_t)h->mq_flags;
    g->maxmsg = (int32_t)h->mq_maxmsg;
    g->msgsize = (int32_t)h->mq_msgsize;
    g->curmsgs = (int32_t)h->mq_curmsgs;
}

int64_t arm_eabi_mq_open(GuestThread *t, const uint64_t *a)
{
    ArmMqAttr guest;
    struct mq_attr host;
    uint64_t args[4] = {a[0], a[1], a[2], 0};

    if (a[3]) {
        if (copy_from_guest(&guest, a[3], sizeof(guest)) != 0)
            return -EFAULT;
        arm_mq_attr_in(&guest, &host);
        args[3] = arm_host_arg(&host);
    }
    return sys_mq_open(t, args);
}

int64_t arm_eabi_mq_getsetattr(GuestThread *t, const uint64_t *a)
{
    ArmMqAttr guest;
    struct mq_attr new_attr, old;
    uint64_t args[3] = {a[0], 0, a[2] ? arm_host_arg(&old) : 0};
    int64_t r;

    if (a[1]) {
        if (copy_from_guest(&guest, a[1], sizeof(guest)) != 0)
            return -EFAULT;
        arm_mq_attr_in(&guest, &new_attr);
        args[1] = arm_host_arg(&new_attr);
    }
    r = sys_mq_getsetattr(t, args);
    if (r != 0 || !a[2])
        return r;
    arm_mq_attr_out(&old, &guest);
    return copy_to_guest(a[2], &guest, sizeof(guest));
}

int64_t arm_eabi_mq_timedsend(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    uint64_t arg;

    if (arm_ts_arg(a[4], &ts, &arg) != 0)
        return -EFAULT;
    {
        const uint64_t args[5] = {a[0], a[1], a[2], a[3], arg};

        return sys_mq_timedsend(t, args);
    }
}

int64_t arm_eabi_mq_timedreceive(GuestThread *t, const uint64_t *a)
{
    struct timespec ts;
    uint64_t arg;

    if (arm_ts_arg(a[4], &ts, &arg) != 0)
        return -EFAULT;
    {
        const uint64_t args[5] = {a[0], a[1], a[2], a[3], arg};

        return sys_mq_timedreceive(t, args);
    }
}

/* ---- struct sigevent: the union at 12 on arm, 16 on the host ---- */

typedef struct ArmSigevent {
    uint32_t value;
    int32_t signo;
    int32_t notify;
    int32_t tid; /* or the SIGEV_THREAD function, which the kernel ignores */
    uint32_t pad[12];
} ArmSigevent;

_Static_assert(sizeof(ArmSigevent) == 64, "arm sigevent");

static int64_t arm_sigevent_in(uint64_t addr, struct sigevent *host,
                               uint64_t *arg)
{
    ArmSigevent g;

    *arg = 0;
    if (!addr)
        return 0;
    if (copy_from_guest(&g, addr, sizeof(g)) != 0)
        return -EFAULT;
    memset(host, 0, sizeof(*host));
    host->sigev_value.sival_ptr = (void *)(uintptr_t)g.value;
    host->sigev_signo = g.signo;
    host->sigev_notify = g.notify;
    host->_sigev_un._tid = g.tid;
    *arg = arm_host_arg(host);
    return 0;
}

int64_t arm_eabi_timer_create(GuestThread *t, const uint64_t *a)
{
    struct sigevent host;
    uint64_t arg;

    if (arm_sigevent_in(a[1], &host, &arg) != 0)
        return -EFAULT;
    {
        const uint64_t args[3] = {a[0], arg, a[2]};

        return sys_timer_create(t, args);
    }
}

int64_t arm_eabi_mq_notify(GuestThread *t, const uint64_t *a)
{
    struct sigevent host;
    uint64_t arg;

    if (arm_sigevent_in(a[1], &host, &arg) != 0)
        return -EFAULT;
    {
        const uint64_t args[2] = {a[0], arg};

        return sys_mq_notify(t, args);
    }
}
