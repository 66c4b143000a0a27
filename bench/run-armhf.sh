#!/bin/bash
# armhf CPU benchmark: builds bench/cpu.c for the host and for armhf
# (Thumb-2, -O2, static), runs each kernel natively, under qemu-arm and
# under arx in one session, checks they agree on the output, and prints the
# timing table plus the geometric means of arx/native and qemu/arx. Not part
# of make check; it must not change any file outside its build dir.
#
# usage: run-armhf.sh [-s SCALE] [-r RUNS] [-k "KERNEL..."] [BUILD_DIR]
#   SCALE  work units per kernel, ~0.1 s native each (default 10)
#   RUNS   timed runs per command after one warmup (default 3)
# environment: ARX (default "$top_builddir/arx"), QEMU (default qemu-arm),
# CC_ARMHF (arm-linux-gnueabihf-gcc), ARMHF_CFLAGS (default -mthumb; -marm
# for A32), CC_HOST (cc), NO_HYPERFINE=1 for the plain bash timing loop.
# sieve is left out: its i * i overflows a 32-bit size_t, so the armhf
# checksum differs from the native one.

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
QEMU=${QEMU:-qemu-arm}
# shellcheck source=bench/lib.sh
. "$srcdir/lib.sh"
CC_ARMHF=${CC_ARMHF:-arm-linux-gnueabihf-gcc}
ARMHF_CFLAGS=${ARMHF_CFLAGS:--mthumb}

scale=10
runs=3
kernels="crc32 matmul sort interp sha256 fpmix"
bench_parse_options 7,15 s:scale r:runs k:kernels -- "$@"

if ! command -v "$CC_ARMHF" >/dev/null 2>&1; then
	echo "run-armhf: $CC_ARMHF not installed" >&2
	exit 2
fi
native=$build/cpu-native
guest=$build/cpu-armhf
"$CC_HOST" -O2 -static -o "$native" "$srcdir/cpu.c" -lm 2>/dev/null ||
	"$CC_HOST" -O2 -o "$native" "$srcdir/cpu.c" -lm || exit 1
# shellcheck disable=SC2086 # ARMHF_CFLAGS is a word list
"$CC_ARMHF" -O2 -static $ARMHF_CFLAGS -o "$guest" "$srcdir/cpu.c" -lm || exit 1

bench_find_runners
bench_pick_timer

declare -A mean
status=0
for k in $kernels; do
	bench_kernel "$k" "$build/hyperfine-armhf-$k.json" || status=1
done

echo
printf "armhf (%s) scale=%s runs=%s timer=%s\n" "$ARMHF_CFLAGS" "$scale" "$runs" \
	"$([ "$use_hyperfine" = 1 ] && echo hyperfine || echo bash-loop)"
bench_table_header kernel
arx_native=()
qemu_arx=()
qemu_native=()
for k in $kernels; do
	bench_table_row "$k"
	[ "${mean[$k,ok]:-0}" = 1 ] || continue
	n=${mean[$k,native]:-} q=${mean[$k,qemu]:-} a=${mean[$k,arx]:-}
	[ -n "$a" ] && [ -n "$n" ] && arx_native+=("$(awk -v a="$a" -v n="$n" 'BEGIN { print a / n }')")
	[ -n "$a" ] && [ -n "$q" ] && qemu_arx+=("$(awk -v a="$a" -v q="$q" 'BEGIN { print q / a }')")
	[ -n "$q" ] && [ -n "$n" ] && qemu_native+=("$(awk -v q="$q" -v n="$n" 'BEGIN { print q / n }')")
done
# ratio_mean V...: the geometric mean with an x, or "-" for none.
ratio_mean() {
	local g
	g=$(bench_geomean "$@")
	[ "$g" = - ] && echo - || echo "${g}x"
}
printf "%-8s %9s %9s %9s %11s %9s   (qemu/native %s)\n" geomean "" "" "" \
	"$(ratio_mean "${arx_native[@]}")" "$(ratio_mean "${qemu_arx[@]}")" \
	"$(ratio_mean "${qemu_native[@]}")"
exit $status
