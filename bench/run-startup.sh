#!/bin/bash
# Start-up cost: a static arm64 program that does nothing (busybox `true`),
# a small dynamically linked one (the demo, linked against the cross
# sysroot) and Debian's dynamically linked coreutils `true` (from a
# tools/mksysroot sysroot), each natively (x86-64 build of the same thing),
# under qemu-aarch64 and under arx, in one hyperfine run; prints the ratios.
# usage: bench/run-startup.sh [RUNS]
# environment: REAL_SYSROOT  an arm64 sysroot holding coreutils (default
#   tests/real/sysroot if built, else bench/build/sysroot, made here)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
ARX=${ARX:-$top/arx}
# Cold start-ups, every block translated (as bench/lib.sh): the warm
# persistent cache is measured in docs/performance.md.
export ARX_CACHE=${ARX_CACHE:-off}
QEMU=${QEMU:-qemu-aarch64}
SYSROOT=${SYSROOT_AARCH64:-/usr/aarch64-linux-gnu}
runs=${1:-30}
build=$top/bench/build
mkdir -p "$build"

command -v hyperfine >/dev/null || { echo "hyperfine is needed" >&2; exit 1; }
bb_arm=$(ls "$top"/tests/busybox/cache/*/bin/busybox 2>/dev/null | head -n 1 || true)
[ -n "$bb_arm" ] || { echo "run tests/busybox/run-busybox-tests.sh once to fetch arm64 busybox" >&2; exit 1; }
# A Debian sysroot: the real tests' one when present, else a coreutils-only
# one (the .deb cache is shared with the real tests).
real=${REAL_SYSROOT:-$top/tests/real/sysroot}
if [ ! -x "$real/usr/bin/true" ]; then
    real=$build/sysroot
    "$top/tools/mksysroot" -q -o "$real" -c "$top/tests/real/cache" coreutils ||
        { echo "cannot build an arm64 sysroot (see tools/mksysroot)" >&2; exit 1; }
fi
aarch64-linux-gnu-gcc -O2 -o "$build/demo-dyn" "$top/demo/demo.c"
cc -O2 -o "$build/demo-native" "$top/demo/demo.c"

hyperfine -N -w 3 -r "$runs" --export-json "$build/startup.json" \
    -n "native true" "busybox true" \
    -n "qemu true" "$QEMU $bb_arm true" \
    -n "arx true" "$ARX $bb_arm true" \
    -n "native demo" "$build/demo-native" \
    -n "qemu demo" "$QEMU -L $SYSROOT $build/demo-dyn" \
    -n "arx demo" "$ARX -L $SYSROOT $build/demo-dyn" \
    -n "native dyntrue" "/bin/true" \
    -n "qemu dyntrue" "$QEMU -L $real $real/usr/bin/true" \
    -n "arx dyntrue" "$ARX -L $real $real/usr/bin/true" >/dev/null

# name -> median seconds (a stray slow run on a shared machine moves the
# mean, not the median), then the table.
awk '
    /"command":/ { line = $0; gsub(/.*"command": "|",?[ \t]*$/, "", line); name = line }
    /"median":/ { v = $2; gsub(/,/, "", v); median[name] = v }
    END {
        printf "%-8s %10s %10s %10s %10s %10s\n", "what", "native ms", "qemu ms", "arx ms", "qemu/arx", "arx/native"
        n_w = split("true demo dyntrue", w, " ")
        for (i = 1; i <= n_w; i++) {
            n = median["native " w[i]] * 1000; q = median["qemu " w[i]] * 1000
            a = median["arx " w[i]] * 1000
            printf "%-8s %10.1f %10.1f %10.1f %9.2fx %9.1fx\n", w[i], n, q, a, q / a, a / n
        }
    }' "$build/startup.json"
