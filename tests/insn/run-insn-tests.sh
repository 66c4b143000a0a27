#!/bin/sh
# Instruction-level differential tests: each tests/insn/*.c runs a class of
# A64 instructions over edge inputs and prints the results; the output under
# arx must match qemu-aarch64's (the reference) byte for byte.
# Environment: ARX (arx command), QEMU (default qemu-aarch64),
# CC_AARCH64 (default aarch64-linux-gnu-gcc), top_srcdir, top_builddir.
set -u

srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${top_builddir:-$srcdir}
ARX=${ARX:-$builddir/arx}
QEMU=${QEMU:-qemu-aarch64}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
out=$builddir/tests/insn/build

if ! command -v "$CC_AARCH64" >/dev/null 2>&1; then
    echo "SKIP: $CC_AARCH64 not installed"
    exit 77
fi
if ! command -v "$QEMU" >/dev/null 2>&1; then
    echo "SKIP: $QEMU (the reference) not installed"
    exit 77
fi
mkdir -p "$out"

passed=0
failed=0
for src in "$srcdir"/tests/insn/*.c; do
    name=$(basename "$src" .c)
    bin=$out/$name
    # A test may give its own flags (" * insn-cflags: FLAGS", no libm);
    # the others get -pthread and libm.
    extra=$(sed -n 's/^ \* insn-cflags: //p' "$src")
    libs=-lm
    if [ -n "$extra" ]; then libs=; else extra=-pthread; fi
    # A compiler without the test's -march (e.g. +sve2) skips the test.
    if ! echo 'int main(void) { return 0; }' |
        $CC_AARCH64 -x c $extra -o /dev/null - 2>/dev/null; then
        echo "SKIP: $name ($CC_AARCH64 does not take $extra)"
        continue
    fi
    if ! $CC_AARCH64 -static -O1 $extra -o "$bin" "$src" $libs 2>"$out/$name.cc.log"; then
        echo "FAIL: $name (does not compile)"
        cat "$out/$name.cc.log"
        failed=$((failed + 1))
        continue
    fi
    timeout 60 "$QEMU" "$bin" >"$out/$name.expected" 2>"$out/$name.expected.err"
    expected_rc=$?
    # ... and arx options (" * insn-arx: OPTIONS"), e.g. a -cpu like qemu's.
    arx_opts=$(sed -n 's/^ \* insn-arx: //p' "$src")
    timeout 60 $ARX $arx_opts "$bin" >"$out/$name.actual" 2>"$out/$name.actual.err"
    actual_rc=$?
    if [ "$expected_rc" = "$actual_rc" ] &&
       cmp -s "$out/$name.expected" "$out/$name.actual"; then
        echo "PASS: $name"
        passed=$((passed + 1))
    else
        echo "FAIL: $name (exit $actual_rc, qemu $expected_rc)"
        diff -u "$out/$name.expected" "$out/$name.actual" | head -40
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
