#!/bin/bash
# armhf signal and kuser tests: builds every tests/a32/sig/NAME.c static
# for A32 (-marm) and T32 (-mthumb), runs each under arx and compares its
# stdout and exit status 0 with NAME.expected (the x86-64 build's output
# for portable tests, else qemu-arm's; see each file's header).
#
# usage: run-sig-tests.sh [BUILD_DIR]   environment: ARX (emulator command,
# default $top_builddir/arx), CC_ARM (default arm-linux-gnueabihf-gcc),
# SIG_TESTS (subset of names), top_builddir.

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$srcdir/../../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
CC_ARM=${CC_ARM:-arm-linux-gnueabihf-gcc}
BUILD_DIR=${1:-$top_builddir/tests/a32/sig/build}
TIMEOUT=60

if ! command -v "$CC_ARM" >/dev/null 2>&1; then
	echo "SKIP: arm cross compiler '$CC_ARM' not found"
	exit 77
fi
mkdir -p "$BUILD_DIR" || exit 99
tests=${SIG_TESTS:-$(cd "$srcdir" && ls ./*.c | sed 's|^\./||; s|\.c$||')}
pass=0
fail=0
for name in $tests; do
	for isa in marm mthumb; do
		exe=$BUILD_DIR/$name.$isa
		if ! [ "$exe" -nt "$srcdir/$name.c" ]; then
			# A source may name its own flags: /* sig-cflags: ... */
			flags=$(sed -n 's|^/\* sig-cflags: \(.*\) \*/$|\1|p' \
				"$srcdir/$name.c")
			# shellcheck disable=SC2086 # flags is a word list
			"$CC_ARM" -static -w -"$isa" ${flags:--O2 -pthread} \
				-o "$exe" "$srcdir/$name.c" || {
				echo "FAIL: $name ($isa): does not build"
				fail=$((fail + 1))
				continue
			}
		fi
		# shellcheck disable=SC2086 # ARX may carry options
		out=$(timeout "$TIMEOUT" $ARX "$exe" 2>/dev/null)
		rc=$?
		if [ $rc -eq 0 ] && [ "$out" == "$(cat "$srcdir/$name.expected")" ]; then
			echo "PASS: $name ($isa)"
			pass=$((pass + 1))
		else
			echo "FAIL: $name ($isa): exit $rc"
			diff <(echo "$out") "$srcdir/$name.expected" | head -20
			fail=$((fail + 1))
		fi
	done
done
echo "a32 sig tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
