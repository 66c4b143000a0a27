#!/bin/sh
# Builds tests/a32/dp/dp_test.c, dp_pc.c and dp_prog.c for A32 and T32 and compares arx's output
# with qemu-arm's. Usage: run.sh [ARX] (default $ARX, else ./arx); needs
# arm-linux-gnueabihf-gcc and qemu-arm, else it skips (exit 77).
arx=${1:-${ARX:-./arx}}
src=$(dirname "$0")
command -v arm-linux-gnueabihf-gcc >/dev/null && command -v qemu-arm >/dev/null ||
    exit 77
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
rc=0
for isa in arm thumb; do
    for t in dp_test dp_pc dp_prog; do
        # dp_prog links libgcc (hard-float ABI; it uses no VFP register)
        case $t in
        dp_prog) flags="-O2 -lgcc" ;;
        *) flags="-march=armv8-a+crc -mfloat-abi=soft -masm-syntax-unified -O1" ;;
        esac
        arm-linux-gnueabihf-gcc -m$isa -static -nostdlib -ffreestanding \
            -fno-stack-protector -o "$tmp/$t" "$src/$t.c" $flags || exit 1
        qemu-arm "$tmp/$t" >"$tmp/want" || exit 1
        "$arx" "$tmp/$t" >"$tmp/got"
        if cmp -s "$tmp/want" "$tmp/got"; then
            echo "PASS $t -m$isa ($(wc -l <"$tmp/want") lines)"
        else
            echo "FAIL $t -m$isa:"
            diff "$tmp/want" "$tmp/got" | head -20
            rc=1
        fi
    done
done
exit $rc
