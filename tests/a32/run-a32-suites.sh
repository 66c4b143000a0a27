#!/bin/bash
# make check entry of the per-group armhf suites of tests/a32 (loads,
# stores and branches, NEON, VFP, signal frames, the EABI syscall layer),
# each comparing arx with qemu-arm (or with the x86-64 build). Exits 77
# (SKIP) without arm-linux-gnueabihf-gcc or qemu-arm, 1 when any suite
# fails.
set -u

top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
export top_srcdir top_builddir ARX

for tool in arm-linux-gnueabihf-gcc qemu-arm; do
	command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: no $tool"; exit 77; }
done

failed=0
# run NAME COMMAND...: one suite, PASS/FAIL by its exit status.
run() {
	local name=$1 rc=0
	shift
	echo "== $name"
	"$@" || rc=$?
	if [ "$rc" = 0 ]; then
		echo "PASS: $name"
	else
		echo "FAIL: $name (exit $rc)"
		failed=1
	fi
}

run ldst "$top_srcdir/tests/a32/ldst/run.sh" "$ARX" "$top_srcdir/tests/a32/ldst"
run neon "$top_srcdir/tests/a32/neon/run.sh" "$ARX"
run vfp "$top_srcdir/tests/a32/vfp/run.sh" "$top_srcdir" "$top_builddir"
run sig "$top_srcdir/tests/a32/sig/run-sig-tests.sh"
run sys "$top_srcdir/tests/a32/sys/run-sys-tests.sh" "$ARX"
exit $failed
