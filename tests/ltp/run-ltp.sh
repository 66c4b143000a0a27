#!/bin/bash
# Runs the Linux Test Project's syscall tests (see build-ltp.sh) under an
# aarch64 emulator, each in fresh pid, mount, ipc, uts and net namespaces so a
# misbehaving test cannot disturb the machine, and classifies each by its LTP
# result. Not part of `make check`: LTP is not in Debian's archive.
#
# usage: run-ltp.sh [-r arx|qemu] [-j JOBS] [-t TIMEOUT] [-o RESULTS] [TAG...]
#   -r  the emulator: arx ($ARX, default ./arx) or qemu ($QEMU, default
#       qemu-aarch64)                                      (default arx)
#   -j  tests run at once                                  (default 2)
#   -t  seconds before a test is killed with its namespace (default 360)
#   -o  results file, one "tag class exit seconds" line per test
#   TAG only these tests (default: every line of runtest/syscalls)
# environment:
#   LTP_DIR     the install prefix build-ltp.sh filled (required)
#   LTP_MUST_PASS  a file of tags that must pass; the run fails (exit 1) when
#               one of them does not (default: must-pass.txt beside this
#               script when the runner is arx, none for qemu)
#   LTP_TIMEOUT_MUL  LTP's own timeout multiplier (default 4: emulation)
# Classes: pass, tconf (LTP says not applicable here), fail (TFAIL or TWARN),
# broken (TBROK, or killed by a signal), timeout, missing (not built).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
runner=arx
jobs=2
limit=360
results=
while getopts "r:j:t:o:" opt; do
	case $opt in
	r) runner=$OPTARG ;;
	j) jobs=$OPTARG ;;
	t) limit=$OPTARG ;;
	o) results=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))

: "${LTP_DIR:?set LTP_DIR to the prefix build-ltp.sh installed into}"
LTP_DIR=$(cd "$LTP_DIR" && pwd)
case $runner in
arx) emulator=$(readlink -f "${ARX:-$top/arx}") ;;
qemu) emulator=$(command -v "${QEMU:-qemu-aarch64}") ;;
*) echo "run-ltp.sh: unknown runner $runner" >&2; exit 2 ;;
esac
[ -x "$emulator" ] || { echo "run-ltp.sh: no emulator $emulator" >&2; exit 2; }
if [ -z "${LTP_MUST_PASS+x}" ]; then
	LTP_MUST_PASS=
	[ "$runner" = arx ] && LTP_MUST_PASS=$here/must-pass.txt
fi
results=${results:-$PWD/ltp-$runner.txt}
work=$(mktemp -d "${TMPDIR:-/tmp}/arx-ltp.XXXXXX")
logs=${results%.txt}.logs
rm -rf "$logs"
mkdir -p "$logs"

# The test list: tag and command line, comments and blank lines dropped.
grep -Ev '^[[:space:]]*(#|$)' "$LTP_DIR/runtest/syscalls" >"$work/all"
if [ $# -gt 0 ]; then
	printf '%s\n' "$@" >"$work/want"
	awk 'NR == FNR { want[$1] = 1; next } $1 in want' "$work/want" \
		"$work/all" >"$work/list"
else
	cp "$work/all" "$work/list"
fi

# classify EXIT: LTP's exit status is the OR of what it reported (TFAIL 1,
# TBROK 2, TWARN 4, TCONF 32); timeout(1) says 124 or 137.
classify() {
	case $1 in
	0) echo pass ;;
	32) echo tconf ;;
	124 | 137) echo timeout ;;
	*)
		if [ "$1" -gt 128 ]; then echo broken
		elif [ $(($1 & 2)) -ne 0 ]; then echo broken
		elif [ $(($1 & 5)) -ne 0 ]; then echo fail
		else echo broken
		fi ;;
	esac
}

# run_one TAG CMD ARGS...: one test in its own directory and namespaces.
run_one() {
	local tag=$1 cmd=$2 dir bin start rc class
	shift 2
	bin=$LTP_DIR/testcases/bin/$cmd
	if [ ! -x "$bin" ]; then
		printf '%s missing - 0\n' "$tag"
		return
	fi
	dir=$work/run/$tag
	mkdir -p "$dir/tmp"
	start=$(date +%s)
	# The namespace's pid 1 is a shell that waits: LTP reads a parent pid of
	# 1 as "the main test process has gone". It brings the new network
	# namespace's loopback up, as the socket tests expect of a machine.
	# A shell-script test runs as is: the ARM programs it starts reach the
	# emulator through binfmt_misc or not at all.
	local launch=("$emulator" "$bin")
	head -c 4 "$bin" | grep -q ELF || launch=("$bin")
	(cd "$dir" && env TMPDIR="$dir/tmp" LTPROOT="$LTP_DIR" \
		PATH="$LTP_DIR/testcases/bin:$PATH" \
		LTP_TIMEOUT_MUL="${LTP_TIMEOUT_MUL:-4}" \
		timeout -k 10 "$limit" unshare --pid --mount --ipc --uts --net \
		--fork --kill-child --mount-proc \
		sh -c 'ip link set lo up 2>/dev/null; "$@"; exit $?' ltp-init "${launch[@]}" "$@" \
		</dev/null >"$logs/$tag.log" 2>&1)
	rc=$?
	class=$(classify "$rc")
	printf '%s %s %s %s\n' "$tag" "$class" "$rc" $(($(date +%s) - start))
	rm -rf "$dir"
}
export -f run_one classify
export LTP_DIR work logs emulator limit

# Each line becomes one run_one call; the lines hold no quotes to keep.
tr '\n' '\0' <"$work/list" |
	xargs -0 -P "$jobs" -I{} bash -c 'run_one {}' >"$work/out"
sort "$work/out" >"$results"

echo "run-ltp.sh: $runner ($emulator) on $(wc -l <"$results") tests:"
awk '{ n[$2]++ } END { for (c in n) printf "  %-8s %d\n", c, n[c] }' \
	"$results" | sort
status=0
if [ -n "$LTP_MUST_PASS" ] && [ -f "$LTP_MUST_PASS" ]; then
	bad=$(grep -Ev '^[[:space:]]*(#|$)' "$LTP_MUST_PASS" |
		awk 'NR == FNR { want[$1] = 1; next }
		     ($1 in want) && $2 != "pass" { print $1 " " $2 }' - "$results")
	if [ -n "$bad" ]; then
		echo "run-ltp.sh: must pass, did not:"
		echo "$bad" | sed 's/^/  /'
		status=1
	fi
fi
echo "results in $results, logs in $logs"
rm -rf "$work"
exit $status
