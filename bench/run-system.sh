#!/bin/bash
# arx-system against qemu-system-aarch64 (TCG, -cpu cortex-a57; several
# vCPUs: thread=multi, qemu's default here) in one session, wall clock,
# medians of RUNS interleaved runs:
#  - boot: Debian 12's arm64 kernel with the busybox initramfs and an
#    ext4 virtio disk of tests/system/, the time to the user-space marker
#    (ARX-BOOT-OK) and to the end of the process after PSCI SYSTEM_OFF, with
#    one vCPU and with SMP vCPUs;
#  - cpu: with SMP vCPUs, SMP copies of bench/cpu.c's sieve, sha256 and
#    interp kernels (scale SCALE) at once in the guest, from its start
#    marker to its end marker; each copy's checksums must match the host
#    build's.
# A run whose console lacks a marker (or whose disk lacks the written
# file, or whose checksums differ) is a FAIL and stops the script. Not
# part of make check.
#
# usage: run-system.sh [-r RUNS] [-p SMP] [-s SCALE] [BUILD_DIR]
#   RUNS  runs per runner and row (default 5)
#   SMP   vCPUs of the SMP rows (default 2)
#   SCALE work of each cpu copy (default 3: about 1 s per copy natively)
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
smp=2
scale=3
while getopts "r:p:s:h" opt; do
	case $opt in
	r) runs=$OPTARG ;;
	p) smp=$OPTARG ;;
	s) scale=$OPTARG ;;
	*) sed -n 20,24p "$0"; exit 2 ;;
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

# The cpu row's initramfs: the boot test's, then an archive whose /init
# runs the copies (the kernel unpacks concatenated archives in turn, so
# the later /init wins) and the benchmark built static for aarch64.
cpu_initrd() {
	local root=$work/cpu-root
	rm -rf "$root" && mkdir -p "$root/bin" || return 1
	"${CC_AARCH64:-aarch64-linux-gnu-gcc}" -O2 -static -o "$root/bin/cpu" \
		"$srcdir/cpu.c" -lm || return 1
	cat >"$root/init" <<EOF_INIT
#!/bin/sh
mount -t proc proc /proc
mount -t devtmpfs dev /dev
echo ARX-BENCH-START
i=0
while [ \$i -lt $smp ]; do
	(for k in sieve sha256 interp; do /bin/cpu \$k $scale; done) &
	i=\$((i + 1))
done
wait
echo ARX-BENCH-DONE
poweroff -f
EOF_INIT
	chmod 755 "$root/init"
	cp "$work/initrd.cpio.gz" "$work/initrd-cpu.cpio.gz"
	(cd "$root" && find . -mindepth 1 | LC_ALL=C sort |
		cpio -o -H newc -R 0:0 --quiet) | gzip -9n >>"$work/initrd-cpu.cpio.gz"
	cc -O2 -o "$work/cpu-native" "$srcdir/cpu.c" -lm || return 1
	for k in sieve sha256 interp; do "$work/cpu-native" $k "$scale"; done |
		sort >"$work/cpu-native.out"
}

# run RUNNER ROW: one run (rows boot1, bootN, cpu) on a fresh disk; prints
# "FIRST_MS TOTAL_MS" (FIRST: the boot marker, or the benchmark's time).
run() {
	local disk=$work/disk-$1.img start first="" bench="" line n=1 initrd
	initrd=$work/initrd.cpio.gz
	[ "$2" = boot1 ] || n=$smp
	[ "$2" = cpu ] && initrd=$work/initrd-cpu.cpio.gz
	"$systests/mkdisk.sh" "$disk" >/dev/null 2>&1 || return 1
	: >"$work/console-$1"
	start=$(date +%s%N)
	while IFS= read -r line; do
		line=${line%$'\r'}
		case $line in
		*ARX-BOOT-OK*) first=$((($(date +%s%N) - start) / 1000000)) ;;
		*ARX-BENCH-START*) bench=$(date +%s%N) ;;
		*ARX-BENCH-DONE*) first=$((($(date +%s%N) - bench) / 1000000)) ;;
		*) echo "$line" >>"$work/console-$1" ;;
		esac
	done < <(case $1 in
		arx) timeout 600 "$ARX_SYSTEM" -M virt -m 512 -smp "$n" -nographic \
			-kernel "$kernel" -initrd "$initrd" \
			-append "$append" -drive "file=$disk,format=raw,if=virtio" ;;
		qemu) timeout 600 "$QEMU_SYSTEM" -M virt -cpu cortex-a57 -m 512 \
			-smp "$n" -nographic -nic none -kernel "$kernel" \
			-initrd "$initrd" -append "$append" \
			-drive "file=$disk,format=raw,if=none,id=d0" \
			-device virtio-blk-device,drive=d0 ;;
		esac </dev/null 2>/dev/null)
	total=$((($(date +%s%N) - start) / 1000000))
	if [ -z "$first" ]; then
		echo "FAIL: $1 $2: no marker" >&2
		return 1
	fi
	if [ "$2" = cpu ]; then
		grep -E '^(sieve|sha256|interp) ' "$work/console-$1" | sort |
			uniq >"$work/cpu-$1.out"
		if ! cmp -s "$work/cpu-$1.out" "$work/cpu-native.out"; then
			echo "FAIL: $1 cpu: checksums differ from the native build's" >&2
			return 1
		fi
	elif [ "$("$systests/mkdisk.sh" --cat "$disk" /arx-test.txt \
		2>/dev/null)" != "written by arx-system's boot test" ]; then
		echo "FAIL: $1 $2: the disk lacks the written file" >&2
		return 1
	fi
	echo "$first $total"
}

median() {
	sort -n | awk '{ v[NR] = $1 }
		END { if (NR % 2) print v[(NR + 1) / 2]
		      else print int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

cpu_initrd || { echo "FAIL: cannot build the cpu row's initramfs" >&2; exit 1; }
declare -A firsts totals
runners="arx"
command -v "$QEMU_SYSTEM" >/dev/null && runners="qemu arx"
rows="boot1 bootN cpu"
for ((i = 0; i < runs; i++)); do
	for row in $rows; do
		for r in $runners; do
			read -r f t < <(run "$r" "$row") || exit 1
			[ -n "${f:-}" ] || exit 1
			firsts[$r.$row]+="$f "
			totals[$r.$row]+="$t "
		done
	done
done

med() { echo "$1" | tr ' ' '\n' | grep . | median; }
printf '%-22s %10s %10s %10s\n' "row (ms, median)" qemu arx qemu/arx
for row in $rows; do
	case $row in
	boot1) names="boot -smp 1: marker|boot -smp 1: power-off" ;;
	bootN) names="boot -smp $smp: marker|boot -smp $smp: power-off" ;;
	cpu) names="cpu x$smp, -smp $smp|cpu: whole run" ;;
	esac
	for which in first total; do
		name=${names%%|*}
		[ "$which" = total ] && name=${names#*|}
		if [ "$which" = first ]; then
			q=$(med "${firsts[qemu.$row]:-}")
			a=$(med "${firsts[arx.$row]}")
		else
			q=$(med "${totals[qemu.$row]:-}")
			a=$(med "${totals[arx.$row]}")
		fi
		ratio=-
		[ -n "$q" ] && ratio=$(awk -v q="$q" -v a="$a" 'BEGIN { printf "%.2f", q / a }')
		printf '%-22s %10s %10s %10s\n' "$name" "${q:--}" "$a" "$ratio"
	done
done
echo "($runs runs each, interleaved; Debian kernel $(cat "$(dirname "$kernel")/Image.version" 2>/dev/null); cpu: sieve, sha256, interp at scale $scale per copy)"
