#!/bin/sh
# armhf memory-model litmus tests: builds each tests/armhf/litmus/*.c for
# A32 (-marm) and T32 (-mthumb), ARMv8-A (LDA/STL, DMB ISHLD), static, runs
# it under the emulator and fails when an outcome the Arm model forbids
# appears (the harness is tests/litmus/litmus.h). Allowed relaxed outcomes
# are only reported. Read-only on the tree.
# Environment: ARX (default $top_builddir/arx; ARX=qemu-arm checks the
# tests: qemu 7.2 shows forbidden SB+stl+lda outcomes on an x86 host),
# CC_ARMHF, LITMUS_ITERATIONS (default 10^6 with 2 cores or more).
set -u

srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${top_builddir:-$srcdir}
ARX=${ARX:-$builddir/arx}
CC_ARMHF=${CC_ARMHF:-arm-linux-gnueabihf-gcc}
if [ "$(nproc 2>/dev/null || echo 1)" -ge 2 ]; then
    ITERATIONS=${LITMUS_ITERATIONS:-1000000}
else
    ITERATIONS=${LITMUS_ITERATIONS:-10000}
fi
out=$builddir/tests/armhf/build/litmus

if ! command -v "$CC_ARMHF" >/dev/null 2>&1; then
    echo "SKIP: $CC_ARMHF not installed"
    exit 77
fi
mkdir -p "$out"

passed=0
failed=0
for src in "$srcdir"/tests/armhf/litmus/*.c; do
    for mode in arm thumb; do
        name=$(basename "$src" .c)-$mode
        if ! $CC_ARMHF -static -O2 -pthread -Wall -march=armv8-a+simd \
                -m$mode -o "$out/$name" "$src" 2>"$out/$name.cc.log"; then
            echo "FAIL: $name (does not compile)"
            failed=$((failed + 1))
            continue
        fi
        if timeout 600 $ARX "$out/$name" "$ITERATIONS"; then
            echo "PASS: $name"
            passed=$((passed + 1))
        else
            echo "FAIL: $name (a forbidden outcome appeared, or it crashed)"
            failed=$((failed + 1))
        fi
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
