/*
 * Guest tasks sharing the address space: a thread clone() becomes a host
 * pthread, a vfork clone() a host vfork child, each running the CPU loop
 * on its own copy of the guest registers.
 */
#ifndef ARX_LINUX_USER_THREAD_H
#define ARX_LINUX_USER_THREAD_H

#include <stdint.h>

#include "linux-user/user.h"

/* Starts a guest thread for clone(flags, newsp, ptid, tls, ctid) issued by
 * parent; returns the child's tid, or a negative errno. */
int64_t thread_clone(GuestThread *parent, uint64_t flags, uint64_t newsp,
                     uint64_t ptid, uint64_t tls, uint64_t ctid);
/* clone(CLONE_VM | CLONE_VFORK) by parent: a host child process sharing
 * the address space; returns its pid once it has exec'd or exited, or a
 * negative errno. Host CLONE_*SETTID/CLEARTID follow the guest's flags. */
int64_t thread_vfork(GuestThread *parent, uint64_t flags, uint64_t newsp,
                     uint64_t ptid, uint64_t tls, uint64_t ctid);
/* Around a host fork() by t: just before it, in the parent after it
 * (pid < 0: it failed), and in the child, where it is the only thread. */
void thread_before_fork(GuestThread *t, bool vfork);
void thread_after_fork_parent(GuestThread *t, int pid, uint64_t newsp,
                              bool set_tls, uint64_t tls);
void thread_after_fork(GuestThread *t);
/* exit(2) of one guest thread; the last one ends the process. */
void thread_exit(GuestThread *t, int status) __attribute__((noreturn));

/* The CPU loop (linux-user/<arch>/cpu_loop.c): runs t until the process
 * ends. */
void cpu_loop(GuestThread *t) __attribute__((noreturn));

#endif
