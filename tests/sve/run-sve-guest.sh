#!/bin/bash
# SVE-autovectorised guest programs: tests/guest sources built with
# -O3 -march=armv8.2-a+sve (static: glibc then picks its SVE string
# functions too) run under arx -cpu max,+sve at vector lengths 128, 256
# and 512 bits; each output must equal the native x86-64 -O3 build's.
# Then the SVE2 variant: -march=armv9-a under -cpu max,+sve,+sve2
# (skipped with a reason when the cross compiler lacks armv9-a).
#
# usage: run-sve-guest.sh
# environment: ARX (default "$top_builddir/arx"), CC_AARCH64 (default
# aarch64-linux-gnu-gcc), CC_HOST (default cc), SVE_TESTS, SVE2_TESTS;
# without the cross compiler the script skips (status 77).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${top_srcdir:-$(cd "$here/../.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
CC_HOST=${CC_HOST:-cc}
# The tests/guest programs whose output does not depend on the kernel or
# the process (proc_*, sig_*, sys_*... compare with their own
# expectations in run-guest-tests.sh). Not vec_interleave: its complex
# multiply becomes FCMLA even under -ffp-contract=off, fused where the
# native build rounds twice (arx prints qemu's bytes).
TESTS=${SVE_TESTS:-"memops bigsort crc32 hashtable arith_wrap int_edge float_arith strfuncs vec_int vec_float sve_loops sve_partition sve_tails vec_arith vec_indexed control_flow ctype_test fp_compare fp_round fp_special fp_fenv funcptr interp linkedlist malloc_patterns mathlib printf_float printf_int recursion roundtrip sort_search structval variadic vec_string"}
# The armv9-a builds (SVE2 instructions where GCC finds a use).
SVE2_TESTS=${SVE2_TESTS:-"$TESTS chararith"}
LENGTHS="128 256 512"
CFLAGS="-std=gnu11 -ffp-contract=off -w -O3"

if ! command -v "$CC_AARCH64" >/dev/null 2>&1; then
	echo "SKIP: aarch64 cross compiler '$CC_AARCH64' not found"
	exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/arx-sve.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

# run_variant MARCH CPU TESTS: each program built -march=MARCH, run with
# -cpu CPU at each length, against the native build.
run_variant() {
	march=$1
	cpu=$2
	tests=$3
	for t in $tests; do
		src=$top_srcdir/tests/guest/$t.c
		# shellcheck disable=SC2086 # CFLAGS is a word list
		if ! "$CC_AARCH64" $CFLAGS -march="$march" -static -o "$work/$t.sve" \
			"$src" -lm -pthread 2>"$work/cc.log" ||
			! "$CC_HOST" $CFLAGS -o "$work/$t.native" "$src" -lm -pthread \
				2>>"$work/cc.log"; then
			echo "FAIL: $t ($march: does not compile)"
			cat "$work/cc.log"
			fail=$((fail + 1))
			continue
		fi
		(cd "$work" && timeout 60 "./$t.native" one "two words") \
			</dev/null >"$work/$t.want" 2>/dev/null
		want_rc=$?
		for vl in $LENGTHS; do
			(cd "$work" && timeout 60 "$ARX" -cpu "$cpu" -sve-vl "$vl" \
				"./$t.sve" one "two words") </dev/null >"$work/$t.got" \
				2>"$work/$t.err"
			rc=$?
			if [ "$rc" = "$want_rc" ] && cmp -s "$work/$t.want" "$work/$t.got"; then
				echo "PASS: $t ($march, VL $vl)"
				pass=$((pass + 1))
			else
				echo "FAIL: $t ($march, VL $vl: exit $rc, native $want_rc)"
				diff -u "$work/$t.want" "$work/$t.got" | head -20
				tail -3 "$work/$t.err"
				fail=$((fail + 1))
			fi
		done
	done
}

pass=0
fail=0
run_variant armv8.2-a+sve max,+sve "$TESTS"
if echo 'int main(void) { return 0; }' |
	"$CC_AARCH64" -x c -march=armv9-a -o /dev/null - 2>/dev/null; then
	run_variant armv9-a max,+sve,+sve2 "$SVE2_TESTS"
else
	echo "SKIP: the SVE2 variant ($CC_AARCH64 does not take -march=armv9-a)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
