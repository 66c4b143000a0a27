#!/bin/bash
# Differential guest tests: builds every tests/guest/NAME.c for aarch64
# (static, plus static-pie and -O0 variants for a few) and for the host, runs
# the aarch64 build under the emulator and the host build natively, and
# compares stdout bytes and exit status. It must not judge stderr or timing.
#
# usage: run-guest-tests.sh [BUILD_DIR]   (default $top_builddir/tests/guest/build)
# environment:
#   ARX          emulator command (default "$top_builddir/arx"; may carry
#                options, e.g. ARX="qemu-aarch64 -cpu max")
#   CC_AARCH64   aarch64 cross compiler (default aarch64-linux-gnu-gcc)
#   CC_HOST      host compiler (default cc)
#   GUEST_TESTS  optional space-separated subset of test names to run
#   top_builddir where arx was built (default: two levels above this script)

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$srcdir/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
CC_HOST=${CC_HOST:-cc}
BUILD_DIR=${1:-$top_builddir/tests/guest/build}
TIMEOUT=60

# Floating-point contraction is off so that a*b+c is never fused into FMA on
# one architecture only; fma() is still tested explicitly.
COMMON_CFLAGS="-std=gnu11 -ffp-contract=off -w"

# Variants beyond the default -O2 static build (different code shapes).
PIE_TESTS="control_flow funcptr malloc_patterns strfuncs heap_brk"
# -O3 variants: GCC vectorises their loops, exercising Advanced SIMD.
O3_TESTS="memops bigsort crc32 hashtable arith_wrap int_edge float_arith strfuncs vec_int vec_float vec_interleave"
# Dynamically linked variants run with the cross toolchain's sysroot.
DYN_TESTS="printf_float mathlib strfuncs fileio envargs sort_search threads heap_brk"
SYSROOT_AARCH64=${SYSROOT_AARCH64:-/usr/aarch64-linux-gnu}
O0_TESTS="int_edge arith_wrap float_arith structval variadic chararith"
# Built with return addresses signed (PACIASP ... RETAA): pointer
# authentication on every call, setjmp/longjmp and signal handlers.
PACRET_TESTS=${PACRET_TESTS:-"control_flow funcptr recursion interp threads sig_fault linkedlist atomic_counters"}
PACRET_FLAGS="-O2 -static -march=armv8.3-a -mbranch-protection=pac-ret+leaf"
# Run only under -L with a root that mirrors the host paths they name (and
# holds the aarch64 build where the native one lies): the guest must see
# the same paths as the native run, never the sysroot's.
ROOT_TESTS="sysroot_paths"
# Loops in many shapes: run again with the second tier on (-d region:
# hot loops translated again as regions), the same bytes expected;
# loop_regions must also have made regions (-d stats counts the heads).
REGION_TESTS="loop_regions bigsort hashtable interp control_flow crc32 sig_fault sig_fault_flags"
REGION_MIN_HOT=6

# Fixed argv and environment handed to both builds.
ARGS=("first" "two words" "" "sym=b@ls*?" "--flag")
ENV_VARS=(GT_ALPHA=one "GT_BETA=two words" GT_GAMMA=3 GT_EMPTY=)

if ! command -v "$CC_AARCH64" >/dev/null 2>&1; then
	echo "SKIP: aarch64 cross compiler '$CC_AARCH64' not found"
	exit 77
fi
arx_prog=${ARX%% *}
if ! command -v "$arx_prog" >/dev/null 2>&1; then
	echo "ERROR: emulator '$arx_prog' not found (set ARX or build arx first)" >&2
	exit 99
fi

mkdir -p "$BUILD_DIR"/native "$BUILD_DIR"/aarch64 "$BUILD_DIR"/aarch64-pie \
	"$BUILD_DIR"/aarch64-O0 "$BUILD_DIR"/aarch64-dyn "$BUILD_DIR"/aarch64-O3 \
	"$BUILD_DIR"/aarch64-pacret ||
	exit 99
# Without links, so /proc/self/exe and AT_EXECFN agree in ROOT_TESTS.
BUILD_DIR=$(cd "$BUILD_DIR" && pwd -P) || exit 99
work=$(mktemp -d "${TMPDIR:-/tmp}/arx-guest.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

pass=0
fail=0

# build OUT SRC CC FLAGS...: compiles when OUT is missing or stale.
build() {
	local out=$1 src=$2 cc=$3
	shift 3
	if [ -x "$out" ] && [ "$out" -nt "$src" ] && [ "$out" -nt "$0" ]; then
		return 0
	fi
	# A source may ask for flags of its own: /* guest-cflags: ... */
	local extra
	extra=$(sed -n 's|^/\* guest-cflags: \(.*\) \*/$|\1|p' "$src")
	# shellcheck disable=SC2086 # COMMON_CFLAGS and extra are word lists
	"$cc" $COMMON_CFLAGS "$@" $extra -o "$out" "$src" -lm -pthread >"$work/cc.log" 2>&1
}

# run_one OUT_PREFIX CMD...: runs in a fresh directory, records stdout and
# the exit status in OUT_PREFIX.out / OUT_PREFIX.rc.
run_one() {
	local prefix=$1 input=$2
	shift 2
	local dir
	dir=$(mktemp -d "$work/cwd.XXXXXX")
	(cd "$dir" && env "${ENV_VARS[@]}" timeout "$TIMEOUT" "$@" "${ARGS[@]}") \
		<"$input" >"$prefix.out" 2>"$prefix.err"
	echo $? >"$prefix.rc"
	rm -rf "$dir"
}

report() {
	local name=$1 ok=$2
	if [ "$ok" = 1 ]; then
		echo "PASS: $name"
		pass=$((pass + 1))
	else
		echo "FAIL: $name"
		fail=$((fail + 1))
	fi
}

# compare NAME: native results in $work/native.*, guest in $work/guest.*
compare() {
	local name=$1 nrc grc
	nrc=$(cat "$work/native.rc")
	grc=$(cat "$work/guest.rc")
	if [ "$nrc" = "$grc" ] && cmp -s "$work/native.out" "$work/guest.out"; then
		report "$name" 1
		return
	fi
	report "$name" 0
	local note=""
	[ "$grc" = 124 ] && note=" (guest timed out after ${TIMEOUT}s)"
	echo "  exit status: native=$nrc guest=$grc$note"
	diff -u --label native --label guest "$work/native.out" "$work/guest.out" | head -n 40
	if [ -s "$work/guest.err" ]; then
		echo "  guest stderr (last 5 lines):"
		tail -n 5 "$work/guest.err" | sed 's/^/    /'
	fi
}

# check_regions NAME: the run's -d stats made at least REGION_MIN_HOT
# loop heads into regions (a region bug cannot hide behind none made).
check_regions() {
	local hot
	hot=$(sed -n 's/^stats: \([0-9]*\) hot loop heads.*/\1/p' "$work/stats.log" 2>/dev/null)
	if [ "${hot:-0}" -ge "$REGION_MIN_HOT" ]; then
		report "$1-made" 1
		return
	fi
	report "$1-made" 0
	echo "  -d stats: ${hot:-no} hot loop heads, expected at least $REGION_MIN_HOT"
}

# mirror_root ROOT BIN NATIVE: a sysroot holding /var, /usr/bin, /usr/lib,
# /lib and /bin as the host has them (a link keeps its text) and BIN at the
# path NATIVE; prints the host path of that copy. It also has the first
# directory of its own path (/tmp), as a sysroot under /home has /home.
mirror_root() {
	local root=$1 bin=$2 native=$3 d first=${1#/}
	rm -rf "$root"
	mkdir -p "$root/var" "$root/usr/bin" "$root/usr/lib" "$root${native%/*}" \
		"$root/${first%%/*}" || return 1
	for d in lib bin; do
		if [ -L "/$d" ]; then
			ln -s "$(readlink "/$d")" "$root/$d"
		else
			mkdir -p "$root/$d"
		fi
	done
	cp "$bin" "$root$native" && echo "$root$native"
}

contains() {
	case " $1 " in *" $2 "*) return 0 ;; esac
	return 1
}

tests=()
for src in "$srcdir"/*.c; do
	name=$(basename "$src" .c)
	if [ -n "${GUEST_TESTS:-}" ] && ! contains "$GUEST_TESTS" "$name"; then
		continue
	fi
	tests+=("$name")
done

for name in "${tests[@]}"; do
	src=$srcdir/$name.c
	input=/dev/null
	[ -f "$srcdir/$name.stdin" ] && input=$srcdir/$name.stdin

	if ! build "$BUILD_DIR/native/$name" "$src" "$CC_HOST" -O2; then
		report "$name" 0
		echo "  native build failed:"
		head -n 20 "$work/cc.log"
		continue
	fi
	run_one "$work/native" "$input" "$BUILD_DIR/native/$name"

	variants=("$name|aarch64|-O2 -static")
	contains "$PIE_TESTS" "$name" &&
		variants+=("$name-pie|aarch64-pie|-O2 -static-pie")
	contains "$O0_TESTS" "$name" &&
		variants+=("$name-O0|aarch64-O0|-O0 -static")
	contains "$O3_TESTS" "$name" &&
		variants+=("$name-O3|aarch64-O3|-O3 -static")
	contains "$PACRET_TESTS" "$name" &&
		variants+=("$name-pacret|aarch64-pacret|$PACRET_FLAGS")
	contains "$DYN_TESTS" "$name" && [ -d "$SYSROOT_AARCH64/lib" ] &&
		variants+=("$name-dyn|aarch64-dyn|-O2|-L $SYSROOT_AARCH64")
	contains "$REGION_TESTS" "$name" &&
		variants+=("$name-region|aarch64|-O2 -static|-d region")
	[ "$name" = loop_regions ] &&
		variants+=("$name-regions|aarch64|-O2 -static|-d region,stats -D $work/stats.log")
	contains "$ROOT_TESTS" "$name" &&
		variants=("$name-root|aarch64|-O2 -static|-L $work/root")
	for v in "${variants[@]}"; do
		IFS='|' read -r tname sub flags arx_opts <<<"$v"
		bin=$BUILD_DIR/$sub/$name
		# shellcheck disable=SC2086 # flags are a word list on purpose
		if ! build "$bin" "$src" "$CC_AARCH64" $flags; then
			report "$tname" 0
			echo "  aarch64 build failed:"
			head -n 20 "$work/cc.log"
			continue
		fi
		run_bin=$bin
		if [ "$tname" = "$name-root" ] &&
			! run_bin=$(mirror_root "$work/root" "$bin" "$BUILD_DIR/native/$name"); then
			report "$tname" 0
			echo "  cannot build the mirror root"
			continue
		fi
		rm -f "$work/stats.log"
		# shellcheck disable=SC2086 # ARX may carry options
		run_one "$work/guest" "$input" $ARX $arx_opts "$run_bin"
		compare "$tname"
		[ "$tname" = loop_regions-regions ] && check_regions "$tname"
	done
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
