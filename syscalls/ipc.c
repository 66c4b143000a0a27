/*
 * Guest System V IPC (msg*, sem*, shm*) and POSIX message queues (mq_*).
 * Only semid64_ds differs between the ABIs; everything else passes through
 * with guest pointers translated. Must not track segments or queues
 * (linux-user/mmap.c records attachments).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>

#include "linux-user/mmap.h"
#include "linux-user/signal.h"
#include "syscalls/syscalls.h"

/*
 * ipc64_perm, shmid64_ds, msqid64_ds, msgbuf, sembuf, mq_attr and the
 * *info structs are identical on both (asm-generic layouts, with x86-64
 * using asm-generic for all but sembuf.h). Checked against the host here;
 * the guest sizes are 48, 112 and 120 bytes.
 */
_Static_assert(sizeof(struct ipc_perm) == 48, "ipc64_perm");
_Static_assert(sizeof(struct shmid_ds) == 112, "shmid64_ds");
_Static_assert(sizeof(struct msqid_ds) == 120, "msqid64_ds");

int64_t sys_msgget(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_msgget, a[0], a[1], 0);
}

/* Every msgctl command's argument is a struct of identical layout. */
int64_t sys_msgctl(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_msgctl, a[0], a[1], sys_hp(a[2]));
}

int64_t sys_msgsnd(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_msgsnd, a[0], sys_hp(a[1]), a[2], a[3],
                                0, 0);
}

int64_t sys_msgrcv(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_msgrcv, a[0], sys_hp(a[1]), a[2], a[3],
                                a[4], 0);
}

int64_t sys_semget(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_semget, a[0], a[1], a[2]);
}

int64_t sys_semop(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall3(t, SYS_semop, a[0], sys_hp(a[1]), a[2]);
}

int64_t sys_semtimedop(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_semtimedop, a[0], sys_hp(a[1]), a[2],
                                sys_hp(a[3]), 0, 0);
}

/* The semun argument of the *STAT and IPC_SET commands: semid64_ds. */
static int64_t ipc_semctl_semid(const uint64_t *a, int cmd)
{
    GuestSemidDs guest;
    struct semid_ds host;
    int64_t r;

    if (cmd == IPC_SET) {
        if (copy_from_guest(&guest, a[3], sizeof(guest)) != 0 || !a[3])
            return -EFAULT;
        convert_semid_to_host(&guest, &host);
    }
    r = host_syscall6(SYS_semctl, a[0], a[1], a[2], (uint64_t)(uintptr_t)&host,
                      0, 0);
    if (!host_is_error(r) && cmd != IPC_SET) {
        convert_semid_to_guest(&host, &guest);
        if (copy_to_guest(a[3], &guest, sizeof(guest)) != 0 || !a[3])
            return -EFAULT;
    }
    return r;
}

/* semun is passed by value: an int for SETVAL, else a pointer. */
int64_t sys_semctl(GuestThread *t, const uint64_t *a)
{
    int cmd = (int)a[2] & ~0x100; /* IPC_64 changes nothing on 64-bit */

    (void)t;
    switch (cmd) {
    case IPC_STAT:
    case SEM_STAT:
    case SEM_STAT_ANY:
    case IPC_SET: return ipc_semctl_semid(a, cmd);
    case GETALL:
    case SETALL:
    case IPC_INFO:
    case SEM_INFO:
        return host_syscall6(SYS_semctl, a[0], a[1], a[2], sys_hp(a[3]), 0, 0);
    default: return host_syscall6(SYS_semctl, a[0], a[1], a[2], a[3], 0, 0);
    }
}

int64_t sys_shmget(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_shmget, a[0], a[1], a[2]);
}

int64_t sys_shmctl(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_shmctl, a[0], a[1], sys_hp(a[2]));
}

/* The address space keeps the attachments (linux-user/mmap.h). */
int64_t sys_shmat(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return mmap_shm_attach(a[0], a[1], a[2]);
}

int64_t sys_shmdt(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return mmap_shm_detach(a[0]);
}

/* mq_open's flags are open(2) flags; struct mq_attr is 8 longs on both. */
int64_t sys_mq_open(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall6(SYS_mq_open, sys_hp(a[0]),
                         (uint64_t)convert_open_flags_to_host(a[1]), a[2],
                         sys_hp(a[3]), 0, 0);
}

int64_t sys_mq_unlink(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_mq_unlink, sys_hp(a[0]), 0, 0);
}

int64_t sys_mq_timedsend(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_mq_timedsend, a[0], sys_hp(a[1]), a[2],
                                a[3], sys_hp(a[4]), 0);
}

int64_t sys_mq_timedreceive(GuestThread *t, const uint64_t *a)
{
    return signal_safe_syscall6(t, SYS_mq_timedreceive, a[0], sys_hp(a[1]),
                                a[2], sys_hp(a[3]), sys_hp(a[4]), 0);
}

/* struct sigevent is the same 64 bytes on both (see time.c). */
int64_t sys_mq_notify(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_mq_notify, a[0], sys_hp(a[1]), 0);
}

int64_t sys_mq_getsetattr(GuestThread *t, const uint64_t *a)
{
    (void)t;
    return host_syscall3(SYS_mq_getsetattr, a[0], sys_hp(a[1]), sys_hp(a[2]));
}
