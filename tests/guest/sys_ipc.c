/*
 * System V IPC (shm, sem, msg) and POSIX message queues: create private
 * objects, use them, check the *_STAT fields, remove them again.
 * Prints only outcomes that are the same on every run and host.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

union semun {
    int val;
    struct semid_ds *buf;
    unsigned short *array;
};

static void check(int ok, const char *what)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAIL");
}

static void test_shm(void)
{
    int id = shmget(IPC_PRIVATE, 8192, IPC_CREAT | 0600), status;
    struct shmid_ds ds;
    char *p, *q;
    pid_t child;

    check(id >= 0, "shmget");
    if (id < 0)
        return;
    p = shmat(id, NULL, 0);
    check(p != (void *)-1, "shmat");
    check(((unsigned long)p & 4095) == 0, "shmat page aligned");
    strcpy(p, "shared");
    q = shmat(id, NULL, SHM_RDONLY);
    check(q != (void *)-1 && q != p && strcmp(q, "shared") == 0,
          "second attach sees data");
    memset(&ds, 0, sizeof(ds));
    check(shmctl(id, IPC_STAT, &ds) == 0, "shmctl IPC_STAT");
    printf("shm segsz=%zu nattch=%lu mode=%o cpid_ok=%d uid_ok=%d\n",
           ds.shm_segsz, (unsigned long)ds.shm_nattch, ds.shm_perm.mode & 0777,
           ds.shm_cpid == getpid(), ds.shm_perm.uid == getuid());
    check(ds.shm_atime != 0 && ds.shm_ctime != 0, "shm times set");
    fflush(stdout);
    child = fork();
    if (child == 0) {
        strcpy(p, "child wrote");
        _exit(0);
    }
    waitpid(child, &status, 0);
    check(strcmp(q, "child wrote") == 0, "write from forked child");
    check(shmdt(q) == 0, "shmdt second");
    ds.shm_perm.mode = 0640;
    check(shmctl(id, IPC_SET, &ds) == 0, "shmctl IPC_SET");
    shmctl(id, IPC_STAT, &ds);
    printf("shm after set mode=%o nattch=%lu\n", ds.shm_perm.mode & 0777,
           (unsigned long)ds.shm_nattch);
    check(shmdt(p) == 0, "shmdt");
    check(shmdt(p) < 0 && errno == EINVAL, "shmdt again EINVAL");
    check(shmctl(id, IPC_RMID, NULL) == 0, "shmctl IPC_RMID");
}

static void test_sem(void)
{
    int id = semget(IPC_PRIVATE, 3, IPC_CREAT | 0600);
    union semun arg;
    unsigned short vals[3] = {4, 5, 6}, back[3] = {0};
    struct sembuf ops[2] = {{0, -1, IPC_NOWAIT}, {1, 2, 0}};
    struct semid_ds ds;
    struct timespec ts = {0, 1000000};

    check(id >= 0, "semget");
    if (id < 0)
        return;
    arg.val = 7;
    check(semctl(id, 0, SETVAL, arg) == 0, "SETVAL");
    check(semctl(id, 0, GETVAL) == 7, "GETVAL");
    arg.array = vals;
    check(semctl(id, 0, SETALL, arg) == 0, "SETALL");
    check(semop(id, ops, 2) == 0, "semop");
    arg.array = back;
    check(semctl(id, 0, GETALL, arg) == 0, "GETALL");
    printf("sem values %u %u %u\n", back[0], back[1], back[2]);
    check(semctl(id, 1, GETPID) == getpid(), "GETPID");
    ops[0].sem_num = 2;
    ops[0].sem_op = -7;
    check(semop(id, ops, 1) < 0 && errno == EAGAIN, "semop would block");
    ops[0].sem_flg = 0;
    check(semtimedop(id, ops, 1, &ts) < 0 && errno == EAGAIN,
          "semtimedop times out");
    memset(&ds, 0xa5, sizeof(ds));
    arg.buf = &ds;
    check(semctl(id, 0, IPC_STAT, arg) == 0, "sem IPC_STAT");
    printf("sem nsems=%lu mode=%o otime_set=%d ctime_set=%d uid_ok=%d\n",
           (unsigned long)ds.sem_nsems, ds.sem_perm.mode & 0777,
           ds.sem_otime != 0, ds.sem_ctime != 0, ds.sem_perm.uid == getuid());
    ds.sem_perm.mode = 0604;
    check(semctl(id, 0, IPC_SET, arg) == 0, "sem IPC_SET");
    memset(&ds, 0, sizeof(ds));
    semctl(id, 0, IPC_STAT, arg);
    printf("sem after set mode=%o nsems=%lu\n", ds.sem_perm.mode & 0777,
           (unsigned long)ds.sem_nsems);
    check(semctl(id, 0, IPC_RMID) == 0, "sem IPC_RMID");
    check(semctl(id, 0, GETVAL) < 0 && (errno == EINVAL || errno == EIDRM),
          "removed set gone");
}

struct message {
    long mtype;
    char mtext[32];
};

static void test_msg(void)
{
    int id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
    struct message m = {2, "second type"}, r;
    struct msqid_ds ds;

    check(id >= 0, "msgget");
    if (id < 0)
        return;
    check(msgsnd(id, &m, strlen(m.mtext) + 1, 0) == 0, "msgsnd type 2");
    m.mtype = 1;
    strcpy(m.mtext, "first");
    check(msgsnd(id, &m, strlen(m.mtext) + 1, 0) == 0, "msgsnd type 1");
    memset(&ds, 0, sizeof(ds));
    check(msgctl(id, IPC_STAT, &ds) == 0, "msgctl IPC_STAT");
    printf("msg qnum=%lu cbytes=%lu lspid_ok=%d qbytes_nonzero=%d\n",
           (unsigned long)ds.msg_qnum, (unsigned long)ds.__msg_cbytes,
           ds.msg_lspid == getpid(), ds.msg_qbytes != 0);
    check(msgrcv(id, &r, sizeof(r.mtext), 1, 0) == 6 && r.mtype == 1 &&
              !strcmp(r.mtext, "first"),
          "msgrcv by type");
    check(msgrcv(id, &r, sizeof(r.mtext), 0, 0) == 12 && r.mtype == 2,
          "msgrcv any");
    check(msgrcv(id, &r, sizeof(r.mtext), 0, IPC_NOWAIT) < 0 && errno == ENOMSG,
          "msgrcv empty ENOMSG");
    check(msgctl(id, IPC_RMID, NULL) == 0, "msgctl IPC_RMID");
}

static void test_mq(void)
{
    char name[64], buf[128];
    struct mq_attr attr = {0, 4, 64, 0}, got;
    unsigned prio = 0;
    mqd_t q;
    struct timespec ts;

    snprintf(name, sizeof(name), "/arx-sys-ipc-%d", (int)getpid());
    q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
    if (q == (mqd_t)-1 && (errno == ENOSYS || errno == EACCES)) {
        printf("mq unavailable\n");
        return;
    }
    check(q != (mqd_t)-1, "mq_open");
    check(mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr) == (mqd_t)-1 &&
              errno == EEXIST,
          "mq_open O_EXCL EEXIST");
    check(mq_send(q, "low", 3, 1) == 0, "mq_send low");
    check(mq_send(q, "high", 4, 9) == 0, "mq_send high");
    check(mq_getattr(q, &got) == 0, "mq_getattr");
    printf("mq maxmsg=%ld msgsize=%ld curmsgs=%ld flags=%ld\n", got.mq_maxmsg,
           got.mq_msgsize, got.mq_curmsgs, got.mq_flags);
    check(mq_receive(q, buf, sizeof(buf), &prio) == 4 && prio == 9 &&
              !memcmp(buf, "high", 4),
          "mq_receive priority order");
    check(mq_receive(q, buf, sizeof(buf), &prio) == 3 && prio == 1,
          "mq_receive low");
    attr.mq_flags = O_NONBLOCK;
    check(mq_setattr(q, &attr, &got) == 0 && got.mq_flags == 0, "mq_setattr");
    check(mq_receive(q, buf, sizeof(buf), &prio) < 0 && errno == EAGAIN,
          "mq_receive nonblocking EAGAIN");
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 1000000;
    if (ts.tv_nsec >= 1000000000) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000;
    }
    attr.mq_flags = 0;
    mq_setattr(q, &attr, NULL);
    check(mq_timedreceive(q, buf, sizeof(buf), &prio, &ts) < 0 &&
              errno == ETIMEDOUT,
          "mq_timedreceive ETIMEDOUT");
    check(mq_close(q) == 0, "mq_close");
    check(mq_unlink(name) == 0, "mq_unlink");
    check(mq_unlink(name) < 0 && errno == ENOENT, "mq_unlink again ENOENT");
}

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    test_shm();
    test_sem();
    test_msg();
    test_mq();
    return 0;
}
