#!/bin/bash
# CPU benchmark: builds bench/cpu.c for the host and for aarch64 (static,
# -O2), runs every kernel natively, under qemu-aarch64 and under arx in one
# session, checks the three agree on the output, and prints a timing table.
# Not part of make check; it must not change any file outside its build dir.
#
# usage: run-bench.sh [-s SCALE] [-r RUNS] [-k "KERNEL..."] [BUILD_DIR]
#   SCALE  work units per kernel, ~0.1 s native each (default 10)
#   RUNS   timed runs per command after one warmup (default 3)
# environment: ARX (default "$top_builddir/arx"), QEMU (default
# qemu-aarch64), CC_AARCH64 (aarch64-linux-gnu-gcc), CC_HOST (cc),
# NO_HYPERFINE=1 to force the plain bash timing loop.

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/lib.sh
. "$srcdir/lib.sh"

scale=10
runs=3
kernels="sieve crc32 matmul sort interp sha256 fpmix"
while getopts "s:r:k:h" opt; do
	case $opt in
	s) scale=$OPTARG ;;
	r) runs=$OPTARG ;;
	k) kernels=$OPTARG ;;
	*)
		sed -n 's/^# \{0,1\}//; 7,13p' "$0"
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))
build=${1:-$srcdir/build}
mkdir -p "$build" || exit 1

# ---- build ----
native=$build/cpu-native
guest=$build/cpu-aarch64
"$CC_HOST" -O2 -static -o "$native" "$srcdir/cpu.c" -lm 2>/dev/null ||
	"$CC_HOST" -O2 -o "$native" "$srcdir/cpu.c" -lm || exit 1
"$CC_AARCH64" -O2 -static -o "$guest" "$srcdir/cpu.c" -lm || exit 1

# ---- runners, command lines, timing (bench/lib.sh) ----
bench_find_runners
bench_pick_timer

declare -A mean
status=0
for k in $kernels; do
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
	[ "$ok" = 1 ] || { mean[$k,ok]=0; continue; }
	mean[$k,ok]=1

	if [ "$use_hyperfine" = 1 ]; then
		args=()
		for i in "${!names[@]}"; do
			args+=(-n "${names[$i]}" "$(command_for "$i" "$k")")
		done
		json=$build/hyperfine-$k.json
		hyperfine -N --warmup 1 --runs "$runs" --export-json "$json" \
			--style basic "${args[@]}" >&2 || { status=1; continue; }
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
		printf "%-8s %s\n" "$k" "output mismatch (see above)"
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
