#!/bin/sh
# VFP instruction tests: every instruction of vfp_insns.S (A32 and T32) over
# the cases of vfp_cases.h, run by qemu-arm (the reference, vfp_test.c),
# by arx's translator in process (vfp_harness) and, once arx runs armhf
# ELF files, by arx itself. Prints the differing cases per instruction.
# usage: run.sh SRCDIR BUILDDIR [full]   (full: every FPSCR mode per pair)
src=$1/tests/a32/vfp
out=$2/tests/a32/vfp
mode=$3
CC=${CC_ARMHF:-arm-linux-gnueabihf-gcc}
OBJCOPY=${OBJCOPY_ARMHF:-arm-linux-gnueabihf-objcopy}
for tool in "$CC" "$OBJCOPY" qemu-arm; do
    command -v "$tool" >/dev/null || { echo "SKIP: no $tool"; exit 77; }
done
set -e
mkdir -p "$out"
"$CC" -c -marm "$src/vfp_insns.S" -o "$out/vfp_insns.a32.o"
"$CC" -c -mthumb "$src/vfp_insns.S" -o "$out/vfp_insns.t32.o"
"$OBJCOPY" -O binary -j .text "$out/vfp_insns.a32.o" "$out/vfp_insns.a32.bin"
"$OBJCOPY" -O binary -j .text "$out/vfp_insns.t32.o" "$out/vfp_insns.t32.bin"
"$CC" -static -O2 -marm -I"$src" -Wa,-I"$out" "$src/vfp_test.c" \
    "$src/vfp_runner.S" "$src/vfp_blobs.S" -o "$out/vfp_test" 2>/dev/null
qemu-arm "$out/vfp_test" $mode >"$out/ref.txt"
(cd "$out" && ./vfp_harness vfp_insns.a32.bin vfp_insns.t32.bin $mode) \
    >"$out/harness.txt"
set +e
rc=0
compare() {
    n=$(diff "$out/ref.txt" "$out/$1.txt" | grep -c '^>')
    echo "$1: $(wc -l <"$out/ref.txt") cases, $n differ"
    if [ "$n" != 0 ]; then
        diff "$out/ref.txt" "$out/$1.txt" | grep '^>' |
            sed 's/STOP exception [0-9]* at [^:]*: //' |
            awk '{print "  " $2, $3}' | sort | uniq -c | sort -rn | head -20
        rc=1
    fi
}
compare harness
if "$2/arx" "$out/vfp_test" $mode >"$out/arx.txt" 2>"$out/arx.err"; then
    compare arx
else
    echo "arx: cannot run the armhf program yet: $(head -c 200 "$out/arx.err")"
    exit $rc
fi
# C programs' view (fenv_test.c), A32 and T32 builds: arx against
# qemu-arm; the native x86-64 build differs legitimately in a few flags
# (compare codegen, FMA invalid with a NaN addend), so it is shown only.
for isa in arm thumb; do
    "$CC" -static -O2 -frounding-math -mfpu=vfpv4 -m$isa \
        "$src/fenv_test.c" -o "$out/fenv_$isa" -lm 2>/dev/null
    qemu-arm "$out/fenv_$isa" >"$out/ref.txt"
    "$2/arx" "$out/fenv_$isa" >"$out/fenv_arx.txt" 2>&1
    compare fenv_arx
done
if ${CC_NATIVE:-cc} -O2 -frounding-math "$src/fenv_test.c" \
    -o "$out/fenv_native" -lm 2>/dev/null; then
    "$out/fenv_native" >"$out/fenv_native.txt"
    echo "native x86-64 vs qemu-arm (information): $(diff "$out/ref.txt" \
        "$out/fenv_native.txt" | grep -c '^>') of $(wc -l <"$out/ref.txt") lines differ"
fi
exit $rc
