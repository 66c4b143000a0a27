#!/bin/bash
# Real Debian programs (bench/real/programs.sh: codecs, compressors,
# interpreters, sqlite, gcc, go, node, stockfish, openssl, stress-ng) on
# generated inputs, each run natively (the amd64 package), under qemu-aarch64
# and under arx (the arm64 package from a sysroot, -L) in one session: CPU
# time (user+sys) per run, outputs compared, a table with geometric means
# and results.json. Not part of make check: timings are not assertions.
#
# usage: run-real.sh [-r RUNS] [-w WARMUP] [-k "ROW..."] [-x "RUNNER..."]
#                    [-o JSON] [BUILD_DIR]
#   RUNS    timed runs per row and runner; the table shows the median
#           (default 3)
#   WARMUP  untimed (but checked) runs first (default 0)
#   ROW     only these rows, e.g. "flac gcc go" (default all)
#   RUNNER  native qemu arx (default all three)
#   JSON    where results.json goes (default BUILD_DIR/real/results.json)
#   BUILD_DIR  default bench/build: inputs in real/inputs/, runs in
#           real/runs/, the sysroot in sysroot-real/ (made by setup.sh when
#           missing)
# environment: ARX, QEMU (see bench/lib.sh), REAL_SYSROOT (the sysroot).

set -u

srcdir=$(cd "$(dirname "$0")/.." && pwd)
real=$srcdir/real
# shellcheck source=bench/lib.sh
. "$srcdir/lib.sh"
# shellcheck source=bench/real/programs.sh
. "$real/programs.sh"

runs=3
warmup=0
only=""
runners="native qemu arx"
json=""
bench_parse_options 9,21 r:runs w:warmup k:only x:runners o:json -- "$@"
build=$(cd "$build" && pwd)
json=${json:-$build/real/results.json}
in=$build/real/inputs
work=$build/real/runs
SYSROOT=${REAL_SYSROOT:-$build/sysroot-real}
# shellcheck disable=SC2034 # $src, $in: read by programs.sh's rows (eval)
src=$real
export LC_ALL=C TZ=UTC

# ---- inputs: generated once, the same bytes every time ----
make_inputs() {
	local stamp=$in/.done
	[ -f "$stamp" ] && return 0
	echo "generating inputs in $in" >&2
	mkdir -p "$in" &&
		/usr/bin/python3 "$real/inputs.py" "$in" &&
		head -c 1000000 "$in/words.txt" >"$in/text1.txt" &&
		head -c 2000000 "$in/words.txt" >"$in/text2.txt" &&
		cat "$in/words.txt" "$in/image.ppm" "$in/video.y4m" "$in/audio.wav" >"$in/blob.bin" &&
		cat "$in/words.txt" "$in/words.txt" "$in/words.txt" >"$in/words3.txt" &&
		flac -5 -s -f -o "$in/audio.flac" "$in/audio.wav" &&
		cjpeg -quality 95 -progressive -outfile "$in/image.jpg" "$in/image.ppm" &&
		xz -6 -T1 -c "$in/words.txt" >"$in/words.txt.xz" &&
		zstd -9 -T1 -q -c "$in/words3.txt" >"$in/words3.txt.zst" &&
		gzip -6 -n -c "$in/words3.txt" >"$in/words3.txt.gz" &&
		bzip2 -9 -c "$in/words.txt" >"$in/words.txt.bz2" &&
		brotli -q 6 -c "$in/words3.txt" >"$in/words3.txt.br" &&
		"$CC_AARCH64" -E -P "$srcdir/cpu2.c" >"$in/code.i" &&
		{
			echo "CREATE TABLE param AS SELECT 60000 AS n;"
			cat "$srcdir/workloads/bench.sql"
		} >"$in/bench.sql" &&
		touch "$stamp"
}

# ---- runners ----
# set_runner RUNNER: prefix=(...) the emulator and -L, and the variables
# programs.sh's rows use for children (wrap_gcc, toolexec, sysroot_prefix).
# shellcheck disable=SC2034 # the variables are read by eval'd rows
set_runner() {
	local emu
	prefix=()
	wrap_gcc=""
	toolexec=""
	sysroot_prefix=""
	case $1 in
	native) return 0 ;;
	qemu) emu=$QEMU ;;
	arx) emu=$ARX ;;
	esac
	read -r -a prefix <<<"$emu -L $SYSROOT"
	# gcc's driver and go's build start arm64 children (cc1, compile,
	# link): both runners start them through themselves, as qemu has no
	# other way without binfmt_misc, so the work is the same.
	wrap_gcc=$(tr ' ' , <<<"${prefix[*]}")
	toolexec=${prefix[*]}
	sysroot_prefix=$SYSROOT
}

# row_program ROW RUNNER: the program's path for that runner.
row_program() {
	if [ "$2" = native ]; then
		echo "${native_program[$1]:-${program[$1]}}"
	else
		echo "$SYSROOT${program[$1]}"
	fi
}

# set_command ROW RUNNER: cmd=(...) for one run, in the current directory.
set_command() {
	local row=$1 runner=$2 prog
	local -a argv=() envs=()
	set_runner "$runner"
	prog=$(row_program "$row" "$runner")
	eval "argv=(${args[$row]})"
	[ -z "${env_of[$row]:-}" ] || eval "envs=(${env_of[$row]})"
	[ "$runner" != native ] || [ -z "${native_env[$row]:-}" ] ||
		envs+=("${native_env[$row]}")
	cmd=("${prefix[@]}" "$prog" "${argv[@]}")
	[ ${#envs[@]} = 0 ] || cmd=(env "${envs[@]}" "${cmd[@]}")
	bench_stdin=/dev/null
	[ -z "${stdin_of[$row]:-}" ] || eval "bench_stdin=${stdin_of[$row]}"
}

# output_digest ROW DIR OUT: the row's stdout (or the lines keep[ROW]'s sed
# script picks from stdout and stderr) and every file it wrote, hashed.
output_digest() {
	local row=$1 dir=$2 out=$3 f
	if [ -n "${keep[$row]:-}" ]; then
		cat "$out" "$out.err" | sed -n "${keep[$row]}" | sha256sum | cut -c1-16
	else
		sha256sum <"$out" | cut -c1-16
	fi
	for f in "$dir"/*; do
		[ -f "$f" ] && echo "${f##*/}=$(sha256sum <"$f" | cut -c1-16)"
	done
}

declare -A samples digest state absent native_env

# note_state ROW RUNNER TEXT: the first problem of a row under a runner.
note_state() {
	[ -n "${state[$1,$2]:-}" ] || state[$1,$2]=$3
}

# measure_once ROW RUNNER TIMED: one run in a fresh directory; records the
# CPU seconds when TIMED=1 and the run succeeded.
measure_once() {
	local row=$1 runner=$2 timed=$3 dir=$work/$1.$2 out=$work/$1.$2.out
	local cpu d
	rm -rf "$dir" && mkdir -p "$dir" || return 1
	if ! read -r cpu _ < <(cd "$dir" && set_command "$row" "$runner" &&
		bench_cpu_run "$out" 1 "${cmd[@]}"); then
		(cd "$dir" && set_command "$row" "$runner" && echo "FAILED: $row under $runner: ${cmd[*]}") >&2
		tail -c 800 "$out.err" >&2
		note_state "$row" "$runner" failed
		return 1
	fi
	d=$(output_digest "$row" "$dir" "$out")
	digest[$row,$runner]=${digest[$row,$runner]:-$d}
	if [ "$d" != "${digest[$row,$runner]}" ]; then
		echo "MISMATCH: $row under $runner differs between its runs" >&2
		note_state "$row" "$runner" unstable
	fi
	[ "$timed" = 1 ] && samples[$row,$runner]+="$cpu "
	rm -rf "$dir"
}

# check_row ROW: compares the digests: all runners against native, or
# (check emu) arx against qemu.
check_row() {
	local row=$1 ref=native runner
	[ "${check[$row]}" = emu ] && ref=qemu
	[ -n "${digest[$row,$ref]:-}" ] || return 0
	for runner in $active; do
		if [ "$runner" = "$ref" ] || [ -z "${digest[$row,$runner]:-}" ]; then
			continue
		fi
		[ "${check[$row]}" = emu ] && [ "$runner" = native ] && continue
		if [ "${digest[$row,$runner]}" != "${digest[$row,$ref]}" ]; then
			echo "MISMATCH: $row under $runner differs from $ref:" >&2
			diff <(echo "${digest[$row,$ref]}") <(echo "${digest[$row,$runner]}") >&2
			note_state "$row" "$runner" "differs"
		fi
	done
}

# measure_row ROW: warmup then timed runs, runners interleaved per run.
measure_row() {
	local row=$1 r runner
	for runner in $active; do
		[ -x "$(row_program "$row" "$runner")" ] && continue
		absent[$row,$runner]=1
		echo "note: no $(row_program "$row" "$runner") for $row under $runner" >&2
	done
	for ((r = 0; r < warmup + runs; r++)); do
		for runner in $active; do
			if [ -n "${absent[$row,$runner]:-}" ] || [ -n "${state[$row,$runner]:-}" ]; then
				continue
			fi
			measure_once "$row" "$runner" $((r >= warmup))
		done
	done
	check_row "$row"
}

# median ROW RUNNER: the median CPU seconds, empty when not measured or
# not ok.
median() {
	[ -z "${state[$1,$2]:-}" ] && [ -n "${samples[$1,$2]:-}" ] || return 0
	# shellcheck disable=SC2086 # a list of numbers
	bench_min_median ${samples[$1,$2]} | cut -d' ' -f2
}

# ---- output ----
print_header() {
	printf "%-15s %9s %9s %9s %11s %9s  %s\n" program "native s" "qemu s" \
		"arx s" arx/native qemu/arx check
}

# cell ROW RUNNER: the median or what went wrong.
cell() {
	if [ -n "${absent[$1,$2]:-}" ] || [[ " $active " != *" $2 "* ]]; then
		echo -
	elif [ -n "${state[$1,$2]:-}" ]; then
		echo "${state[$1,$2]}"
	else
		printf "%.3f" "$(median "$1" "$2")"
	fi
}

ratios_an=() ratios_qa=() ratios_qn=()
print_row() {
	local row=$1 n q a note=ok runner
	n=$(median "$row" native) q=$(median "$row" qemu) a=$(median "$row" arx)
	[ "${check[$row]}" = emu ] && note="arx=qemu (${why[$row]})"
	for runner in $active; do
		[ -z "${state[$row,$runner]:-}" ] || note="FAIL ($runner ${state[$row,$runner]})"
	done
	[ -n "$n" ] && [ -n "$a" ] && ratios_an+=("$(awk -v a="$a" -v n="$n" 'BEGIN { print a / n }')")
	[ -n "$q" ] && [ -n "$a" ] && ratios_qa+=("$(awk -v a="$a" -v q="$q" 'BEGIN { print q / a }')")
	[ -n "$q" ] && [ -n "$n" ] && ratios_qn+=("$(awk -v q="$q" -v n="$n" 'BEGIN { print q / n }')")
	awk -v r="$row" -v cn="$(cell "$row" native)" -v cq="$(cell "$row" qemu)" \
		-v ca="$(cell "$row" arx)" -v n="$n" -v q="$q" -v a="$a" -v note="$note" 'BEGIN {
		printf "%-15s %9s %9s %9s %11s %9s  %s\n", r, cn, cq, ca,
			(a == "" || n == "") ? "-" : sprintf("%.2fx", a / n),
			(a == "" || q == "") ? "-" : sprintf("%.2fx", q / a), note
	}'
}

# json_list V...: [v1, v2, ...]
json_list() {
	local IFS=,
	echo "[$*]"
}

write_json() {
	local row runner first=1 m mn
	{
		printf '{\n  "started": "%s", "runs": %s, "warmup": %s, "cores": %s,\n' \
			"$started" "$runs" "$warmup" "$(nproc)"
		printf '  "commit": "%s", "load_before": "%s", "load_after": "%s",\n' \
			"$commit" "$load_before" "$(cut -d' ' -f1-3 /proc/loadavg)"
		printf '  "sysroot": "%s", "results": [\n' "$SYSROOT"
		for row in "${selected[@]}"; do
			for runner in $active; do
				[ -z "${absent[$row,$runner]:-}" ] || continue
				m=$(median "$row" "$runner")
				mn=""
				# shellcheck disable=SC2086 # a list of numbers
				[ -z "$m" ] || mn=$(bench_min_median ${samples[$row,$runner]} | cut -d' ' -f1)
				[ $first = 1 ] || printf ',\n'
				first=0
				# shellcheck disable=SC2086 # a list of numbers
				printf '    {"program": "%s", "runner": "%s", "check": "%s", "ok": %s, "state": "%s", "cpu_median_s": %s, "cpu_min_s": %s, "cpu_samples_s": %s}' \
					"$row" "$runner" "${check[$row]}" \
					"$([ -z "${state[$row,$runner]:-}" ] && echo true || echo false)" \
					"${state[$row,$runner]:-ok}" "${m:-null}" "${mn:-null}" \
					"$(json_list ${samples[$row,$runner]:-})"
			done
		done
		printf '\n  ],\n  "geomean": {"arx_over_native": "%s", "qemu_over_arx": "%s", "qemu_over_native": "%s"}\n}\n' \
			"$(bench_geomean "${ratios_an[@]}")" "$(bench_geomean "${ratios_qa[@]}")" \
			"$(bench_geomean "${ratios_qn[@]}")"
	} >"$json"
}

# ---- main ----
active=""
for runner in $runners; do
	case $runner in
	native) active+=" native" ;;
	qemu | arx)
		emu=$QEMU
		[ "$runner" = arx ] && emu=$ARX
		if command -v "${emu%% *}" >/dev/null 2>&1; then
			active+=" $runner"
		else
			echo "note: '$emu' not found, $runner column left empty" >&2
		fi
		;;
	*) echo "unknown runner $runner" >&2 && exit 2 ;;
	esac
done
if [[ "$active" == *" qemu"* || "$active" == *" arx"* ]] && [ ! -d "$SYSROOT/usr/bin" ]; then
	"$real/setup.sh" -s "$SYSROOT" "$build" || exit 1
fi
if [ -x "$build/native-node/usr/bin/node" ]; then
	native_program[node]=$build/native-node/usr/bin/node
	native_env[node]=LD_LIBRARY_PATH=$build/native-node/usr/lib/x86_64-linux-gnu
fi
make_inputs || exit 1
mkdir -p "$work" || exit 1

selected=()
for row in "${rows[@]}"; do
	[ -z "$only" ] || [[ " $only " == *" $row "* ]] && selected+=("$row")
done
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
commit=$(git -C "$top_srcdir" rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -z "$(git -C "$top_srcdir" status --porcelain 2>/dev/null)" ] || commit+=+
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "runs=$runs warmup=$warmup cores=$(nproc) load=$load_before runners:$active" >&2
for row in "${selected[@]}"; do
	echo "== $row" >&2
	measure_row "$row"
done

echo "real programs, $started, commit $commit, median CPU s (user+sys) of $runs runs"
print_header
status=0
for row in "${selected[@]}"; do
	print_row "$row"
	for runner in $active; do
		[ -z "${state[$row,$runner]:-}" ] || status=1
	done
done
# with_x GEOMEAN: "2.50x", or "-" when no row passed.
with_x() { [ "$1" = - ] && echo - || echo "${1}x"; }
printf "%-15s %9s %9s %9s %11s %9s  %s\n" geomean "" "" "" \
	"$(with_x "$(bench_geomean "${ratios_an[@]}")")" \
	"$(with_x "$(bench_geomean "${ratios_qa[@]}")")" \
	"qemu/native $(with_x "$(bench_geomean "${ratios_qn[@]}")"); ok rows only"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
write_json
echo "wrote $json" >&2
exit $status
