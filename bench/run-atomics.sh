#!/bin/bash
# Atomics and thread-scaling benchmark: builds bench/atomics.c for the host
# and for aarch64 (static, -O2), runs each mode natively, under qemu-aarch64
# and under arx, checks the three print the same checksum and prints a
# timing table, then the ratios the design targets: LL/SC within 1.5x of
# LSE, both faster than qemu; two threads of independent work at most 1.1x
# one thread. Not part of make check; it writes only under its build dir.
#
# usage: run-atomics.sh [-s SCALE] [-r RUNS] [-m "MODE..."] [BUILD_DIR]
#   SCALE  work units per mode, ~0.1-0.2 s under arx each (default 5)
#   RUNS   timed runs per command after one warmup (default 3)
#   MODE   llsc lse cas (2 threads on one counter), work1 work2 (1 or 2
#          threads of private work, the same per thread)
# environment: ARX (default "$top_builddir/arx"), QEMU (default
# qemu-aarch64), CC_AARCH64, CC_HOST, NO_HYPERFINE=1 (plain bash timing).

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/lib.sh
. "$srcdir/lib.sh"

scale=5
runs=3
modes="llsc lse cas work1 work2"
bench_parse_options 9,16 s:scale r:runs m:modes -- "$@"

# ---- build ----
native=$build/atomics-native
guest=$build/atomics-aarch64
"$CC_HOST" -O2 -static -pthread -o "$native" "$srcdir/atomics.c" 2>/dev/null ||
	"$CC_HOST" -O2 -pthread -o "$native" "$srcdir/atomics.c" || exit 1
"$CC_AARCH64" -O2 -static -pthread -o "$guest" "$srcdir/atomics.c" || exit 1

# ---- runners, command lines, timing (bench/lib.sh) ----
bench_find_runners
bench_pick_timer

declare -A mean cpu
status=0
for m in $modes; do
	# Checks every runner prints the native checksum line, then times it.
	json=$build/hyperfine-atomics-$m.json
	bench_kernel "$m" "$json" || { status=1; continue; }
	[ "$use_hyperfine" = 1 ] || continue
	# CPU seconds (user + system) per command, for the scaling check.
	i=0
	while read -r u && read -r sy; do
		cpu[$m,${names[$i]}]=$(awk -v a="$u" -v b="$sy" 'BEGIN { print a + b }')
		i=$((i + 1))
	done < <(grep -o '"\(user\|system\)": *[0-9.eE+-]*' "$json" | sed 's/.*: *//')
done

# ---- tables ----
echo
printf "scale=%s runs=%s timer=%s cores=%s\n" "$scale" "$runs" \
	"$([ "$use_hyperfine" = 1 ] && echo hyperfine || echo bash-loop)" \
	"$(nproc 2>/dev/null || echo '?')"
bench_table_header mode
for m in $modes; do
	bench_table_row "$m"
done

# ratio NAME A B TARGET: A/B per runner, and whether arx meets TARGET.
ratio() {
	local label=$1 a=$2 b=$3 target=$4 line r
	[ "${mean[$a,ok]:-0}" = 1 ] && [ "${mean[$b,ok]:-0}" = 1 ] || return 0
	line=$(printf "%-13s" "$label")
	for r in native qemu arx; do
		line+=$(awk -v x="${mean[$a,$r]:-}" -v y="${mean[$b,$r]:-}" 'BEGIN {
			if (x == "" || y == "" || y == 0) printf " %9s", "-"
			else printf " %8.2fx", x / y }')
	done
	line+=$(awk -v x="${mean[$a,arx]:-}" -v y="${mean[$b,arx]:-}" \
		-v t="$target" 'BEGIN {
		if (x == "" || y == "" || y == 0) { printf "  target <= %sx", t; exit }
		printf "  target <= %sx: %s", t, x / y <= t ? "met" : "MISSED" }')
	echo "$line"
}

echo
printf "%-13s %9s %9s %9s\n" ratio native qemu arx
ratio "llsc/lse" llsc lse 1.5
ratio "work2/work1" work2 work1 1.1
# On a busy machine two threads cannot get two cores; CPU time still shows
# whether a thread costs more when another runs (ideal: 2 x work1 = 1.00x).
if [ -n "${cpu[work1,native]:-}" ] && [ -n "${cpu[work2,native]:-}" ]; then
	line=$(printf "%-13s" "work2/2xwork1")
	for r in native qemu arx; do
		line+=$(awk -v x="${cpu[work2,$r]:-}" -v y="${cpu[work1,$r]:-}" 'BEGIN {
			if (x == "" || y == "" || y == 0) printf " %9s", "-"
			else printf " %8.2fx", x / (2 * y) }')
	done
	echo "$line  (CPU seconds, not wall)"
fi
for m in llsc lse; do
	[ "${mean[$m,ok]:-0}" = 1 ] && [ -n "${mean[$m,qemu]:-}" ] &&
		[ -n "${mean[$m,arx]:-}" ] || continue
	awk -v m="$m" -v q="${mean[$m,qemu]}" -v a="${mean[$m,arx]}" 'BEGIN {
		verdict = (q + 0 > a + 0) ? "met" : "MISSED"
		printf "%-13s qemu/arx %.2fx  target > 1x: %s\n", m, q / a, verdict }'
done
exit $status
