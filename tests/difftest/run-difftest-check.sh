#!/bin/sh
# make-check entry of the differential FP/SIMD tester (tools/difftest):
# fixed seed, small counts, restricted to what arx implements today so it
# passes; `tools/difftest/run-difftest.sh --long` reports everything.
# Exit 77 (SKIP) without qemu-aarch64 or the aarch64 cross tools.
set -u

srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${top_builddir:-$srcdir}
QEMU=${QEMU:-qemu-aarch64}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
OBJDUMP_AARCH64=${OBJDUMP_AARCH64:-aarch64-linux-gnu-objdump}

for tool in "$CC_AARCH64" "$OBJDUMP_AARCH64" "$QEMU" perl; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool not installed"
        exit 77
    fi
done

# Excluded today (each a known arx bug, see tools/difftest/README.md):
#   scalar_shift: arx executes the UNALLOCATED scalar SHRN/RSHRN encodings.
#   FPCR.FZ, FPCR.AHP and FPCR.FZ16 are never set (--fpcr-mask 02c00000:
#   only DN and RMode): arx does not flush denormal inputs under FZ, ignores
#   AHP in FCVT, and drops FZ16 while executing scalar FP16 instructions.
# Unimplemented instructions (ILL under arx only) are reported, not failed.
excluded="scalar_shift"
echo "difftest check: excluded classes: $excluded (arx executes UNALLOCATED scalar SHRN/RSHRN)"
echo "difftest check: FPCR FZ/AHP/FZ16 not exercised (arx: no FZ input flush, AHP ignored, FZ16 dropped)"

classes=$(sh "$srcdir/tools/difftest/run-difftest.sh" --list --out "$builddir/tests/difftest/build" |
          awk -v ex=" $excluded " 'index(ex, " " $1 " ") == 0 { printf "%s%s", sep, $1; sep = "," }')
[ -n "$classes" ] || { echo "FAIL: cannot list the difftest classes"; exit 1; }

exec sh "$srcdir/tools/difftest/run-difftest.sh" --classes "$classes" --seed 1 \
    --count 1000 --fpcr-mask 02c00000 --allow-unimplemented --details 1 \
    --out "$builddir/tests/difftest/build"
