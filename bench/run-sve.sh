#!/bin/bash
# SVE benchmark (issue 20): builds bench/sve_kernels.c -O3 for the host and
# with -march=armv8.2-a+sve for aarch64, runs each kernel natively, under
# qemu-aarch64 -cpu max,sveVL=on and under arx -cpu max,+sve -sve-vl VL
# for each vector length, checks that all print the same checksum and
# prints a table of CPU seconds (the least of the runs: the machine may be
# shared) with qemu/arx per kernel and their geomean.
# Not part of make check; it must not change any file outside its build dir.
#
# usage: run-sve.sh [-s SCALE] [-r RUNS] [-k "KERNEL..."] [-v "VL..."] [BUILD_DIR]
#   SCALE  work units per kernel, ~0.4 s under qemu each (default 3)
#   RUNS   timed runs per command (default 3)
#   VL     vector lengths in bits (default "128 256")
# kernels: saxpy dot imul copy strlen gather cond. Environment as for
# run-bench.sh: ARX, QEMU (the program; the -cpu option is added here),
# CC_AARCH64, CC_HOST.

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/lib.sh
. "$srcdir/lib.sh"

scale=3
runs=3
kernels="saxpy dot imul copy strlen gather cond"
lengths="128 256"
bench_parse_options 9,15 s:scale r:runs k:kernels v:lengths -- "$@"

# ---- build ----
# No FP contraction on either side: the checksums must agree.
"$CC_HOST" -O3 -ffp-contract=off -o "$build/sve_kernels-native" \
	"$srcdir/sve_kernels.c" || exit 1
"$CC_AARCH64" -O3 -ffp-contract=off -march=armv8.2-a+sve -static \
	-o "$build/sve_kernels-aarch64" "$srcdir/sve_kernels.c" || {
	echo "SKIP: '$CC_AARCH64' cannot build +sve code"
	exit 77
}
native=$build/sve_kernels-native
guest=$build/sve_kernels-aarch64

# cpu_kernel KEY: bench_kernel's checksum check, then the least CPU
# seconds (user+sys, bench_cpu_run) of $runs runs per runner into
# mean[KEY,runner]: CPU time, not wall time, since this machine is shared
# and the least of a few runs is the one least disturbed.
cpu_kernel() {
	local k=$1 i r t expect got
	local -a cpu
	mean[$k,ok]=0
	expect=$("$native" "$k" "$scale" 2>&1)
	for i in "${!names[@]}"; do
		cpu=()
		for ((r = 0; r < runs; r++)); do
			# shellcheck disable=SC2046 # the command line is a word list
			t=$(bench_cpu_run "$build/out" 1 $(command_for "$i" "$k")) || {
				echo "FAIL: $k under ${names[$i]}" >&2
				return 1
			}
			cpu+=("${t%% *}")
		done
		got=$(cat "$build/out")
		if [ "$got" != "$expect" ]; then
			echo "MISMATCH: $k under ${names[$i]}: got '$got', expected '$expect'" >&2
			return 1
		fi
		t=$(bench_min_median "${cpu[@]}")
		mean[$k,${names[$i]}]=${t%% *}
	done
	mean[$k,ok]=1
}

qemu_program=$QEMU
arx_program=$ARX
declare -A mean
status=0
for vl in $lengths; do
	QEMU="$qemu_program -cpu max,sve$vl=on"
	ARX="$arx_program -cpu max,+sve -sve-vl $vl"
	bench_find_runners
	declare -A mean=()
	for k in $kernels; do
		cpu_kernel "$k" || status=1
	done
	echo
	printf "VL %s scale=%s runs=%s: least CPU seconds of the runs\n" \
		"$vl" "$scale" "$runs"
	bench_table_header kernel
	ratios=()
	for k in $kernels; do
		bench_table_row "$k"
		if [ "${mean[$k,ok]:-0}" = 1 ] && [ -n "${mean[$k,arx]:-}" ] &&
			[ -n "${mean[$k,qemu]:-}" ]; then
			ratios+=("$(awk -v q="${mean[$k,qemu]}" -v a="${mean[$k,arx]}" \
				'BEGIN { print q / a }')")
		fi
	done
	printf "%-8s %53s\n" geomean "$(bench_geomean "${ratios[@]}")x"
done
exit $status
