#!/bin/bash
# Runs bare-metal test images under an emulator and compares each one's
# serial output with tests/system/baremetal/<test>.expected.
#
# usage: run-baremetal.sh "EMULATOR COMMAND" IMAGE...
#   e.g. run-baremetal.sh "qemu-system-aarch64 -M virt -cpu cortex-a57
#        -nographic -nic none -m 128 -kernel" build/tests/system/baremetal/*.img
#   BM_TIMEOUT  seconds per image (default 30)
#   BM_INFO     1: also show the images' "info:" lines
# The image path is appended to the command, then "-smp N" when
# baremetal/<test>.smp holds N; its stdout is the guest's console. Lines
# starting with "info:" (counts and timings that vary from run to run) are
# left out of the comparison. Exits 0 when every image's output matches,
# 1 otherwise.
set -euo pipefail

emulator=${1:?usage: run-baremetal.sh \"EMULATOR COMMAND\" IMAGE...}
shift
[ $# -gt 0 ] || { echo "run-baremetal.sh: no images" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
failed=0
for image in "$@"; do
	name=$(basename "$image" .img)
	expected=$here/baremetal/$name.expected
	smp=()
	if [ -f "$here/baremetal/$name.smp" ]; then
		smp=(-smp "$(cat "$here/baremetal/$name.smp")")
	fi
	out=$(mktemp "${TMPDIR:-/tmp}/arx-bm.XXXXXX")
	start=$(date +%s%N)
	rc=0
	# $emulator is split into words on purpose: it is a command line.
	timeout "${BM_TIMEOUT:-30}" $emulator "$image" ${smp[@]+"${smp[@]}"} </dev/null \
		2>"$out.err" | tr -d '\r' >"$out.all" || rc=$?
	grep -v '^info:' "$out.all" >"$out" || true
	ms=$((($(date +%s%N) - start) / 1000000))
	if [ "$rc" -ne 0 ]; then
		echo "FAIL: $name (exit $rc after $ms ms)"
		failed=1
	elif ! diff -u "$expected" "$out" >"$out.diff"; then
		echo "FAIL: $name (output differs from $expected)"
		cat "$out.diff"
		failed=1
	else
		echo "PASS: $name ($ms ms)"
	fi
	if [ "$rc" -ne 0 ]; then
		tail -n 5 "$out.all" | sed 's/^/  last output: /'
		sed 's/^/  stderr: /' "$out.err" | head -5
	fi
	[ "${BM_INFO:-0}" != 1 ] || grep '^info:' "$out.all" | sed 's/^/  /' || true
	rm -f "$out" "$out.all" "$out.err" "$out.diff"
done
exit $failed
