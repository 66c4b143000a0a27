#!/bin/bash
# Runs kvm-unit-tests' arm64 .flat tests under qemu-system-aarch64 (TCG) or
# arx-system and prints one line per test: PASS, FAIL, SKIP, TIMEOUT or
# CRASH, with the first failing line. It builds nothing: KUT_DIR is a
# kvm-unit-tests tree already built for arm64 (its arm/*.flat).
#
# usage: run-kut.sh [-e qemu|arx] [-o LOGDIR] [-p MUST_PASS] KUT_DIR [TEST...]
#   -e        the emulator (default arx); QEMU / ARX name the binaries
#             (default qemu-system-aarch64 / ./arx-system)
#   -o        keep each test's log in LOGDIR/<emulator>/<test>.log
#   -p        a file naming the tests that must PASS (one a line, # comments)
#   TEST      names from the table below (default: all of them)
#   MAX_SMP   vCPUs for the tests unittests.cfg gives $MAX_SMP (default 4)
#   KUT_TIMEOUT  seconds per test (default 90, as kvm-unit-tests' runner)
#   ARX_DEBUG    -d items for arx-system (its log goes to LOGDIR/arx/<test>.d)
# Exits 0 when every test of MUST_PASS passed or, without -p, when no test
# FAILed, TIMEd OUT or CRASHed.
#
# The tests exit through PSCI SYSTEM_OFF after printing "EXIT: STATUS=n"
# (n = code*2+1: 1 pass, 3 fail; 77 skip, from code 38); without chr-testdev (a
# virtio-console arx-system does not have) that line is the exit status,
# as kvm-unit-tests' own runner reads it, so neither emulator gets one.
set -uo pipefail

emulator=arx
logdir=
must_pass=
while getopts e:o:p: opt; do
	case $opt in
	e) emulator=$OPTARG ;;
	o) logdir=$OPTARG ;;
	p) must_pass=$(sed 's/#.*//' "$OPTARG" | tr -s ' \t' '\n') || exit 2 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
kut=${1:?usage: run-kut.sh [-e qemu|arx] [-o LOGDIR] [-p MUST_PASS] KUT_DIR [TEST...]}
shift
[ -f "$kut/arm/selftest.flat" ] || {
	echo "run-kut.sh: $kut/arm/selftest.flat missing: build kvm-unit-tests for arm64 first" >&2
	exit 2
}
case $emulator in qemu | arx) ;; *)
	echo "run-kut.sh: -e qemu or -e arx" >&2
	exit 2
	;;
esac
QEMU=${QEMU:-qemu-system-aarch64}
ARX=${ARX:-./arx-system}
max_smp=${MAX_SMP:-4}
smp8=$((max_smp < 8 ? max_smp : 8))
smp3=$((max_smp < 3 ? max_smp : 3))

# name|file|smp|machine options|test_args|extra qemu options, as
# arm/unittests.cfg has them (migration, kvm-only and PCI tests left out).
tests="
selftest-setup|selftest|2||setup smp=2 mem=256|-m 256
selftest-vectors-kernel|selftest|1||vectors-kernel|
selftest-vectors-user|selftest|1||vectors-user|
selftest-smp|selftest|$max_smp||smp|
pmu-cycle-counter|pmu|1||cycle-counter 0|
pmu-event-introspection|pmu|1||pmu-event-introspection|
pmu-event-counter-config|pmu|1||pmu-event-counter-config|
pmu-basic-event-count|pmu|1||pmu-basic-event-count|
pmu-mem-access|pmu|1||pmu-mem-access|
pmu-mem-access-reliability|pmu|1||pmu-mem-access-reliability|
pmu-sw-incr|pmu|1||pmu-sw-incr|
pmu-chained-counters|pmu|1||pmu-chained-counters|
pmu-chained-sw-incr|pmu|1||pmu-chained-sw-incr|
pmu-chain-promotion|pmu|1||pmu-chain-promotion|
pmu-overflow-interrupt|pmu|1||pmu-overflow-interrupt|
gicv2-ipi|gic|$smp8|gic-version=2|ipi|
gicv2-mmio|gic|$smp8|gic-version=2|mmio|
gicv2-mmio-up|gic|1|gic-version=2|mmio|
gicv2-mmio-3p|gic|$smp3|gic-version=2|mmio|
gicv2-active|gic|$smp8|gic-version=2|active|
gicv3-ipi|gic|$max_smp|gic-version=3|ipi|
gicv3-active|gic|$max_smp|gic-version=3|active|
its-introspection|gic|$max_smp|gic-version=3|its-introspection|
its-trigger|gic|$max_smp|gic-version=3|its-trigger|
psci|psci|$max_smp|||
timer|timer|1|||
cache|cache|1|||
debug-bp|debug|1||bp|
debug-wp|debug|1||wp|
debug-sstep|debug|1||ss|
mte-sync|mte|1|mte=on|sync|
mte-async|mte|1|mte=on|async|
mte-asymm|mte|1|mte=on|asymm|
pl031|pl031|1|||
spinlock-test|spinlock-test|$max_smp|||
sieve|sieve|1|||
"

work=$(mktemp -d "${TMPDIR:-/tmp}/arx-kut.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The environment kvm-unit-tests' runner hands a TCG guest as its initrd:
# ERRATA_FORCE=y enables the tests it keeps from hosts with KVM bugs (psci's
# racing CPU_ON).
env=$work/environ
printf 'TARGET=qemu\nQEMU_ACCEL=tcg\nERRATA_FORCE=y\n' >"$env"

# Little-endian bytes of $1 in $2 bytes, as printf escapes.
# The command line for one test, in "${cmd[@]}".
build_command() {
	local file=$1 smp=$2 machine=$3 args=$4 extra=$5 mem=
	[[ $extra =~ -m\ ([0-9]+) ]] && mem=${BASH_REMATCH[1]}
	if [ "$emulator" = qemu ]; then
		cmd=("$QEMU" -nodefaults -machine "virt${machine:+,$machine}"
			-accel tcg -cpu cortex-a57 -display none -serial stdio
			-smp "$smp" ${mem:+-m "$mem"} -kernel "$kut/arm/$file.flat"
			-initrd "$env" -append "$args")
		return
	fi
	# What arx-system takes of qemu's options: -smp, -m, -kernel, -initrd,
	# -append; it loads the .flat raw at RAM + 0x10000 as qemu does. It has
	# no MTE: mte=on is dropped and mte.flat skips.
	cmd=("$ARX" -M virt -cpu cortex-a57 -smp "$smp" ${mem:+-m "$mem"}
		-kernel "$kut/arm/$file.flat" -initrd "$env" -append "$args")
	if [ -n "${ARX_DEBUG:-}" ] && [ -n "$logdir" ]; then
		cmd+=(-d "$ARX_DEBUG" -D "$logdir/arx/$name.d")
	fi
}

# Judges one log: sets $result and $why.
judge() {
	local log=$1 rc=$2 status
	status=$(sed -n 's/^EXIT: STATUS=\([0-9]*\).*/\1/p' "$log" | tail -1)
	why=$(grep -m1 -E '^(FAIL|XFAIL|ABORT)|Unhandled|unexpected|assert' "$log" || true)
	case $status in
	1) result=PASS ;;
	77) result=SKIP why=$(grep -m1 '^SKIP' "$log" || true) ;;
	[0-9]*) result=FAIL ;;
	*)
		if [ "$rc" = 124 ]; then
			result=TIMEOUT
		else
			result=CRASH
		fi
		[ -n "$why" ] || why="exit $rc; last line: $(grep -v '^\s*$' "$log" | tail -1)"
		;;
	esac
}

[ -z "$logdir" ] || mkdir -p "$logdir/$emulator"
failed=0
while IFS='|' read -r name file smp machine args extra; do
	[ -n "$name" ] || continue
	if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then
		continue
	fi
	if [ ! -f "$kut/arm/$file.flat" ]; then
		echo "SKIP $name (no $file.flat)"
		continue
	fi
	if [ "$emulator" = arx ] && [[ $machine == *gic-version=3* ]]; then
		# gic.flat would find the GICv2 in the device tree and test that.
		echo "SKIP     $name (arx-system has a GICv2 only)"
		continue
	fi
	build_command "$file" "$smp" "$machine" "$args" "$extra"
	log=$work/$name.log
	timeout=${KUT_TIMEOUT:-90}
	[ "$name" != timer ] || timeout=${KUT_TIMEOUT:-20}
	start=$(date +%s%N)
	timeout -k 5 "$timeout" "${cmd[@]}" </dev/null >"$log" 2>&1
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
	tr -d '\r' <"$log" >"$log.txt" && mv "$log.txt" "$log"
	judge "$log" "$rc"
	summary=$(grep -m1 '^SUMMARY' "$log" || true)
	printf '%-8s %-28s %6d ms  %s\n' "$result" "$name" "$ms" "${summary:-}"
	[ "$result" = PASS ] || [ -z "$why" ] || echo "         $why"
	if [ -n "$must_pass" ]; then
		if [ "$result" != PASS ] && grep -qx "$name" <<<"$must_pass"; then
			echo "         ^ $name is in the must-pass list"
			failed=1
		fi
	else
		case $result in FAIL | TIMEOUT | CRASH) failed=1 ;; esac
	fi
	if [ -n "$logdir" ]; then
		{
			echo "# ${cmd[*]}"
			cat "$log"
		} >"$logdir/$emulator/$name.log"
	fi
done <<<"$tests"
exit $failed
