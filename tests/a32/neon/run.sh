#!/bin/sh
# Builds each tests/a32/neon/*.c for A32 and T32 (freestanding, static)
# and compares arx's output with qemu-arm's. Usage: run.sh ARX [test.c...]
# Needs arm-linux-gnueabihf-gcc and qemu-arm; prints one line per run.
# A test's header comment may name ' * FPU: x' and ' * CFLAGS: y'.
arx=${1:?usage: run.sh ARX [tests]}
shift
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- "$dir"/*.c
fail=0
for src in "$@"; do
    name=$(basename "$src" .c)
    fpu=$(sed -n 's/^ \* FPU: //p' "$src")
    extra=$(sed -n 's/^ \* CFLAGS: //p' "$src")
    for mode in arm thumb; do
        bin=$tmp/$name-$mode
        arm-linux-gnueabihf-gcc -static -nostdlib -ffreestanding -O2 -fno-builtin \
            -mfloat-abi=hard -mfpu=${fpu:-neon-vfpv4} -m$mode \
            -I"$dir" "$src" $extra -o "$bin" || { fail=1; continue; }
        # The exit status counts too (a fault's signal); qemu's own
        # report of the signal does not.
        qemu-arm "$bin" 2>/dev/null >"$bin.want"
        echo "exit status $?" >>"$bin.want"
        timeout 60 "$arx" "$bin" 2>/dev/null >"$bin.got"
        echo "exit status $?" >>"$bin.got"
        if cmp -s "$bin.want" "$bin.got"; then
            echo "PASS $name ($mode, $(wc -l <"$bin.want") lines)"
        else
            echo "FAIL $name ($mode)"
            diff "$bin.want" "$bin.got" | head -20
            fail=1
        fi
    done
done
exit $fail
