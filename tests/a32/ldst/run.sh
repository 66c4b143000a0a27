#!/bin/sh
# a17-ldst guest test: builds ldst.c for A32 and T32 (static, no libc)
# and compares its output under arx with qemu-arm's; then excl_threads.c
# (glibc, pthreads: needs the arm syscall layer's clone, futex, mmap).
# Usage: run.sh ARX [SRCDIR]; needs arm-linux-gnueabihf-gcc and qemu-arm.
arx=${1:-./arx}
src=${2:-$(dirname "$0")}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cflags="-static -nostdlib -ffreestanding -fno-builtin -O2 -march=armv8-a \
-mfpu=vfpv3-d16 -mgeneral-regs-only -masm-syntax-unified"
rc=0
for mode in arm thumb; do
    arm-linux-gnueabihf-gcc $cflags -m$mode "$src/ldst.c" -o "$tmp/t_$mode" \
        -lgcc 2>"$tmp/cc.log" || { cat "$tmp/cc.log"; exit 1; }
    qemu-arm "$tmp/t_$mode" >"$tmp/q_$mode.txt"
    "$arx" "$tmp/t_$mode" >"$tmp/a_$mode.txt"
    if cmp -s "$tmp/q_$mode.txt" "$tmp/a_$mode.txt" &&
        grep -q '^done$' "$tmp/a_$mode.txt"; then
        echo "PASS ldst-$mode ($(wc -l <"$tmp/a_$mode.txt") lines)"
    else
        echo "FAIL ldst-$mode"
        diff "$tmp/q_$mode.txt" "$tmp/a_$mode.txt"
        rc=1
    fi
done
for mode in arm thumb; do
    arm-linux-gnueabihf-gcc -static -O2 -march=armv8-a -mfpu=vfpv3-d16 \
        -masm-syntax-unified -m$mode "$src/excl_threads.c" \
        -o "$tmp/x_$mode" -lpthread 2>"$tmp/cc.log" ||
        { cat "$tmp/cc.log"; exit 1; }
    timeout 60 "$arx" "$tmp/x_$mode" >"$tmp/ax_$mode.txt" 2>&1
    if [ "$(grep -c want "$tmp/ax_$mode.txt")" = 3 ] &&
        ! awk '{ if ($2 ")" != $4) bad = 1 } END { exit !bad }' \
            "$tmp/ax_$mode.txt"; then
        echo "PASS excl_threads-$mode"
    else
        echo "FAIL excl_threads-$mode"
        head -5 "$tmp/ax_$mode.txt"
        rc=1
    fi
done
exit $rc
