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
while getopts "s:r:k:h" opt; do
	case $opt in
	s) scale=$OPTARG ;;
	r) runs=$OPTARG ;;
	k) kernels=$OPTARG ;;
	*)
		sed -n 's/^# \{0,1\}//; 8,13p' "$0"
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))
build=${1:-$srcdir/build}
mkdir -p "$build" || exit 1

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
	# Correctness first: every runner must print the native checksum line.
	expect=$("$native" "$k" "$scale" 2>&1)
	ok=1
	for i in "${!names[@]}"; do
		cmd=$(command_for "$i" "$k")
		# shellcheck disable=SC2086 # cmd is a word list on purpose
		got=$($cmd 2>&1)
		if [ "$got" != "$expect" ]; then
			echo "MISMATCH: $k under ${names[$i]}: got '$got', expected '$expect'" >&2
			ok=0
			status=1
		fi
	done
	mean[$k,ok]=$ok
	[ "$ok" = 1 ] || continue

	if [ "$use_hyperfine" = 1 ]; then
		args=()
		for i in "${!names[@]}"; do
			args+=(-n "${names[$i]}" "$(command_for "$i" "$k")")
		done
		json=$build/hyperfine-fpsimd-$k.json
		hyperfine -N --warmup 1 --runs "$runs" --export-json "$json" \
			--style basic "${args[@]}" >/dev/null 2>&1 || {
			status=1
			mean[$k,ok]=0
			continue
		}
		# Results come in command order; "mean" is in seconds.
		i=0
		while read -r m; do
			mean[$k,${names[$i]}]=$m
			i=$((i + 1))
		done < <(grep -o '"mean": *[0-9.eE+-]*' "$json" | sed 's/.*: *//')
	else
		for i in "${!names[@]}"; do
			mean[$k,${names[$i]}]=$(time_loop "$(command_for "$i" "$k")")
		done
	fi
done

# ---- table ----
echo
printf "scale=%s runs=%s timer=%s\n" "$scale" "$runs" \
	"$([ "$use_hyperfine" = 1 ] && echo hyperfine || echo bash-loop)"
printf "%-8s %9s %9s %9s %11s %9s\n" kernel "native s" "qemu s" "arx s" \
	arx/native qemu/arx
for k in $kernels; do
	if [ "${mean[$k,ok]}" != 1 ]; then
		printf "%-8s %s\n" "$k" "output mismatch or run failure (see above)"
		continue
	fi
	awk -v k="$k" -v n="${mean[$k,native]:-}" -v q="${mean[$k,qemu]:-}" \
		-v a="${mean[$k,arx]:-}" 'BEGIN {
		printf "%-8s %9s %9s %9s %11s %9s\n", k,
			n == "" ? "-" : sprintf("%.3f", n),
			q == "" ? "-" : sprintf("%.3f", q),
			a == "" ? "-" : sprintf("%.3f", a),
			(a == "" || n == "") ? "-" : sprintf("%.2fx", a / n),
			(a == "" || q == "") ? "-" : sprintf("%.2fx", q / a)
	}'
done
exit $status
