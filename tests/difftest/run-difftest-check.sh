#!/bin/sh
# make-check entry of the differential FP/SIMD tester (tools/difftest):
# fixed seed, small counts, every class and every FPCR bit (AHP, DN, FZ,
# RMode, FZ16);
# `tools/difftest/run-difftest.sh --long` runs the same at 1,000,000.
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

# Optional extensions arx does not implement (tools/difftest/
# optional-features.def) count as "optional"; anything else that only arx
# UNDEFs fails, as does any other difference.
exec sh "$srcdir/tools/difftest/run-difftest.sh" --seed 1 --count 1000 \
    --details 1 --out "$builddir/tests/difftest/build"
