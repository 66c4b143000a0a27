#!/bin/bash
# Short processes, the persistent cache's workloads (issue 19): dynamic
# /bin/true, a bash script starting 1,000 /usr/bin/true, gcc-12 -O2 -c of
# a generated 226-line C file, and an autoconf configure script (106
# checks, each compiling and linking with gcc) generated here. Each runs
# natively (the host's bash, true, configure with gcc; the Debian x86-64
# cross compiler of the same gcc for the compile), under arx with an empty
# cache (ARX_CACHE=off) and under arx with a warm one (filled by an untimed
# run first), in one session; wall times (the median of RUNS) and the
# ratios to native, also in BUILD_DIR/processes.json. qemu-aarch64 cannot
# run these: without a binfmt_misc handler their arm64 children fail.
#
# usage: run-processes.sh [-r RUNS] [BUILD_DIR]
#   RUNS       timed runs per workload and runner (default 3)
#   BUILD_DIR  default bench/build; the sysroot is BUILD_DIR/sysroot-real
#              (bench/real/setup.sh)
# environment: ARX (see bench/lib.sh), REAL_SYSROOT (the sysroot).
set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/lib.sh
. "$srcdir/lib.sh"
runs=3
bench_parse_options 13,17 r:runs -- "$@"
sysroot=${REAL_SYSROOT:-$build/sysroot-real}
work=$build/processes
ARX=$(command -v "$ARX") || { echo "arx not found: build it or set ARX" >&2 && exit 1; }
for need in usr/bin/bash usr/bin/true usr/bin/gcc-12 usr/bin/sed usr/bin/grep \
	usr/bin/dash usr/include/stdio.h; do
	[ -e "$sysroot/$need" ] || {
		echo "$sysroot lacks $need: run bench/real/setup.sh" >&2
		exit 1
	}
done
for tool in aarch64-linux-gnu-gcc-12 autoreconf; do
	command -v "$tool" >/dev/null || {
		echo "needs $tool on the host (gcc-12-aarch64-linux-gnu, autoconf)" >&2
		exit 1
	}
done
rm -rf "$work"
mkdir -p "$work/project" "$work/cache"
chmod 700 "$work/cache"

# ---- the inputs ----
awk 'BEGIN {
	print "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
	for (i = 0; i < 26; i++) {
		printf "static int f%d(const char *s, int n)\n{\n    int h = 0;\n", i
		printf "    for (int k = 0; k < n; k++) h = h * 31 + s[k] + %d;\n", i
		print "    return h ^ (h >> 7);\n}\n"
	}
	print "int main(int argc, char **argv)\n{\n    int t = 0;"
	for (i = 0; i < 26; i++)
		printf "    t += f%d(argv[0], (int)strlen(argv[0]));\n", i
	print "    printf(\"%d\\n\", t);\n    return 0;\n}"
}' >"$work/prog.c"
aarch64-linux-gnu-gcc-12 -E -o "$work/prog.i" "$work/prog.c"
# shellcheck disable=SC2016 # the script's own $i
printf 'i=0\nwhile [ $i -lt 1000 ]; do /usr/bin/true; i=$((i + 1)); done\n' \
	>"$work/loop.sh"
cp "$srcdir/processes.ac" "$work/project/configure.ac"
printf 'int main(void) { return 0; }\n' >"$work/project/main.c"
printf 'all:\n\t@echo ok\n' >"$work/project/Makefile.in"
(cd "$work/project" && autoreconf -fi >/dev/null 2>&1) || {
	echo "autoreconf failed in $work/project" >&2
	exit 1
}

# ---- the runners ----
arx_run() { # arx_run CACHE PROGRAM ARGS...
	ARX_CACHE=$1 "$ARX" -L "$sysroot" "${@:2}"
}
# workload NAME RUNNER: runs it once, in a fresh directory but for true
# (whose start-up would drown in making one).
workload() {
	local name=$1 runner=$2 dir
	if [ "$name" = true ]; then
		if [ "$runner" = native ]; then
			/bin/true
		else
			arx_run "$cache" "$sysroot/usr/bin/true"
		fi
		return
	fi
	dir=$(mktemp -d "$work/run.XXXXXX")
	cd "$dir" || exit 1
	case "$name:$runner" in
	loop:native) bash "$work/loop.sh" ;;
	loop:*) arx_run "$cache" "$sysroot/usr/bin/bash" "$work/loop.sh" ;;
	gcc:native) aarch64-linux-gnu-gcc-12 -O2 -c -o prog.o "$work/prog.i" ;;
	gcc:*) arx_run "$cache" "$sysroot/usr/bin/gcc-12" -O2 -c -o prog.o "$work/prog.i" ;;
	configure:native) "$work/project/configure" CC=gcc ;;
	configure:*) arx_run "$cache" "$sysroot/usr/bin/dash" "$work/project/configure" CC=gcc-12 ;;
	esac >"$dir/out" 2>&1
	local rc=$?
	cd "$work" || exit 1
	rm -rf "$dir"
	return $rc
}
# seconds NAME RUNNER: the median wall time of runs runs (true: of 100
# starts each, divided), or "failed".
seconds() {
	local name=$1 runner=$2 reps=1 i t
	local -a times=()
	[ "$name" = true ] && reps=100
	for ((i = 0; i < runs; i++)); do
		local start end ok=1
		start=$(date +%s%N)
		for ((k = 0; k < reps; k++)); do
			workload "$name" "$runner" || ok=0
		done
		end=$(date +%s%N)
		[ $ok = 1 ] || { echo failed && return; }
		times+=("$(((end - start) / reps))")
	done
	t=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
	awk -v ns="$t" 'BEGIN { printf "%.4f", ns / 1e9 }'
}

printf '%-10s %10s %10s %10s %10s %10s\n' workload "native s" "arx off s" \
	"arx warm s" "off/nat" "warm/nat"
json="["
for name in true loop gcc configure; do
	cache=off
	nat=$(seconds "$name" native)
	off=$(seconds "$name" arx)
	cache=$work/cache
	workload "$name" arx # fills the cache
	warm=$(seconds "$name" arx)
	ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else printf "-" }'; }
	printf '%-10s %10s %10s %10s %10s %10s\n' "$name" "$nat" "$off" "$warm" \
		"$(ratio "$off" "$nat")" "$(ratio "$warm" "$nat")"
	json+="{\"workload\":\"$name\",\"native\":\"$nat\",\"arx_off\":\"$off\",\"arx_warm\":\"$warm\"},"
done
echo "${json%,}]" >"$build/processes.json"
echo "wrote $build/processes.json"
