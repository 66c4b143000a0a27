#!/bin/bash
# The speed suite: CPU kernels (bench/cpu.c, bench/cpu2.c), real Debian arm64
# programs on generated work (bench/workloads/) and start-up, each run
# natively, under qemu-aarch64 and under arx in one session; reports the CPU
# time (user+sys) per runner, qemu/arx and arx's fraction of native speed,
# and writes bench/build/results.{json,csv}. A row whose output differs
# between runners is marked FAIL and left out of the means. Not part of
# make check: timings on a shared machine are not assertions.
#
# usage: run-suite.sh [-r RUNS] [-s SCALE] [-m MB] [-w WARMUP] [-n STARTS]
#                     [-g "GROUP..."] [-k "ROW..."] [-x "RUNNER..."] [BUILD_DIR]
#   RUNS    timed runs per row and runner (default 5)
#   SCALE   work per row, 1 is ~0.1-0.5 s native per row (default 1)
#   MB      size of the xz input in MB (default 8; xz -9 does ~1 MB/s)
#   WARMUP  untimed runs first, also checked (default 1)
#   STARTS  program starts per start-up sample (default 20)
#   GROUP   kernels workloads startup (default), fpsimd (run-fpsimd.sh's)
#   ROW     only these rows, e.g. "sieve python xz" (default all)
#   RUNNER  native qemu arx base (default the first three, and base when
#           ARX_BASE is set)
# environment: ARX, QEMU, CC_AARCH64, CC_HOST (see bench/lib.sh),
# ARX_BASE (a second arx, e.g. a build of the commit before a change: the
# "base" runner, interleaved with the others, with a base/arx column),
# SUITE_SYSROOT (default bench/build/sysroot-suite, made with
# tools/mksysroot: the real tests' packages plus perl).

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/lib.sh
. "$srcdir/lib.sh"

runs=5
scale=1
xz_mb=8
warmup=1
starts=20
groups="kernels workloads startup"
only=""
runners="native qemu arx"
[ -z "${ARX_BASE:-}" ] || runners+=" base"
bench_parse_options 10,22 r:runs s:scale m:xz_mb w:warmup n:starts g:groups \
	k:only x:runners -- "$@"
work=$build/suite
mkdir -p "$work" || exit 1
build=$(cd "$build" && pwd)
work=$build/suite

kernels_cpu="sieve crc32 matmul sort interp sha256 fpmix"
kernels_cpu2="intarith branchy cgoto calls qsort chase mandel stencil simd"
# The other helper's FP/SIMD kernels (run-fpsimd.sh), opt-in with -g fpsimd.
kernels_fpsimd="fp.matvec fp.stencil fp.poly fp.fpconv"
kernels_fpsimd+=" simd.sad simd.saxpy simd.dot simd.i16dot simd.hist simd.crc32c"
workloads="lua python perl sqlite xz"
startups="static dyntrue"

# ---- the kernels: the same source built for each ISA ----
build_kernels() {
	local f=-ffp-contract=off
	"$CC_HOST" -O2 -static -o "$work/cpu-native" "$srcdir/cpu.c" -lm &&
		"$CC_AARCH64" -O2 -static -o "$work/cpu-aarch64" "$srcdir/cpu.c" -lm &&
		"$CC_HOST" -O2 $f -static -o "$work/cpu2-native" "$srcdir/cpu2.c" -lm &&
		"$CC_AARCH64" -O2 $f -static -o "$work/cpu2-aarch64" "$srcdir/cpu2.c" -lm
}

# build_fpsimd: bench/fp_kernels.c at -O2, bench/simd_kernels.c at -O3, as
# run-fpsimd.sh builds them.
build_fpsimd() {
	local f=-ffp-contract=off
	"$CC_HOST" -O2 $f -static -o "$work/fp-native" "$srcdir/fp_kernels.c" -lm &&
		"$CC_AARCH64" -O2 $f -static -o "$work/fp-aarch64" "$srcdir/fp_kernels.c" -lm &&
		"$CC_HOST" -O3 $f -static -o "$work/simd-native" "$srcdir/simd_kernels.c" -lm &&
		"$CC_AARCH64" -O3 $f -static -o "$work/simd-aarch64" "$srcdir/simd_kernels.c" -lm
}

# kernel_scale ROW: the scale a kernel runs at. cpu.c's units are shorter
# than the suite's (~0.08 s, fpmix's 0.007 s) and cannot change without
# changing its checksums, so they are multiplied here.
kernel_scale() {
	case $1 in
	fpmix) echo $((20 * scale)) ;;
	sieve | crc32 | matmul | sort | interp | sha256) echo $((2 * scale)) ;;
	*) echo "$scale" ;;
	esac
}

# ---- the arm64 programs: a Debian sysroot; natively the host's ----
SYSROOT=${SUITE_SYSROOT:-$build/sysroot-suite}
need_sysroot() {
	local p
	for p in lua5.4 python3.11 perl sqlite3 xz true; do
		[ -x "$SYSROOT/usr/bin/$p" ] || break
	done
	[ -x "$SYSROOT/usr/bin/$p" ] && return 0
	read -r -a packages < <(sed -n 's/^PACKAGES=(\(.*\))$/\1/p' \
		"$top_srcdir/tests/real/run-real-tests.sh")
	echo "building $SYSROOT: ${packages[*]} perl" >&2
	"$top_srcdir/tools/mksysroot" -q -o "$SYSROOT" \
		-c "$top_builddir/tests/real/cache" "${packages[@]}" perl
}

# native_program NAME: the host's build of a workload's program.
native_program() {
	case $1 in
	# pyenv and the like may shadow Debian's 3.11 on PATH.
	python3.11) [ -x /usr/bin/python3.11 ] && echo /usr/bin/python3.11 && return ;;
	esac
	command -v "$1"
}

# ---- the xz and sqlite inputs (generated, the same for every runner) ----
make_inputs() {
	xz_input=$work/xz-$xz_mb.txt
	bench_make_text "$xz_input" "$xz_mb" || return 1
	sql_input=$work/sqlite-$scale.sql
	{
		echo "CREATE TABLE param AS SELECT $((60000 * scale)) AS n;"
		cat "$srcdir/workloads/bench.sql"
	} >"$sql_input"
}

# ---- rows: what each runs and how its output is checked ----
# row_group ROW: kernels, workloads or startup.
row_group() {
	case " $kernels_cpu $kernels_cpu2 " in *" $1 "*) echo kernels && return ;; esac
	case " $kernels_fpsimd " in *" $1 "*) echo fpsimd && return ;; esac
	case " $workloads " in *" $1 "*) echo workloads && return ;; esac
	echo startup
}

# row_program ROW RUNNER: the program a row runs (empty when unavailable).
row_program() {
	local row=$1 runner=$2 name=""
	case $row in
	lua) name=lua5.4 ;;
	python) name=python3.11 ;;
	sqlite) name=sqlite3 ;;
	perl | xz) name=$row ;;
	esac
	if [ -z "$name" ]; then
		case " $kernels_cpu " in *" $row "*) name=cpu ;; *) name=cpu2 ;; esac
		case $row in fp.* | simd.*) name=${row%%.*} ;; esac
		[ "$runner" = native ] && echo "$work/$name-native" || echo "$work/$name-aarch64"
		return
	fi
	if [ "$runner" = native ]; then
		native_program "$name"
	elif [ -x "$SYSROOT/usr/bin/$name" ]; then
		echo "$SYSROOT/usr/bin/$name"
	fi
}

# xz_roundtrip PREFIX... PROGRAM: compress at -9 in one thread, then
# decompress; the two outputs are left in $work for the check.
# shellcheck disable=SC2317 # called through cmd=(xz_roundtrip ...)
xz_roundtrip() {
	"$@" -9 -T1 -c "$xz_input" >"$work/xz.out.xz" &&
		"$@" -dc "$work/xz.out.xz"
}

# set_command ROW RUNNER: cmd=(...) for one run of ROW under RUNNER, and
# bench_stdin; false when the runner cannot run the row here.
set_command() {
	local row=$1 runner=$2 prog prefix=()
	case $runner in
	qemu) read -r -a prefix <<<"$QEMU" ;;
	arx) read -r -a prefix <<<"$ARX" ;;
	base) read -r -a prefix <<<"$ARX_BASE" ;;
	esac
	bench_stdin=/dev/null
	case $row in
	static)
		prog=$bb_arm
		[ "$runner" = native ] && prog=$(command -v busybox)
		[ -n "$prog" ] || return 1
		cmd=("${prefix[@]}" "$prog" true)
		return 0
		;;
	dyntrue)
		[ "$runner" = native ] && cmd=(/bin/true) ||
			cmd=("${prefix[@]}" -L "$SYSROOT" "$SYSROOT/usr/bin/true")
		return 0
		;;
	esac
	prog=$(row_program "$row" "$runner")
	[ -n "$prog" ] && [ -x "$prog" ] || return 1
	[ "$runner" = native ] || [ "$(row_group "$row")" != workloads ] ||
		prefix+=(-L "$SYSROOT")
	case $row in
	lua) cmd=("${prefix[@]}" "$prog" "$srcdir/workloads/bench.lua" "$scale") ;;
	python) cmd=("${prefix[@]}" "$prog" "$srcdir/workloads/bench.py" "$scale") ;;
	perl) cmd=("${prefix[@]}" "$prog" "$srcdir/workloads/bench.pl" "$scale") ;;
	sqlite) cmd=("${prefix[@]}" "$prog") && bench_stdin=$sql_input ;;
	xz) cmd=(xz_roundtrip "${prefix[@]}" "$prog") ;;
	*) cmd=("${prefix[@]}" "$prog" "${row#*.}" "$(kernel_scale "$row")") ;;
	esac
}

# output_digest ROW: what must be the same for every runner, from the last
# run's output.
output_digest() {
	local out=$work/out
	case $1 in
	static | dyntrue) echo "empty=$([ -s "$out" ] && echo no || echo yes)" ;;
	xz)
		cmp -s "$out" "$xz_input" && echo -n "roundtrip=ok " || echo -n "roundtrip=BAD "
		sha256sum <"$work/xz.out.xz" | cut -c1-16
		;;
	lua | python | perl | sqlite) sha256sum <"$out" | cut -c1-16 ;;
	*) cat "$out" ;;
	esac
}

# ---- measuring ----
declare -A samples walls digest failed
status=0

# measure_once ROW RUNNER TIMED: one run (STARTS runs for start-up rows);
# appends the per-run CPU and wall seconds when TIMED=1.
measure_once() {
	local row=$1 runner=$2 timed=$3 repeat=1 cpu wall d
	[ "$(row_group "$row")" = startup ] && repeat=$starts
	set_command "$row" "$runner" || return 2
	if ! read -r cpu wall < <(bench_cpu_run "$work/out" "$repeat" "${cmd[@]}"); then
		echo "FAILED: $row under $runner: ${cmd[*]}:" >&2
		head -c 600 "$work/out.err" >&2
		failed[$row]=1
		return 1
	fi
	d=$(output_digest "$row")
	if [ -z "${digest[$row]:-}" ]; then
		digest[$row]=$d
	elif [ "$d" != "${digest[$row]}" ]; then
		echo "MISMATCH: $row under $runner: '$d', expected '${digest[$row]}'" >&2
		failed[$row]=1
		return 1
	fi
	[ "$timed" = 1 ] || return 0
	samples[$row,$runner]+="$(awk -v c="$cpu" -v n="$repeat" 'BEGIN { printf "%.6f", c / n }') "
	walls[$row,$runner]+="$(awk -v c="$wall" -v n="$repeat" 'BEGIN { printf "%.6f", c / n }') "
}

# measure_row ROW: warmup then timed runs, the runners interleaved so that
# a burst of load on the machine hits all of them alike.
measure_row() {
	local row=$1 r runner
	for ((r = 0; r < warmup + runs; r++)); do
		for runner in $active; do
			[ -z "${failed[$row]:-}" ] || return 1
			[ -z "${absent[$row,$runner]:-}" ] || continue
			measure_once "$row" "$runner" $((r >= warmup))
			case $? in
			1) status=1 && return 1 ;;
			2) absent[$row,$runner]=1 && echo "note: no $row for $runner" >&2 ;;
			esac
		done
	done
}

# ---- set up ----
declare -A absent
active=""
for runner in $runners; do
	case $runner in
	native) active+="native " ;;
	qemu | arx | base)
		prog=$QEMU
		[ "$runner" = arx ] && prog=$ARX
		[ "$runner" = base ] && prog=${ARX_BASE:-}
		if command -v "${prog%% *}" >/dev/null 2>&1; then
			active+="$runner "
		else
			echo "note: '${prog%% *}' not found, $runner column left empty" >&2
		fi
		;;
	esac
done

rows=""
for g in $groups; do
	case $g in
	kernels) rows+="$kernels_cpu $kernels_cpu2 " ;;
	workloads) rows+="$workloads " ;;
	startup) rows+="$startups " ;;
	fpsimd) rows+="$kernels_fpsimd " ;;
	esac
done
if [ -n "$only" ]; then
	picked=""
	for row in $rows; do
		case " $only " in *" $row "*) picked+="$row " ;; esac
	done
	rows=$picked
fi

build_kernels || { echo "cannot build the kernels" >&2; exit 1; }
case " $rows " in
*" fp."* | *" simd."*)
	build_fpsimd || { echo "cannot build fp_kernels.c/simd_kernels.c" >&2; exit 1; } ;;
esac
case " $rows " in
*" lua "* | *" python "* | *" perl "* | *" sqlite "* | *" xz "* | *" dyntrue "*)
	need_sysroot || { echo "cannot build $SYSROOT (see tools/mksysroot)" >&2; exit 1; }
	SYSROOT=$(cd "$SYSROOT" && pwd)
	;;
esac
make_inputs || exit 1
bb_arm=$(ls "$top_srcdir"/tests/busybox/cache/*/bin/busybox 2>/dev/null | head -n 1)
[ -n "$bb_arm" ] || echo "note: no arm64 busybox (run tests/busybox/run-busybox-tests.sh once): no static row" >&2

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
# Which arx: the tree's commit, "+" when it has uncommitted changes.
commit=$(git -C "$top_srcdir" rev-parse --short HEAD 2>/dev/null)
[ -z "$(git -C "$top_srcdir" status --porcelain --untracked-files=no 2>/dev/null)" ] ||
	commit+=+
for row in $rows; do
	echo "== $row" >&2
	measure_row "$row"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# ---- results ----
# stats ROW RUNNER: "MIN MEDIAN" CPU seconds, or nothing.
stats() {
	local s=${samples[$1,$2]:-}
	[ -n "$s" ] || return 0
	# shellcheck disable=SC2086 # a list of numbers
	bench_min_median $s
}

csv=$build/results.csv
json=$build/results.json
echo "row,group,runner,cpu_min_s,cpu_median_s,ok,cpu_samples_s,wall_samples_s" >"$csv"
{
	printf '{\n  "started": "%s", "scale": %s, "runs": %s, "warmup": %s,\n' \
		"$started" "$scale" "$runs" "$warmup"
	printf '  "xz_mb": %s, "starts": %s, "cores": %s, "commit": "%s",\n' "$xz_mb" \
		"$starts" "$(nproc)" "$commit"
	printf '  "load_before": "%s", "load_after": "%s",\n  "results": [' \
		"$load_before" "$load_after"
} >"$json"
sep=""
declare -A mins meds
for row in $rows; do
	ok=true
	[ -z "${failed[$row]:-}" ] || ok=false
	for runner in $active; do
		read -r lo med < <(stats "$row" "$runner")
		[ -n "${lo:-}" ] || [ "$ok" = false ] || continue
		mins[$row,$runner]=${lo:-}
		meds[$row,$runner]=${med:-}
		s=${samples[$row,$runner]:-}
		w=${walls[$row,$runner]:-}
		echo "$row,$(row_group "$row"),$runner,${lo:-},${med:-},$ok,${s% },${w% }" >>"$csv"
		printf '%s\n    {"row": "%s", "group": "%s", "runner": "%s", "ok": %s, "cpu_min_s": %s, "cpu_median_s": %s, "cpu_samples_s": [%s], "wall_samples_s": [%s]}' \
			"$sep" "$row" "$(row_group "$row")" "$runner" "$ok" "${lo:-null}" \
			"${med:-null}" "$(echo "${s% }" | tr ' ' ,)" "$(echo "${w% }" | tr ' ' ,)" >>"$json"
		sep=,
		lo="" med=""
	done
done
printf '\n  ]\n}\n' >>"$json"

# The table: CPU seconds (milliseconds per start for start-up rows).
echo
printf "scale=%s runs=%s warmup=%s xz=%sMB starts=%s cores=%s load before=%s after=%s\n" \
	"$scale" "$runs" "$warmup" "$xz_mb" "$starts" "$(nproc)" "$load_before" "$load_after"
printf "CPU time (user+sys), min / median of %s runs; qemu/arx and arx %%native from medians\n" "$runs"
# With the base runner, two more columns: its times and base/arx (above
# 1.00x the arx under test is faster than the base).
with_base=false
case " $active " in *" base "*) with_base=true ;; esac
header=$(printf "%-11s %-9s %-4s %15s %15s %15s %9s %10s" row group unit native qemu arx \
	qemu/arx "arx%nat")
[ "$with_base" = false ] || header+=$(printf " %15s %9s" base base/arx)
echo "$header"
declare -A ratios
for row in $rows; do
	g=$(row_group "$row")
	if [ -n "${failed[$row]:-}" ]; then
		printf "%-11s %-9s FAIL (output differs or a run failed, see above)\n" "$row" "$g"
		continue
	fi
	unit=s mult=1
	[ "$g" = startup ] && unit=ms mult=1000
	line=$(printf "%-11s %-9s %-4s" "$row" "$g" "$unit")
	for runner in native qemu arx; do
		line+=$(awk -v lo="${mins[$row,$runner]:-}" -v m="${meds[$row,$runner]:-}" -v k="$mult" \
			'BEGIN { if (m == "") printf " %15s", "-"; else printf " %7.3f/%7.3f", lo * k, m * k }')
	done
	q=${meds[$row,qemu]:-} a=${meds[$row,arx]:-} n=${meds[$row,native]:-}
	r=$(awk -v q="$q" -v a="$a" 'BEGIN { if (q != "" && a > 0) printf "%.2f", q / a }')
	f=$(awk -v n="$n" -v a="$a" 'BEGIN { if (n != "" && a > 0) printf "%.1f%%", 100 * n / a }')
	[ -n "$r" ] && ratios[$g]+="$r "
	rmin=$(awk -v q="${mins[$row,qemu]:-}" -v a="${mins[$row,arx]:-}" \
		'BEGIN { if (q != "" && a > 0) printf "%.2f", q / a }')
	[ -n "$rmin" ] && ratios[$g,min]+="$rmin "
	line+=$(printf " %9s %10s" "${r:--}${r:+x}" "${f:--}")
	if [ "$with_base" = true ]; then
		line+=$(awk -v lo="${mins[$row,base]:-}" -v m="${meds[$row,base]:-}" -v k="$mult" \
			'BEGIN { if (m == "") printf " %15s", "-"; else printf " %7.3f/%7.3f", lo * k, m * k }')
		b=$(awk -v b="${meds[$row,base]:-}" -v a="$a" 'BEGIN { if (b != "" && a > 0) printf "%.2f", b / a }')
		[ -n "$b" ] && ratios[$g,base]+="$b "
		line+=$(printf " %9s" "${b:--}${b:+x}")
	fi
	echo "$line"
done
echo
for g in kernels fpsimd workloads startup; do
	[ -n "${ratios[$g]:-}" ] || continue
	# shellcheck disable=SC2086 # lists of numbers
	printf "geomean qemu/arx %-9s %5sx (medians) %5sx (minimums) over %s rows\n" "$g" \
		"$(bench_geomean ${ratios[$g]})" "$(bench_geomean ${ratios[$g,min]})" \
		"$(echo ${ratios[$g]} | wc -w)"
	[ -n "${ratios[$g,base]:-}" ] || continue
	# shellcheck disable=SC2086 # a list of numbers
	printf "geomean base/arx %-9s %5sx (medians) over %s rows\n" "$g" \
		"$(bench_geomean ${ratios[$g,base]})" "$(echo ${ratios[$g,base]} | wc -w)"
done
echo "results: $json $csv"
exit $status
