#!/bin/bash
# Boot time of arx-system against qemu-system-aarch64 (TCG, -cpu
# cortex-a57, one vCPU) in one session: Debian 12's arm64 kernel with the
# busybox initramfs and an ext4 virtio disk of tests/system/, the time to
# the user-space marker (ARX-BOOT-OK) and to the end of the process after
# PSCI SYSTEM_OFF, wall clock, medians of RUNS boots interleaved. A run
# whose console lacks a marker (or whose disk lacks the written file) is a
# FAIL and stops the script. Not part of make check.
#
# usage: run-system.sh [-r RUNS] [BUILD_DIR]
#   RUNS  boots per runner (default 5)
# environment: ARX_SYSTEM (default $top_builddir/arx-system),
# QEMU_SYSTEM (default qemu-system-aarch64), SYSTEM_CACHE (the kernel and
# busybox cache, default tests/system/cache of the build tree).

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$srcdir/.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX_SYSTEM=${ARX_SYSTEM:-$top_builddir/arx-system}
QEMU_SYSTEM=${QEMU_SYSTEM:-qemu-system-aarch64}
CACHE=${SYSTEM_CACHE:-$top_builddir/tests/system/cache}
systests=$top_srcdir/tests/system
runs=5
while getopts "r:h" opt; do
	case $opt in
	r) runs=$OPTARG ;;
	*) sed -n 10,15p "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
build=${1:-$srcdir/build}
work=$build/system
mkdir -p "$work" || exit 1

kernel=$("$systests/fetch-kernel.sh" "$CACHE" | tail -n 1) || exit 1
CACHE_DIR=$CACHE "$systests/mkinitramfs.sh" "$work/initrd.cpio.gz" \
	"$(dirname "$kernel")/modules" >/dev/null || exit 1
append="console=ttyAMA0 panic=-1"

# boot RUNNER: one boot on a fresh disk; prints "MARKER_MS TOTAL_MS".
boot() {
	local disk=$work/disk-$1.img start marker="" line
	"$systests/mkdisk.sh" "$disk" >/dev/null 2>&1 || return 1
	start=$(date +%s%N)
	while IFS= read -r line; do
		case $line in
		*ARX-BOOT-OK*) marker=$((($(date +%s%N) - start) / 1000000)) ;;
		esac
	done < <(case $1 in
		arx) timeout 300 "$ARX_SYSTEM" -M virt -m 512 -nographic \
			-kernel "$kernel" -initrd "$work/initrd.cpio.gz" \
			-append "$append" -drive "file=$disk,format=raw,if=virtio" ;;
		qemu) timeout 300 "$QEMU_SYSTEM" -M virt -cpu cortex-a57 -m 512 \
			-nographic -nic none -kernel "$kernel" \
			-initrd "$work/initrd.cpio.gz" -append "$append" \
			-drive "file=$disk,format=raw,if=none,id=d0" \
			-device virtio-blk-device,drive=d0 ;;
		esac </dev/null 2>/dev/null)
	total=$((($(date +%s%N) - start) / 1000000))
	if [ -z "$marker" ] || [ "$("$systests/mkdisk.sh" --cat "$disk" \
		/arx-test.txt 2>/dev/null)" != "written by arx-system's boot test" ]; then
		echo "FAIL: $1 did not boot to the marker and write the disk" >&2
		return 1
	fi
	echo "$marker $total"
}

median() {
	sort -n | awk '{ v[NR] = $1 }
		END { if (NR % 2) print v[(NR + 1) / 2]
		      else print int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

declare -A markers totals
runners="arx"
command -v "$QEMU_SYSTEM" >/dev/null && runners="qemu arx"
for ((i = 0; i < runs; i++)); do
	for r in $runners; do
		read -r m t < <(boot "$r") || exit 1
		[ -n "${m:-}" ] || exit 1
		markers[$r]+="$m "
		totals[$r]+="$t "
	done
done

printf '%-8s %12s %12s\n' runner "marker ms" "power-off ms"
for r in $runners; do
	m=$(echo "${markers[$r]}" | tr ' ' '\n' | grep . | median)
	t=$(echo "${totals[$r]}" | tr ' ' '\n' | grep . | median)
	printf '%-8s %12s %12s\n' "$r" "$m" "$t"
	eval "med_$r=\"$m $t\""
done
if [ -n "${med_qemu:-}" ]; then
	read -r qm qt <<<"$med_qemu"
	read -r am at <<<"$med_arx"
	awk -v qm="$qm" -v qt="$qt" -v am="$am" -v at="$at" 'BEGIN {
		printf "qemu/arx %12.2f %12.2f\n", qm / am, qt / at }'
fi
echo "($runs boots each, median; Debian kernel $(cat "$(dirname "$kernel")/Image.version" 2>/dev/null))"
