#!/bin/bash
# Parallel build in an arx-system guest (make check-system-smp; too slow for
# make check): an ext4 root disk made from Debian arm64 packages (gcc-12,
# binutils, libc6-dev, make, busybox-static; tools/mksysroot) boots through
# an initramfs that loads the virtio and ext4 modules and switch_root's into
# it (init-switchroot.sh); there smp-init.sh builds tests/system/smp-project
# with make -jN. For each -smp N the sha256 of every .o and of the program
# must equal those of the first N, and the program must print what the
# host's build prints. Prints the guest's make time and the host's wall time.
#
# environment:
#   ARX_SYSTEM    the emulator (default $top_builddir/arx-system)
#   QEMU          if set (qemu-system-aarch64), run under it instead
#   SMP_LIST      the -smp values (default "1 2 4")
#   SYSTEM_CACHE  kernel, busybox, .debs and the sysroot (default
#                 $top_builddir/tests/system/cache)
#   SMP_TIMEOUT   seconds per boot (default 900)
# Exits 77 (SKIP) without a kernel, the packages or mkfs.ext4.
set -u
export PATH=$PATH:/sbin:/usr/sbin

srcdir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$srcdir/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX_SYSTEM=${ARX_SYSTEM:-$top_builddir/arx-system}
CACHE=${SYSTEM_CACHE:-$top_builddir/tests/system/cache}
SMP_LIST=${SMP_LIST:-1 2 4}
QEMU=${QEMU:-}
TIMEOUT=${SMP_TIMEOUT:-900}
pass=0
fail=0

ok() {
	echo "PASS: $1"
	pass=$((pass + 1))
}
bad() {
	echo "FAIL: $1"
	fail=$((fail + 1))
}
skip() {
	echo "SKIP: $1"
	exit 77
}

command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
work=$(mktemp -d "${TMPDIR:-/tmp}/arx-smp.XXXXXX") || exit 99
# KEEP_WORK=1 keeps the logs and images for a look after a failure.
[ -n "${KEEP_WORK:-}" ] && echo "work directory: $work" ||
	trap 'rm -rf "$work"' EXIT

kernel=$("$srcdir/fetch-kernel.sh" "$CACHE" 2>"$work/fetch.err" | tail -n 1)
[ -f "$kernel" ] || skip "no kernel: $(tail -n 1 "$work/fetch.err")"
initrd=$work/initrd.cpio.gz
CACHE_DIR=$CACHE "$srcdir/mkinitramfs.sh" --init "$srcdir/init-switchroot.sh" \
	"$initrd" "$(dirname "$kernel")/modules" >"$work/mkinit.log" 2>&1 ||
	skip "initramfs: $(tail -n 1 "$work/mkinit.log")"
sysroot=$CACHE/smp-root
"$top_srcdir/tools/mksysroot" -q -o "$sysroot" -c "$CACHE/debs" \
	gcc-12 binutils libc6-dev make busybox-static 2>"$work/mksysroot.log" ||
	skip "mksysroot: $(tail -n 1 "$work/mksysroot.log")"

# The root disk: the sysroot, busybox for the commands the sysroot lacks
# (no coreutils, no shell), the project and /smp-init.
root=$work/root
cp -a "$sysroot" "$root"
for applet in sh cat cp cut echo grep ls mkdir mount poweroff rm sed \
	sha256sum sleep umount; do
	[ -e "$root/usr/bin/$applet" ] || ln -s busybox "$root/usr/bin/$applet"
done
mkdir -p "$root"/{proc,sys,dev,tmp,smp-project}
install -m 755 "$srcdir/smp-init.sh" "$root/smp-init"
cp "$srcdir"/smp-project/{Makefile,*.c,*.h} "$root/smp-project/"
disk=$work/root.img
truncate -s 512M "$disk"
mkfs.ext4 -q -F -d "$root" -U 5ed1a4a0-0000-4000-8000-000000000017 \
	-E hash_seed=5ed1a4a0-0000-4000-8000-000000000017 "$disk" ||
	skip "mkfs.ext4 -d failed"
rm -rf "$root"

# The program's output as the host builds it.
cp -r "$srcdir/smp-project" "$work/host"
make -s -C "$work/host" >/dev/null 2>&1 && "$work/host/prog" >"$work/host.out"

# boot N LOG: boots -smp N from the root disk; prints the exit status.
boot() {
	local n=$1 log=$2 rc=0
	local args=(-M virt -m 1024 -smp "$n" -nographic -kernel "$kernel"
		-initrd "$initrd"
		-append "console=ttyAMA0 panic=-1 root=/dev/vda init=/smp-init")
	if [ -n "$QEMU" ]; then
		timeout "$TIMEOUT" "$QEMU" "${args[@]}" -cpu cortex-a57 -nic none \
			-drive "file=$disk,format=raw,if=none,id=d0" \
			-device virtio-blk-device,drive=d0
	else
		timeout "$TIMEOUT" "$ARX_SYSTEM" "${args[@]}" \
			-drive "file=$disk,format=raw,if=virtio"
	fi </dev/null 2>"$log.err" | tr -d '\r' >"$log" || rc=${PIPESTATUS[0]}
	echo "$rc"
}

first=
timings=
for n in $SMP_LIST; do
	log=$work/smp$n.log
	start=$(date +%s.%N)
	rc=$(boot "$n" "$log")
	wall=$(echo "$(date +%s.%N) - $start" | bc)
	[ "$rc" = 0 ] && ok "-smp $n: emulator exits 0" || bad "-smp $n: emulator exits $rc"
	if grep -q -E "Oops|BUG:|WARNING:|Kernel panic|Unable to handle|rcu.*stall" "$log"; then
		bad "-smp $n: kernel complained: $(grep -m1 -E "Oops|BUG:|WARNING:|Kernel panic|Unable to handle|rcu.*stall" "$log")"
	fi
	[ -s "$log.err" ] && echo "stderr: $(head -c 300 "$log.err")"
	if [ "$(sed -n 's/^ARX-SMP-CPUS //p' "$log")" = "$n" ]; then
		ok "-smp $n: the guest sees $n CPUs"
	else
		bad "-smp $n: the guest sees '$(sed -n 's/^ARX-SMP-CPUS //p' "$log")' CPUs"
	fi
	set -- $(sed -n 's/^ARX-SMP-MAKE-OK //p' "$log")
	if [ $# -eq 2 ]; then
		make_s=$(echo "$2 - $1" | bc)
		ok "-smp $n: make -j$n built the project in ${make_s} s (guest), boot to poweroff ${wall} s (host)"
		timings="$timings -smp $n: make ${make_s} s, total ${wall} s;"
	else
		bad "-smp $n: make failed ($(grep -E '^ARX-(SMP|ROOT)' "$log" | tail -n 4 | tr '\n' '|') last: $(tail -n 2 "$log" | tr '\n' '|'))"
		continue
	fi
	sed -n 's/^ARX-SMP-SHA //p' "$log" >"$work/sha$n"
	sed -n 's/^ARX-SMP-RUN //p' "$log" >"$work/run$n"
	if [ "$(wc -l <"$work/sha$n")" != 13 ]; then
		bad "-smp $n: $(wc -l <"$work/sha$n") sha256 lines, not 13"
	elif [ -z "$first" ]; then
		first=$n
		ok "-smp $n: 13 sha256 lines (the reference)"
	elif cmp -s "$work/sha$first" "$work/sha$n"; then
		ok "-smp $n: every .o and the program equal -smp $first's"
	else
		bad "-smp $n: differs from -smp $first: $(diff "$work/sha$first" "$work/sha$n" | grep '^[<>]' | tr '\n' '|')"
	fi
	if cmp -s "$work/host.out" "$work/run$n"; then
		ok "-smp $n: the program prints what the host's build prints"
	else
		bad "-smp $n: the program's output differs: $(diff "$work/host.out" "$work/run$n" | grep '^[<>]' | head -n 4 | tr '\n' '|')"
	fi
done
[ -n "$first" ] && sed 's/^/sha256 /' "$work/sha$first"
echo "timings ($([ -n "$QEMU" ] && echo "$QEMU" || echo arx-system)):$timings"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
