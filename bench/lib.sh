# shellcheck shell=bash
# Shared by the bench/run-*.sh scripts (sourced, not run): the tools'
# defaults, which runners exist, the command line for each, and the plain
# timing loop. The caller sets srcdir before sourcing, and native, guest,
# scale and runs before calling the functions.

top_srcdir=$(cd "${srcdir:?}/.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
# Runs translate, as qemu does, unless ARX_CACHE says otherwise: the
# persistent cache (on by default) would turn later runs into loads.
export ARX_CACHE=${ARX_CACHE:-off}
QEMU=${QEMU:-qemu-aarch64}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
CC_HOST=${CC_HOST:-cc}

# bench_parse_options LINES L:VAR... -- ARGS...: parses the options -L
# VALUE of ARGS into the variable VAR, for each L:VAR pair; -h or a bad
# option prints lines LINES (a sed range such as 7,13) of the script's
# header comment and exits 2. Then sets build (the first operand, default
# the script's build/ directory) and creates it.
bench_parse_options() {
	local lines=$1 spec="" opt OPTIND=1
	local -A var_of=()
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		var_of[${1%%:*}]=${1#*:}
		spec+="${1%%:*}:"
		shift
	done
	shift # the --
	while getopts "${spec}h" opt; do
		case $opt in
		h | "?")
			sed -n "s/^# \{0,1\}//; ${lines}p" "$0"
			exit 2
			;;
		*) printf -v "${var_of[$opt]}" '%s' "$OPTARG" ;;
		esac
	done
	shift $((OPTIND - 1))
	build=${1:-$srcdir/build}
	mkdir -p "$build" || exit 1
}

# bench_make_text FILE MB: writes MB megabytes of log-like text to FILE
# unless it is there already: repetitive enough to compress, varied enough
# that a match finder works, the same bytes every time.
bench_make_text() {
	local file=$1 mb=$2
	[ -s "$file" ] && return 0
	awk -v n="$((mb * 1000000 / 13))" 'BEGIN {
		x = 12345
		for (i = 0; i < n; i++) {
			x = (x * 1103 + 12345) % 1048576
			printf "%07d %s\n", x, substr("the quick brown fox jumps over", x % 23 + 1, x % 7 + 1)
		}
	}' >"$file"
}

# names[i], prefixes[i]: native, then qemu and arx when installed.
bench_find_runners() {
	names=(native)
	prefixes=("")
	if command -v "${QEMU%% *}" >/dev/null 2>&1; then
		names+=(qemu)
		prefixes+=("$QEMU ")
	else
		echo "note: '$QEMU' not found, qemu column left empty" >&2
	fi
	if command -v "${ARX%% *}" >/dev/null 2>&1; then
		names+=(arx)
		prefixes+=("$ARX ")
	else
		echo "note: '$ARX' not found (build arx or set ARX), arx column left empty" >&2
	fi
}

# command_for RUNNER_INDEX WHAT: the full command line as one string.
command_for() {
	local i=$1 what=$2 bin=$guest
	[ "${names[$i]}" = native ] && bin=$native
	echo "${prefixes[$i]}$bin $what $scale"
}

# time_loop CMD: mean wall seconds over $runs runs after one warmup.
time_loop() {
	local cmd=$1 t0 t1 total=0 r
	# shellcheck disable=SC2086 # CMD is a word list on purpose
	$cmd >/dev/null 2>&1
	for ((r = 0; r < runs; r++)); do
		t0=$(date +%s.%N)
		# shellcheck disable=SC2086
		$cmd >/dev/null 2>&1
		t1=$(date +%s.%N)
		total=$(awk -v a="$total" -v b="$t0" -v c="$t1" 'BEGIN { print a + c - b }')
	done
	awk -v t="$total" -v n="$runs" 'BEGIN { printf "%.4f\n", t / n }'
}

# use_hyperfine=1 when hyperfine is installed and NO_HYPERFINE is unset.
bench_pick_timer() {
	use_hyperfine=0
	if [ -z "${NO_HYPERFINE:-}" ] && command -v hyperfine >/dev/null 2>&1; then
		use_hyperfine=1
	fi
}

# ---- CPU-time measurement (bench/run-suite.sh) ----

# bench_cpu_run OUT REPEAT CMD...: runs CMD (a program or a shell function)
# REPEAT times in a subshell, stdin from $bench_stdin (default /dev/null),
# stdout to OUT (rewritten each time), stderr to OUT.err (and OUT.times
# for the shell's own use); prints
# "CPU_SECONDS WALL_SECONDS" for all REPEAT runs together. CPU is user+sys
# of every process CMD started and waited for, all their threads included,
# read with bash's `times` (getrusage RUSAGE_CHILDREN, millisecond
# resolution), so the shell's own work and other load on the machine are not
# counted. Returns non-zero when a run fails.
bench_cpu_run() {
	local out=$1 repeat=$2
	shift 2
	(
		start=$EPOCHREALTIME
		for ((n = 0; n < repeat; n++)); do
			"$@" <"${bench_stdin:-/dev/null}" >"$out" 2>"$out.err" || exit 1
		done
		end=$EPOCHREALTIME
		# The second line of `times` is the children's "user sys". Not
		# `times | awk`: a pipeline would run it in a fresh subshell.
		times >"$out.times"
		awk -v s="$start" -v e="$end" 'NR == 2 {
			split($1, u, /[ms]/); split($2, k, /[ms]/)
			printf "%.4f %.4f\n", u[1] * 60 + u[2] + k[1] * 60 + k[2], e - s
		}' "$out.times"
	)
}

# bench_min_median V...: prints "MIN MEDIAN" of the numbers.
bench_min_median() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) exit 1
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.6f %.6f\n", v[1], m
	}'
}

# bench_geomean V...: geometric mean of positive numbers ("-" for none).
bench_geomean() {
	printf '%s\n' "$@" | awk '$1 > 0 { s += log($1); n++ }
		END { if (n) printf "%.2f\n", exp(s / n); else print "-" }'
}

# bench_kernel KEY JSON: checks that every runner prints what the native
# build prints for "KEY $scale", then times KEY on each runner into
# mean[KEY,runner] (seconds; hyperfine's mean into JSON, else time_loop)
# and sets mean[KEY,ok] to 1, or to 0 (returning 1) on a mismatch or a
# failed run. The caller declares the associative array mean.
bench_kernel() {
	local k=$1 json=$2 expect got cmd i m
	local -a args=()
	mean[$k,ok]=0
	expect=$("$native" "$k" "$scale" 2>&1)
	for i in "${!names[@]}"; do
		cmd=$(command_for "$i" "$k")
		# shellcheck disable=SC2086 # cmd is a word list on purpose
		got=$($cmd 2>&1)
		if [ "$got" != "$expect" ]; then
			echo "MISMATCH: $k under ${names[$i]}: got '$got', expected '$expect'" >&2
			return 1
		fi
	done
	if [ "$use_hyperfine" = 1 ]; then
		for i in "${!names[@]}"; do
			args+=(-n "${names[$i]}" "$(command_for "$i" "$k")")
		done
		hyperfine -N --warmup 1 --runs "$runs" --export-json "$json" \
			--style basic "${args[@]}" >/dev/null 2>&1 || return 1
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
	mean[$k,ok]=1
}

# bench_table_header FIRST_COLUMN, then bench_table_row NAME for each row
# of mean[]: native, qemu and arx seconds, arx/native, qemu/arx.
bench_table_header() {
	printf "%-8s %9s %9s %9s %11s %9s\n" "$1" "native s" "qemu s" "arx s" \
		arx/native qemu/arx
}

bench_table_row() {
	local k=$1
	if [ "${mean[$k,ok]:-0}" != 1 ]; then
		printf "%-8s %s\n" "$k" "output mismatch or run failure (see above)"
		return
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
}
