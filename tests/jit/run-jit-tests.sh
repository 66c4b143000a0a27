#!/bin/bash
# Managed runtimes: LuaJIT, PyPy, node (worker_threads, WebAssembly),
# multithreaded and signal-driven JVM programs, Go (goroutines, timers,
# async preemption, `go build`) from an arm64 or armhf sysroot
# (tools/mksysroot) run under arx; stdout and exit status must match the
# host's native run of the same program JIT_REPEAT times in a row. Nothing
# may depend on the clock or on thread order.
#
# usage: run-jit-tests.sh
# environment:
#   ARX           emulator command (default "$top_builddir/arx")
#   JIT_SYSROOT   sysroot to build/use (default $top_builddir/tests/jit/sysroot)
#   JIT_CACHE     .deb and Go build cache (default $top_builddir/tests/jit/cache)
#   JIT_TESTS     "name1 name2": run only these cases
#   JIT_SLOW      if 1: add the slow cases (go build -a) and repeat 5 times
#   JIT_REPEAT    runs under arx per case (default 1, or 5 with JIT_SLOW=1)
#   JIT_QEMU      if 1: also run each case once under qemu-aarch64 (qemu-arm
#                 for armhf) and print both times
#   JIT_VERBOSE   if set, print the diff and stderr of a failing run
#   JIT_BINFMT_DIR  binfmt_misc directory (default /proc/sys/fs/binfmt_misc)
#   MKSYSROOT     sysroot builder (default $top_srcdir/tools/mksysroot)
#   JIT_ARCH      arm64 (default) or armhf: the same cases with Debian's
#                 armhf packages, 32-bit ARM programs (sysroot and cache
#                 default to sysroot-armhf and cache-armhf)
# Host programs: luajit, pypy3 (or python3), node, javac and java, go; a case
# whose host program is missing is skipped. Exits 77 (SKIP) when the guest's
# packages cannot be had.

# The case bodies below run in a fresh bash (bash -c) with an empty
# environment; they read EMU (the emulator command, split on purpose), SYSROOT,
# SRC and BUILT from it, and run_fn calls them by name.
# shellcheck disable=SC2016,SC2086,SC2153,SC2317
set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$srcdir/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
JIT_ARCH=${JIT_ARCH:-arm64}
case $JIT_ARCH in
arm64) suffix= ;;
armhf) suffix=-armhf ;;
*)
	echo "ERROR: JIT_ARCH is arm64 or armhf" >&2
	exit 99
	;;
esac
SYSROOT=${JIT_SYSROOT:-$top_builddir/tests/jit/sysroot$suffix}
CACHE=${JIT_CACHE:-$top_builddir/tests/jit/cache$suffix}
MKSYSROOT=${MKSYSROOT:-$top_srcdir/tools/mksysroot}
SLOW=${JIT_SLOW:-0}
if [ "$SLOW" = 1 ]; then
	REPEAT=${JIT_REPEAT:-5}
else
	REPEAT=${JIT_REPEAT:-1}
fi
QEMU=${JIT_QEMU:-0}
PACKAGES=(luajit pypy3 nodejs openjdk-17-jre-headless golang-go)
JAVA_HOME_GUEST=/usr/lib/jvm/java-17-openjdk-arm64
GOROOT_GUEST=/usr/lib/go-1.19
# The guest's GOARCH (and GOARM) for the host-built go-async, and its qemu.
GUEST_GOARCH=arm64
GUEST_GOARM=
QEMU_GUEST=qemu-aarch64
if [ "$JIT_ARCH" = armhf ]; then
	JAVA_HOME_GUEST=/usr/lib/jvm/java-17-openjdk-armhf
	GUEST_GOARCH=arm
	GUEST_GOARM=7
	QEMU_GUEST=qemu-arm
fi
SYSROOT_ARCH=$JIT_ARCH

. "$top_srcdir/tests/lib/arm64-sysroot.sh"

arm64_setup jit "${PACKAGES[@]}"
CACHE=$(cd "$CACHE" && pwd)
# A binfmt_misc entry for the guest's ELFs would run the children that `go
# build` execs (compile, link) through qemu.
guard_binfmt "${JIT_BINFMT_DIR:-/proc/sys/fs/binfmt_misc}" "$SYSROOT/usr/bin/luajit" -v

selected() {
	[ -z "${JIT_TESTS:-}" ] && return 0
	case " $JIT_TESTS " in *" $1 "*) return 0 ;; esac
	return 1
}

# ---- host-side builds: Java classes and the Go program for both arches ----
BUILT=$work/built
mkdir -p "$BUILT" "$work/home"
have_java=0
if command -v javac >/dev/null && command -v java >/dev/null &&
	javac -d "$BUILT/java" "$srcdir/Concurrent.java" "$srcdir/Signals.java" 2>"$work/javac.err"; then
	have_java=1
fi
have_go=0
if command -v go >/dev/null; then
	go_ok=1
	for arch in "$GUEST_GOARCH" amd64; do
		(cd "$srcdir/go-async" && GOCACHE=$CACHE/go-build GOPATH=$work/gopath \
			GOFLAGS=-mod=mod CGO_ENABLED=0 GOARCH=$arch GOARM=$GUEST_GOARM \
			go build -o "$BUILT/goasync-$arch" .) 2>>"$work/go.err" || go_ok=0
	done
	[ "$go_ok" = 1 ] && have_go=1
fi
host_pypy=$(command -v pypy3 || command -v python3)

# ---- cases: guest_NAME runs under $EMU, host_NAME natively, both in a
# fresh empty directory with stdout captured ----
guest_luajit() { $EMU "$SYSROOT/usr/bin/luajit" "$SRC/hot.lua"; }
host_luajit() { luajit "$SRC/hot.lua"; }

guest_pypy() { $EMU "$SYSROOT/usr/bin/pypy3" "$SRC/hot.py"; }
host_pypy() { "$HOST_PYPY" "$SRC/hot.py"; }

guest_node_workers() { $EMU "$SYSROOT/usr/bin/node" "$SRC/workers.js"; }
host_node_workers() { node "$SRC/workers.js"; }
guest_node_wasm() { $EMU "$SYSROOT/usr/bin/node" "$SRC/wasm.js"; }
host_node_wasm() { node "$SRC/wasm.js"; }

guest_java() {
	$EMU "$SYSROOT$JAVA_HOME_GUEST/bin/java" -cp "$BUILT/java" Concurrent
}
host_java() { java -cp "$BUILT/java" Concurrent; }
guest_java_signals() {
	$EMU "$SYSROOT$JAVA_HOME_GUEST/bin/java" -cp "$BUILT/java" Signals
}
host_java_signals() { java -cp "$BUILT/java" Signals; }

guest_go_async() { $EMU "$BUILT/goasync-$GUEST_GOARCH"; }
host_go_async() { "$BUILT/goasync-amd64"; }

# go_build_and_run FLAG...: go build under the emulator (go execs compile
# and link, children of the guest's arch), then the binary it made, under the emulator too.
go_build_and_run() {
	cp "$SRC"/go-async/* . &&
		GOROOT=$SYSROOT$GOROOT_GUEST GOCACHE=$PWD/cache GOPATH=$PWD/gopath \
			GOFLAGS=-mod=mod CGO_ENABLED=0 \
			$EMU "$SYSROOT$GOROOT_GUEST/bin/go" build "$@" -o gobin . &&
		$EMU ./gobin
}
guest_go_build() { go_build_and_run; }
host_go_build() { "$BUILT/goasync-amd64"; }
# -a rebuilds the standard library from source: minutes under arx.
guest_go_build_all() { go_build_and_run -a; }
host_go_build_all() { "$BUILT/goasync-amd64"; }

# run_env: the environment both sides get, fixed so outputs are comparable.
run_env() {
	env -i PATH=/usr/bin:/bin LC_ALL=C TZ=UTC HOME="$work/home" \
		PYTHONHASHSEED=0 SYSROOT="$SYSROOT" SRC="$srcdir" BUILT="$BUILT" \
		HOST_PYPY="$host_pypy" JAVA_HOME_GUEST="$JAVA_HOME_GUEST" \
		GOROOT_GUEST="$GOROOT_GUEST" GUEST_GOARCH="$GUEST_GOARCH" "$@"
}

# run_fn FN EMU TIMEOUT OUT: runs case function FN in a fresh directory;
# prints its wall time in seconds, returns its status.
run_fn() {
	local fn=$1 emu=$2 limit=$3 out=$4 t0 t1 st
	rm -rf "$work/run" && mkdir "$work/run" || return 99
	t0=$(date +%s.%N)
	(cd "$work/run" && run_env EMU="$emu" timeout -k 10 "$limit" \
		bash -c "$(declare -f go_build_and_run "$fn"); $fn" >"$out" 2>"$out.err")
	st=$?
	t1=$(date +%s.%N)
	echo "$t0 $t1" | awk '{ printf "%.1f", $2 - $1 }'
	return $st
}

pass=0
fail=0
skip=0
failed=()
results=()

# check_run LABEL STATUS OUT: compares one emulated run with the host's.
check_run() {
	local label=$1 st=$2 out=$3
	if [ "$st" = 124 ] || [ "$st" = 137 ]; then
		echo "  $label: timeout (hang?)"
	elif [ "$st" = "$hs" ] && cmp -s "$out" "$work/h.out"; then
		return 0
	else
		echo "  $label: status $st, host $hs$(cmp -s "$out" "$work/h.out" || echo ', output differs')"
	fi
	if [ -n "${JIT_VERBOSE:-}" ]; then
		diff "$work/h.out" "$out" | head -n 20
		tail -c 2000 "$out.err"
	fi
	return 1
}

# run_case NAME TIMEOUT [children]: the host run once, then JIT_REPEAT runs
# under arx (stopping at the first failure), then one under qemu with
# JIT_QEMU=1.
run_case() {
	local name=$1 limit=$2 children=${3:-} fn=${1//-/_} i st t times=() ok=1
	local qtime=-
	selected "$name" || return 0
	if [ -n "$children" ] && [ -n "$no_children" ]; then
		echo "SKIP: $name (execs children)"
		skip=$((skip + 1))
		return 0
	fi
	run_fn "host_$fn" "" "$limit" "$work/h.out" >/dev/null
	hs=$?
	if [ "$hs" != 0 ]; then
		echo "FAIL: $name (the host's run gave status $hs: test bug?)"
		head -c 1000 "$work/h.out.err"
		fail=$((fail + 1))
		failed+=("$name")
		return 0
	fi
	for ((i = 1; i <= REPEAT; i++)); do
		t=$(run_fn "guest_$fn" "$ARX -L $SYSROOT" "$limit" "$work/g.out")
		st=$?
		times+=("$t")
		if ! check_run "arx run $i/$REPEAT (${t}s)" "$st" "$work/g.out"; then
			ok=0
			break
		fi
	done
	# qemu-user runs the children a guest program execs only through
	# binfmt_misc, which is off here.
	if [ "$QEMU" = 1 ] && [ -n "$children" ]; then
		qtime="n/a"
	elif [ "$QEMU" = 1 ]; then
		qtime=$(run_fn "guest_$fn" "$QEMU_GUEST -L $SYSROOT" "$limit" "$work/q.out")s
		st=$?
		check_run "qemu" "$st" "$work/q.out" || qtime="$qtime(failed)"
	fi
	if [ "$ok" = 1 ]; then
		echo "PASS: $name (arx ${times[*]}s; qemu $qtime)"
		pass=$((pass + 1))
	else
		echo "FAIL: $name"
		fail=$((fail + 1))
		failed+=("$name")
	fi
	results+=("$(printf '%-14s %-4s arx %-24s qemu %s' "$name" \
		"$([ "$ok" = 1 ] && echo pass || echo FAIL)" "${times[*]}" "$qtime")")
}

skip_case() {
	selected "$1" || return 0
	echo "SKIP: $1 ($2)"
	skip=$((skip + 1))
}

if command -v luajit >/dev/null; then
	run_case luajit 120
else
	skip_case luajit "no host luajit"
fi
run_case pypy 180
if command -v node >/dev/null; then
	run_case node-workers 240
	run_case node-wasm 120
else
	skip_case node-workers "no host node"
	skip_case node-wasm "no host node"
fi
if [ "$have_java" = 1 ]; then
	run_case java 300
	run_case java-signals 300
else
	skip_case java "no host javac/java: $(head -c 200 "$work/javac.err" 2>/dev/null)"
	skip_case java-signals "no host javac/java"
fi
if [ "$have_go" = 1 ]; then
	run_case go-async 60
	run_case go-build 300 children
	if [ "$SLOW" = 1 ]; then
		run_case go-build-all 1200 children
	fi
else
	skip_case go-async "no host go: $(head -c 200 "$work/go.err" 2>/dev/null)"
	skip_case go-build "no host go"
fi

printf '%s\n' "${results[@]}"
echo "$pass passed, $fail failed, $skip skipped ($(($(date +%s) - start))s)"
[ "$fail" -eq 0 ] || {
	echo "failed: ${failed[*]}"
	exit 1
}
exit 0
