/*
 * arm64 signal constants that code without the frame needs (the
 * sigaltstack syscall, the loader's auxv). Constants only: the frame
 * itself is linux-user/aarch64/signal.c's.
 */
#ifndef ARX_LINUX_USER_AARCH64_TARGET_SIGNAL_H
#define ARX_LINUX_USER_AARCH64_TARGET_SIGNAL_H

/* uapi MINSIGSTKSZ: the smallest sigaltstack, and AT_MINSIGSTKSZ. */
#define AARCH64_MINSIGSTKSZ 5120u

/* AT_MINSIGSTKSZ with sve, as Linux computes it (every record at the
 * largest VL, 2048 bits): the rt_sigframe up to __reserved (592), fpsimd
 * (528), esr (16), extra_context (32) and its terminator (16), the SVE
 * record (16 + 546 * 16 = 8752) and the end (16), then the frame record
 * (16) and 16 bytes of alignment padding (signal.c's layout). */
#define AARCH64_SVE_MINSIGSTKSZ 9984u

#endif
