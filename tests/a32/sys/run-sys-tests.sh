#!/bin/sh
# Builds the armhf syscall test programs of tests/a32/sys (Thumb-2 with
# 32-bit off_t and time_t, Thumb-2 and A32 with _FILE_OFFSET_BITS=64
# _TIME_BITS=64) and the
# x86-64 reference, runs them under arx (and qemu-arm when installed for
# comparison) and fails when arx's output differs from the reference.
# Usage: run-sys-tests.sh [ARX] (default ./arx); needs arm-linux-gnueabihf-gcc.
set -u
here=$(cd "$(dirname "$0")" && pwd)
arx=${1:-./arx}
cc=${CC_ARMHF:-arm-linux-gnueabihf-gcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v "$cc" >/dev/null || { echo "SKIP: no $cc"; exit 77; }
fail=0
for src in "$here"/files.c "$here"/misc.c "$here"/newcalls.c; do
    name=$(basename "$src" .c)
    cc -O2 -w "$src" -o "$work/$name.x86" || exit 1
    "$work/$name.x86" "$work" >"$work/$name.ref" 2>&1
    for variant in off32 off64 arm; do
        case $variant in
        off32) flags= ;;
        off64) flags="-D_FILE_OFFSET_BITS=64 -D_TIME_BITS=64" ;;
        arm) flags="-marm -D_FILE_OFFSET_BITS=64 -D_TIME_BITS=64" ;;
        esac
        # shellcheck disable=SC2086 # flags is a list
        "$cc" -static -O2 -w $flags "$src" -o "$work/$name.$variant" || exit 1
        "$arx" "$work/$name.$variant" "$work" >"$work/$name.$variant.out" 2>&1
        if diff -u "$work/$name.ref" "$work/$name.$variant.out" >"$work/diff"; then
            echo "PASS: $name ($variant)"
        else
            echo "FAIL: $name ($variant)"
            cat "$work/diff"
            fail=1
        fi
        if command -v qemu-arm >/dev/null; then
            qemu-arm "$work/$name.$variant" "$work" >"$work/q.out" 2>&1
            diff -q "$work/$name.ref" "$work/q.out" >/dev/null ||
                echo "  (qemu-arm differs on $name $variant)"
        fi
    done
done
exit $fail
