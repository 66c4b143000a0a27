#!/bin/bash
# FP and SIMD benchmark: builds bench/fp_kernels.c (-O2, scalar FP) and
# bench/simd_kernels.c (-O3, auto-vectorised) for the host and for aarch64,
# runs each kernel natively, under qemu-aarch64 and under arx, checks they
# print the same checksum and prints a timing table with ratios.
# Not part of make check; it must not change any file outside its build dir.
#
# usage: run-fpsimd.sh [-s SCALE] [-r RUNS] [-k "KERNEL..."] [BUILD_DIR]
#   SCALE  work units per kernel, ~0.1 s native each (default 5)
#   RUNS   timed runs per command after one warmup (default 3)
# kernels: matvec stencil poly fpconv (fp_kernels), sad saxpy dot i16dot
# hist crc32c (simd_kernels). Environment as for run-bench.sh: ARX, QEMU,
# CC_AARCH64, CC_HOST, NO_HYPERFINE=1.

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/lib.sh
. "$srcdir/lib.sh"

scale=5
runs=3
fp_kernels="matvec stencil poly fpconv"
simd_kernels="sad saxpy dot i16dot hist crc32c"
kernels="$fp_kernels $simd_kernels"
bench_parse_options 8,13 s:scale r:runs k:kernels -- "$@"

# ---- build ----
# No FP contraction: a*b+c must not become an FMA on one ISA only (the
# checksums would differ); fma() in the source is still an FMA.
build_pair() {
	local name=$1 opt=$2
	"$CC_HOST" "$opt" -ffp-contract=off -static -o "$build/$name-native" \
		"$srcdir/$name.c" -lm 2>/dev/null ||
		"$CC_HOST" "$opt" -ffp-contract=off -o "$build/$name-native" \
			"$srcdir/$name.c" -lm || exit 1
	"$CC_AARCH64" "$opt" -ffp-contract=off -static -o "$build/$name-aarch64" \
		"$srcdir/$name.c" -lm || exit 1
}
build_pair fp_kernels -O2
build_pair simd_kernels -O3

# ---- runners, command lines, timing (bench/lib.sh) ----
bench_find_runners
bench_pick_timer

# select_binaries KERNEL: sets native and guest for command_for.
select_binaries() {
	local prog=simd_kernels
	case " $fp_kernels " in *" $1 "*) prog=fp_kernels ;; esac
	native=$build/$prog-native
	guest=$build/$prog-aarch64
}

declare -A mean
status=0
for k in $kernels; do
	select_binaries "$k"
	bench_kernel "$k" "$build/hyperfine-fpsimd-$k.json" || status=1
done

# ---- table ----
echo
printf "scale=%s runs=%s timer=%s\n" "$scale" "$runs" \
	"$([ "$use_hyperfine" = 1 ] && echo hyperfine || echo bash-loop)"
bench_table_header kernel
for k in $kernels; do
	bench_table_row "$k"
done
exit $status
