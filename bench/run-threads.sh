#!/bin/bash
# Thread scaling of real programs: Debian arm64 pigz -p 1/-p 2 and xz -T1/-T2
# compress a generated file natively (the host's x86-64 build), under
# qemu-aarch64 and under arx; prints wall and user+sys CPU seconds, CPU/wall
# (near 2 when both threads ran at once) and the 2-thread speedup. Not part
# of make check: timings on a shared machine are not assertions.
#
# usage: run-threads.sh [-s MB] [-r RUNS] [-t "TOOL..."] [-x "RUNNER..."] [BUILD_DIR]
#   MB      size of the generated input in MB (default 20)
#   RUNS    timed runs per command, each output checked (default 1)
#   TOOL    pigz xz (default both)
#   RUNNER  native qemu arx (default all three)
# environment: ARX (default "$top_builddir/arx"), QEMU (default
# qemu-aarch64), REAL_SYSROOT (default tests/real/sysroot, built with
# tools/mksysroot and the package list of tests/real/run-real-tests.sh),
# XZ_ARGS (xz options besides -T, default "-6 --block-size=2MiB").

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/lib.sh
. "$srcdir/lib.sh"
SYSROOT=${REAL_SYSROOT:-$top_builddir/tests/real/sysroot}
# xz's default block is 3 x the dictionary (24 MiB at -6): one block, one
# thread. 2 MiB blocks give -T2 work to share, and -T1 the same blocks.
# (Override with XZ_ARGS.)
XZ_ARGS=${XZ_ARGS:-"-6 --block-size=2MiB"}

megabytes=20
runs=1
tools="pigz xz"
runners="native qemu arx"
bench_parse_options 8,16 s:megabytes r:runs t:tools x:runners -- "$@"
[ -x /usr/bin/time ] || { echo "GNU time (/usr/bin/time) is needed" >&2; exit 1; }

# ---- the arm64 programs: the real tests' sysroot, same package list ----
if [ ! -x "$SYSROOT/usr/bin/pigz" ] || [ ! -x "$SYSROOT/usr/bin/xz" ]; then
	read -r -a packages < <(sed -n 's/^PACKAGES=(\(.*\))$/\1/p' \
		"$top_srcdir/tests/real/run-real-tests.sh")
	echo "building $SYSROOT: ${packages[*]}" >&2
	"$top_srcdir/tools/mksysroot" -q -o "$SYSROOT" \
		-c "$top_builddir/tests/real/cache" "${packages[@]}" || {
		echo "cannot build the arm64 sysroot (see tools/mksysroot)" >&2
		exit 1
	}
fi
SYSROOT=$(cd "$SYSROOT" && pwd)

# ---- input: fixed pseudo-random text, compressible but not trivially ----
input=$build/threads-$megabytes.txt
bench_make_text "$input" "$megabytes" || exit 1

# prefix_for RUNNER: how to start an arm64 program (empty for native).
prefix_for() {
	case $1 in
	native) echo "" ;;
	qemu) echo "$QEMU -L $SYSROOT" ;;
	arx) echo "$ARX -L $SYSROOT" ;;
	esac
}

# program_for RUNNER PROG: the host's or the sysroot's PROG.
program_for() {
	if [ "$1" = native ]; then
		command -v "$2"
	else
		echo "$SYSROOT/usr/bin/$2"
	fi
}

# args_for TOOL THREADS: the options, the same for every runner.
args_for() {
	case $1 in
	pigz) echo "-p $2 -6 -c" ;;
	xz) echo "-T$2 $XZ_ARGS -c" ;;
	esac
}

# run_timed CMD: runs CMD on the input; prints "wall user sys" and leaves
# the output in $build/threads.out.
run_timed() {
	# shellcheck disable=SC2086 # CMD is a word list on purpose
	/usr/bin/time -f "%e %U %S" -o "$build/threads.time" \
		$1 <"$input" >"$build/threads.out" 2>"$build/threads.err" ||
		return 1
	tail -n 1 "$build/threads.time"
}

declare -A wall cpu expect

# check_output TOOL THREADS: a fast but wrong run must not show up as a
# win: the bytes must equal the first runner's, and the first runner's must
# decompress (host tool) to the input.
check_output() {
	local sum
	sum=$(sha256sum <"$build/threads.out")
	if [ -z "${expect[$1,$2]:-}" ]; then
		"$1" -dc <"$build/threads.out" | cmp -s - "$input" || return 1
		expect[$1,$2]=$sum
	fi
	[ "$sum" = "${expect[$1,$2]}" ]
}

# measure RUNNER TOOL THREADS CMD: mean wall and CPU seconds over $runs
# checked runs, into wall[] and cpu[]; false if a run fails or is wrong.
measure() {
	local key=$2,$3,$1 cmd=$4 r w u s total_wall=0 total_cpu=0
	for ((r = 0; r < runs; r++)); do
		if ! read -r w u s < <(run_timed "$cmd"); then
			echo "FAILED: $cmd:" >&2
			head -c 1000 "$build/threads.err" >&2
			return 1
		fi
		if ! check_output "$2" "$3"; then
			echo "MISMATCH: $cmd: output differs from the first runner's" \
				"or does not decompress to the input" >&2
			return 1
		fi
		total_wall=$(awk -v a="$total_wall" -v b="$w" 'BEGIN { print a + b }')
		total_cpu=$(awk -v a="$total_cpu" -v b="$u" -v c="$s" 'BEGIN { print a + b + c }')
	done
	wall[$key]=$(awk -v t="$total_wall" -v n="$runs" 'BEGIN { print t / n }')
	cpu[$key]=$(awk -v t="$total_cpu" -v n="$runs" 'BEGIN { print t / n }')
}

# The load before we start: other work on the machine steals the second core.
load_before=$(cut -d' ' -f1 /proc/loadavg)
status=0
for tool in $tools; do
	for runner in $runners; do
		prog=$(program_for "$runner" "$tool")
		if [ -z "$prog" ] || [ ! -x "$prog" ]; then
			echo "note: no $tool for $runner, row left out" >&2
			continue
		fi
		prefix=$(prefix_for "$runner")
		if [ -n "$prefix" ] && ! command -v "${prefix%% *}" >/dev/null; then
			echo "note: '${prefix%% *}' not found, $runner rows left out" >&2
			continue
		fi
		for threads in 1 2; do
			measure "$runner" "$tool" "$threads" \
				"$prefix $prog $(args_for "$tool" "$threads")" || status=1
		done
	done
done
rm -f "$build/threads.out"

# ---- table ----
echo
printf "input=%s MB runs=%s cores=%s load before=%s\n" "$megabytes" "$runs" \
	"$(nproc 2>/dev/null || echo '?')" "$load_before"
printf "%-6s %-8s %7s %8s %8s %9s %9s\n" runner command threads "wall s" \
	"cpu s" "cpu/wall" speedup
for tool in $tools; do
	for runner in $runners; do
		for threads in 1 2; do
			key=$tool,$threads,$runner
			[ -n "${wall[$key]:-}" ] || continue
			awk -v r="$runner" -v t="$tool" -v n="$threads" \
				-v w="${wall[$key]}" -v c="${cpu[$key]}" \
				-v w1="${wall[$tool,1,$runner]:-}" 'BEGIN {
				printf "%-6s %-8s %7s %8.2f %8.2f %9.2f %9s\n", r, t, n, w, c,
					(w > 0 ? c / w : 0),
					(n == 1 || w1 == "" || w == 0) ? "-" : sprintf("%.2fx", w1 / w)
			}'
		done
	done
done
exit $status
