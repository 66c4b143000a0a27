#!/bin/bash
# Real Debian programs: builds an arm64 sysroot (tools/mksysroot) holding
# coreutils, bash, xz, gzip, pigz, sqlite3, lua5.4, python3.11 and dpkg, runs
# each under arx and the host's x86-64 build of the same program natively, and
# compares stdout and exit status. OpenJDK 17 and Ruby 3.1, when they can be
# had, run under arx alone against fixed expected output. Children the guest execs must be run by arx
# itself, so an arm64 binfmt_misc handler (qemu) is disabled for the run or
# the cases that exec children are skipped. It must not depend on the clock,
# the locale or directory order.
#
# usage: run-real-tests.sh
# environment:
#   ARX           emulator command (default "$top_builddir/arx")
#   REAL_SYSROOT  sysroot to build/use (default $top_builddir/tests/real/sysroot)
#   REAL_CACHE    .deb cache (default $top_builddir/tests/real/cache)
#   REAL_TESTS    "name1 name2": run only these cases
#   REAL_VERBOSE  if set, print the diff of a failing case
#   REAL_NO_OPTIONAL  if set, do not fetch the optional packages (Java, Ruby)
#   REAL_BINFMT_DIR  binfmt_misc directory (default /proc/sys/fs/binfmt_misc;
#                 a mock one tests the guard)
#   REAL_ARCH     arm64 (default) or armhf: the same cases with Debian's
#                 armhf packages (32-bit ARM; no optional packages)
# Exits 77 (SKIP) when the arm64 packages cannot be had.

# The bash -c scripts below are single-quoted on purpose: the guest shell
# expands them, not this one.
# shellcheck disable=SC2016
set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$srcdir/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
REAL_ARCH=${REAL_ARCH:-arm64}
case $REAL_ARCH in
arm64) sysroot_default=$top_builddir/tests/real/sysroot ;;
armhf) sysroot_default=$top_builddir/tests/real/sysroot-armhf ;;
*)
	echo "ERROR: REAL_ARCH is arm64 or armhf" >&2
	exit 99
	;;
esac
SYSROOT=${REAL_SYSROOT:-$sysroot_default}
CACHE=${REAL_CACHE:-$top_builddir/tests/real/cache}
TIMEOUT=120
PACKAGES=(coreutils bash xz-utils gzip pigz sqlite3 lua5.4 python3.11 dpkg openssl)
# Large and optional: their cases skip when these cannot be had (or
# REAL_NO_OPTIONAL is set); the rest still runs.
OPTIONAL_PACKAGES=(openjdk-17-jre-headless ruby3.1)
JAVA=/usr/lib/jvm/java-17-openjdk-arm64/bin/java
MKSYSROOT=$top_srcdir/tools/mksysroot
SYSROOT_ARCH=$REAL_ARCH
. "$top_srcdir/tests/lib/arm64-sysroot.sh"

# What the guest's platform.machine() says: the kernel's uname -m.
guest_machine=aarch64
if [ "$REAL_ARCH" = armhf ]; then
	guest_machine=armv8l
	OPTIONAL_PACKAGES=()
	REAL_NO_OPTIONAL=1
	# A C compile inside the root: gcc, cc1, as and ld all armhf.
	PACKAGES+=(gcc-12 libc6-dev)
fi

if [ -z "${REAL_NO_OPTIONAL:-}" ]; then
	if "$MKSYSROOT" -q -o "$SYSROOT" -c "$CACHE" "${PACKAGES[@]}" \
		"${OPTIONAL_PACKAGES[@]}" 2>/dev/null; then
		PACKAGES+=("${OPTIONAL_PACKAGES[@]}")
	else
		echo "note: ${OPTIONAL_PACKAGES[*]} cannot be had; their cases skip"
	fi
fi
arm64_setup real "${PACKAGES[@]}"
guard_binfmt "${REAL_BINFMT_DIR:-/proc/sys/fs/binfmt_misc}" "$SYSROOT/usr/bin/true"

# host_path PROG: the host's build of PROG.
host_path() {
	if [ -x "/usr/bin/$1" ]; then
		echo "/usr/bin/$1"
	else
		command -v "$1"
	fi
}

selected() {
	[ -z "${REAL_TESTS:-}" ] && return 0
	case " $REAL_TESTS " in *" $1 "*) return 0 ;; esac
	return 1
}

pass=0
fail=0
skip=0
failed=()
# Per-case knobs, reset after each case: stdin file, whether the case execs
# children (skipped without a trustworthy exec path), the exit status the
# host must give (so a script broken on both sides cannot pass), the
# time limit of each side.
case_in=/dev/null
case_children=0
case_want=""
case_glob=0
case_timeout=$TIMEOUT

reset_knobs() {
	case_in=/dev/null
	case_children=0
	case_want=""
	case_glob=0
	case_timeout=$TIMEOUT
}

# run_env: the environment both sides get, fixed so outputs are comparable.
run_env() {
	env -i PATH=/usr/bin:/bin LC_ALL=C TZ=UTC HOME="$work" \
		PYTHONHASHSEED=0 SOURCE_DATE_EPOCH=1577836800 "$@"
}

# run_case NAME PROG ARG...: PROG from the sysroot under arx and the host's
# PROG, each in a fresh copy of the fixture directory; stdout and exit
# status must match.
run_case() {
	local name=$1 prog=$2 host gs hs
	shift 2
	selected "$name" || {
		reset_knobs
		return 0
	}
	host=$(host_path "$prog")
	if [ -z "$host" ]; then
		echo "SKIP: $name (no host $prog)"
		skip=$((skip + 1))
	elif [ "$case_children" = 1 ] && [ -n "$no_children" ]; then
		echo "SKIP: $name (execs children)"
		skip=$((skip + 1))
	else
		rm -rf "$work/g" "$work/h"
		cp -a "$work/fixture" "$work/g" && cp -a "$work/fixture" "$work/h"
		# $ARX may carry options: split on purpose.
		# shellcheck disable=SC2086
		(cd "$work/g" && run_env timeout "$case_timeout" $ARX -L "$SYSROOT" \
			"$SYSROOT/usr/bin/$prog" "$@" <"$case_in" >"$work/g.out" 2>"$work/g.err")
		gs=$?
		(cd "$work/h" && run_env timeout "$case_timeout" "$host" "$@" \
			<"$case_in" >"$work/h.out" 2>"$work/h.err")
		hs=$?
		if [ -n "$case_want" ] && [ "$hs" != "$case_want" ]; then
			echo "FAIL: $name (the host's run gave status $hs, not $case_want: test bug?)"
			fail=$((fail + 1))
			failed+=("$name")
		elif [ "$gs" = "$hs" ] && cmp -s "$work/g.out" "$work/h.out"; then
			echo "PASS: $name"
			pass=$((pass + 1))
		else
			echo "FAIL: $name (status arx $gs, host $hs)"
			fail=$((fail + 1))
			failed+=("$name")
			if [ -n "${REAL_VERBOSE:-}" ]; then
				diff <(od -c "$work/h.out" | head -n 40) \
					<(od -c "$work/g.out" | head -n 40) | head -n 20
				head -c 2000 "$work/g.err"
			fi
		fi
	fi
	reset_knobs
}

# run_expect NAME WANT PROG ARG...: for programs the host may lack, PROG
# (a path inside the sysroot) runs under arx alone; its stdout must be
# WANT (or match it as a bash pattern after case_glob=1) and its status 0. Skips when an optional package left PROG out.
run_expect() {
	local name=$1 want=$2 prog=$3 gs got
	shift 3
	selected "$name" || {
		reset_knobs
		return 0
	}
	if [ ! -x "$SYSROOT$prog" ]; then
		echo "SKIP: $name (${prog##*/} is not in the sysroot)"
		skip=$((skip + 1))
	elif [ "$case_children" = 1 ] && [ -n "$no_children" ]; then
		echo "SKIP: $name (execs children)"
		skip=$((skip + 1))
	else
		rm -rf "$work/g"
		cp -a "$work/fixture" "$work/g"
		# shellcheck disable=SC2086 # $ARX may carry options
		(cd "$work/g" && run_env timeout "$TIMEOUT" $ARX -L "$SYSROOT" \
			"$SYSROOT$prog" "$@" <"$case_in" >"$work/g.out" 2>"$work/g.err")
		gs=$?
		got=$(cat "$work/g.out")
		# shellcheck disable=SC2053 # WANT is a pattern on purpose
		if [ "$gs" = 0 ] && { [ "$got" = "$want" ] ||
			{ [ "$case_glob" = 1 ] && [[ $got == $want ]]; }; }; then
			echo "PASS: $name"
			pass=$((pass + 1))
		else
			echo "FAIL: $name (status $gs)"
			fail=$((fail + 1))
			failed+=("$name")
			if [ -n "${REAL_VERBOSE:-}" ]; then
				diff <(echo "$want") "$work/g.out" | head -n 20
				head -c 2000 "$work/g.err"
			fi
		fi
	fi
	reset_knobs
}

# shellcheck source=tests/real/fixture.sh
. "$srcdir/fixture.sh"
make_fixture "$work/fixture"
in=$work/fixture

# ---- coreutils ----
run_case ls ls -la --time-style=+%Y-%m-%d.%H:%M .
run_case ls-R ls -R1 docs
run_case sort sort -n nums.txt
run_case sort-k sort -k2,2nr -k1,1 table.txt
run_case wc wc words.txt nums.txt table.txt
run_case cut cut -d' ' -f1,3 table.txt
case_in=$in/words.txt
run_case tr tr a-z A-Z
run_case seq seq -w 0 7 100
run_case seq-float seq 0.5 0.25 3
run_case sha256sum sha256sum data.bin words.txt
run_case md5sum md5sum data.bin nums.txt
run_case od od -A x -t x1z -N 96 data.bin
run_case date date -d @0 -u '+%Y-%m-%d %H:%M:%S %A %j %s'
run_case date-iso date -u -d '2021-03-04 05:06:07' --iso-8601=seconds
run_case stat stat --printf '%n %s %a %F %Y %h\n' fixed.txt docs
run_case head head -n 3 words.txt
run_case tail tail -c 40 table.txt
case_in=$in/words.txt
run_case sort-uniq bash -c 'sort | uniq -c'
run_case uniq uniq -d sorted.txt
run_case join join left.txt right.txt
run_case expr expr 7 \* 6 + 12345678901 / 3
run_case expr-false expr 0 + 0
run_case printf printf '%5d|%-6s|%x|%o|%.3f|%e|%q\n' 42 ab 255 8 3.14159 12345.678 'a b'
run_case factor factor 1234567 600851475143 97
run_case false false

# ---- bash ----
case_want=3
run_case bash-script bash script.sh
run_case bash-arith bash -c 'echo $(( (7 ** 5) % 1000 )) $(( -17 / 5 )) $(( 1 << 40 )) $((16#ff))'
run_case bash-heredoc bash -c 'cat <<EOF | tr a-z A-Z
line one $((1 + 1))
line two
EOF'
case_children=1
run_case bash-pipeline bash -c 'ls | sort -r | head -n 3; seq 1 20 | paste -sd+; seq 20 | tac | tr "\n" " " | wc -c'
case_children=1
case_want=0
run_case bash-children bash -c 'bash -c "echo child \$((6 * 7)); exit 3"; echo status $?; x=$(ls docs | wc -l); echo "$x entries"; (cd docs && pwd | sed "s|.*/||"); exec echo exec-done'
case_children=1
case_want=5
run_case bash-exit bash -c 'sh_status() { /bin/false; }; sh_status; echo $?; exit 5'

# 1,000 short-lived arm64 children: each /bin/true is an execve of an arm64
# ELF that only arx can run.
case_children=1
t0=$(date +%s.%N)
case_want=0
# About 2,000 arx starts: 52 s on a quiet 2-core VM, 142 s with the
# machine loaded four times over; the limit is for hangs.
case_timeout=600
run_case bash-1000-children bash -c 'n=0; s=0
for i in $(seq 1000); do /bin/true || exit 1; n=$((n + 1)); s=$((s + $(echo $i))); done
echo "$n children, sum $s"'
t1=$(date +%s.%N)
selected bash-1000-children && [ -z "$no_children" ] &&
	echo "      (1000 children in $(echo "$t0 $t1" | awk '{ printf "%.1f", $2 - $1 }')s)"

# ---- xz and gzip ----
run_case xz-compress xz -6 -c data.bin
run_case xz-compress-9e xz -9e -c words.txt
case_in=$in/data.xz
run_case xz-decompress xz -dc
run_case xz-list xz --robot -l data.xz
case_children=1
case_want=0
run_case xz-roundtrip bash -c 'xz -3 -c data.bin > r.xz && xz -dc r.xz | sha256sum && sha256sum < data.bin && xz -t r.xz && echo ok'
run_case gzip-compress gzip -6 -n -c data.bin
run_case gzip-compress-9 gzip -9 -n -c data.bin
case_in=$in/data.gz
run_case gzip-decompress gzip -dc
case_children=1
case_want=0
run_case gzip-roundtrip bash -c 'gzip -1 -n < data.bin > r.gz && gzip -dc r.gz | md5sum && md5sum < data.bin && gzip -l r.gz'

# ---- pigz and xz with two threads ----
# Each guest thread must be a host thread and the outputs must not depend on
# which finishes first: pigz -p 2 writes the same bytes as -p 1 (it cuts the
# input into fixed blocks), and xz -T2 the same for a given block size. -b 32
# gives pigz 32 blocks of the 1 MB file, --block-size=256KiB xz four.
run_case pigz-p2 pigz -p 2 -c data.bin
case_in=$in/data.bin
run_case pigz-p2-blocks pigz -p 2 -b 32 -9 -c
case_in=$in/data.gz
run_case pigz-decompress pigz -dc
case_children=1
case_want=0
run_case pigz-roundtrip bash -c 'pigz -p 2 -b 64 -k data.bin && ls -l --time-style=+%s data.bin.gz &&
pigz -p 2 -dc data.bin.gz | sha256sum && sha256sum < data.bin && pigz -t data.bin.gz && echo ok'
# -T0 and the memory limits come from the CPU count and RAM arx reports.
# A 32-bit xz caps its memory use below 4 GiB: the host's figures differ.
[ "$REAL_ARCH" = armhf ] || run_case xz-info xz --robot --info-memory
run_case xz-T2 xz -T2 --block-size=256KiB -c data.bin
case_in=$in/data-mt.xz
run_case xz-T2-decompress xz -T2 -dc
case_children=1
case_want=0
run_case xz-T2-roundtrip bash -c 'xz -T2 -3 --block-size=200KiB -c data.bin > r.xz &&
xz -T2 -dc r.xz | sha256sum && sha256sum < data.bin && xz -T2 -t r.xz &&
xz --robot -l r.xz | cut -f1-5 && echo ok'

# ---- sqlite3 ----
case_want=0
case_in=$in/query.sql
run_case sqlite3 sqlite3 -batch test.db
run_case sqlite3-memory sqlite3 :memory: 'select printf("%.10f %e %g", 1.0/3, 6.02214076e23, 2.5e-7), 1e300*1e10, sqrt(2), round(2.675, 2), 9223372036854775807 + 0, hex(zeroblob(2)), abs(-7) % 3;'

# ---- lua5.4 ----
case_want=4
run_case lua lua5.4 script.lua
case_want=4
case_in=$in/script.lua
run_case lua-stdin lua5.4 -

# ---- python3.11 ----
case_want=6
run_case python python3.11 script.py
case_children=1
case_want=1
run_case python-subprocess python3.11 -c 'import subprocess, sys
r = subprocess.run(["/bin/echo", "from", "echo"], capture_output=True, text=True)
print(repr(r.stdout), r.returncode)
r = subprocess.run(["/usr/bin/expr", "2", "+", "3"], stdout=subprocess.PIPE)
print(r.stdout, r.returncode)
sys.exit(subprocess.call(["/bin/false"]))'

# ---- dpkg ----
case_children=1
case_want=0
run_case dpkg-deb-build bash -c 'dpkg-deb --root-owner-group -Zxz --build pkg hello.deb &&
dpkg-deb -c hello.deb && dpkg-deb -I hello.deb && dpkg-deb -f hello.deb Package Version &&
dpkg-deb -x hello.deb out && cat out/usr/share/doc/hello/README && sha256sum hello.deb'
case_children=1
run_case dpkg-deb-contents dpkg-deb -c hello-host.deb
case_children=1
run_case dpkg-deb-info dpkg-deb -I hello-host.deb

# ---- a C compile inside the armhf root (gcc-12 runs cc1, as, collect2
# and ld, each an armhf program under arx), the result run too ----
if [ "$REAL_ARCH" = armhf ]; then
	case_children=1
	run_case gcc-compile bash -c 'printf "%s\n" "#include <stdio.h>" \
"#include <math.h>" \
"int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }" \
"int main(void) { printf(\"fib %d sqrt %.6f\\n\", fib(24), sqrt(2.0)); return 3; }" >t.c &&
gcc-12 -O2 -Wall t.c -o t -lm && ./t; echo "exit $?"'
fi

# ---- paths under -L: directories in the sysroot are not links ----
# readlink and realpath walk each component; pwd asks getcwd after a chdir
# into the sysroot's copy. The host (merged /usr or not) must agree.
run_case readlink-f readlink -f /var /usr/bin /lib /bin/../lib /usr/lib/../bin
run_case realpath realpath -e /var /usr/lib /lib/. /usr/bin/..
case_children=1
case_want=0
run_case pwd-in-sysroot bash -c 'cd /usr/lib && pwd && pwd -P && /bin/pwd && cd .. && /bin/pwd && readlink /proc/self/cwd'
# A link outside the sysroot whose text is a guest path (a venv's python)
# runs the sysroot's program, not the host's.
case_children=1
run_expect exec-guest-link "$guest_machine True
$guest_machine True" /usr/bin/bash -c 'ln -s /usr/bin/python3.11 py &&
./py -c "import platform, sys; print(platform.machine(), sys.prefix == sys.base_prefix)" &&
python3.11 -m venv --without-pip v &&
v/bin/python -c "import platform, sys; print(platform.machine(), sys.prefix != sys.base_prefix)"'

# ---- OpenJDK 17 and Ruby 3.1 (optional packages) ----
# The JVM writes code, takes SIGSEGV for null checks and safepoints and
# runs many threads; Java finds its home with realpath, Ruby checks every
# file it requires with realpath.
case_glob=1
run_expect java-version 'openjdk 17*OpenJDK 64-Bit Server VM*' $JAVA --version
threads_want='counter=160000 buckets=160000 size=160100 keys=0..99'
# The source launcher compiles in the guest JVM (jdk.compiler): slow, but
# the hardest start-up; the class the host's javac made starts faster.
run_expect java-source "$threads_want" $JAVA Threads.java
if [ -f "$in/Threads.class" ]; then
	run_expect java-class "$threads_want" $JAVA -cp . Threads
else
	echo "SKIP: java-class (no host javac)"
	skip=$((skip + 1))
fi
run_expect ruby "$(cat "$in/ruby.want")" /usr/bin/ruby3.1 script.rb

# FP, SIMD and crypto through real programs (openssl, python).
# shellcheck source=tests/real/cases-fp.sh
. "$srcdir/cases-fp.sh"

echo "$pass passed, $fail failed, $skip skipped ($(($(date +%s) - start))s)"
[ "$fail" -eq 0 ] || {
	echo "failed: ${failed[*]}"
	exit 1
}
exit 0
