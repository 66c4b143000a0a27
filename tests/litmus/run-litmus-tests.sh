#!/bin/sh
# Memory-model litmus tests: each tests/litmus/*.c runs litmus shapes on
# 2 to 4 threads (harness in litmus.h) under arx, prints the count of every
# outcome and exits non-zero if an outcome the Arm model forbids appears.
# LITMUS_ITERATIONS sets the iterations per shape (default 10^6; shapes
# with more threads than cores run a quarter unless LITMUS_FULL=1). About
# 100 s on an idle 2-core machine; each program may take up to 600 s when
# other work shares the cores (lock-step shapes need both threads running).
set -u

srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${top_builddir:-$srcdir}
ARX=${ARX:-$builddir/arx}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
# The two threads spin on each other: with one core, each iteration costs
# a scheduler switch, so run fewer.
if [ "$(nproc 2>/dev/null || echo 1)" -ge 2 ]; then
    ITERATIONS=${LITMUS_ITERATIONS:-1000000}
else
    ITERATIONS=${LITMUS_ITERATIONS:-10000}
fi
out=$builddir/tests/litmus/build

if ! command -v "$CC_AARCH64" >/dev/null 2>&1; then
    echo "SKIP: $CC_AARCH64 not installed"
    exit 77
fi
mkdir -p "$out"

passed=0
failed=0
for src in "$srcdir"/tests/litmus/*.c; do
    name=$(basename "$src" .c)
    if ! $CC_AARCH64 -static -O2 -pthread -Wall -o "$out/$name" "$src" \
            2>"$out/$name.cc.log"; then
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
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
