/*
 * arm64 signal constants that code without the frame needs (the
 * sigaltstack syscall, the loader's auxv). Constants only: the frame
 * itself is linux-user/aarch64/signal.c's.
 */
#ifndef ARX_LINUX_USER_AARCH64_TARGET_SIGNAL_H
#define ARX_LINUX_USER_AARCH64_TARGET_SIGNAL_H

/* uapi MINSIGSTKSZ: the smallest sigaltstack, and AT_MINSIGSTKSZ. */
#define AARCH64_MINSIGSTKSZ 5120u

#endif
