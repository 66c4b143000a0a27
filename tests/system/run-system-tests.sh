#!/bin/bash
# arx-system end to end: the bare-metal images (exceptions, page tables and
# permission faults, timer interrupts, the UART) must print what
# qemu-system-aarch64 printed (their .expected files); bad command lines and
# files must fail cleanly; and Debian 12's arm64 kernel (fetched from the
# archive by fetch-kernel.sh) must boot a busybox initramfs to its marker,
# run uname, /proc/cpuinfo, a shell loop and a C program whose checksum
# must equal the host build's, mount an ext4 virtio disk, write a file,
# sync and power off through PSCI; the file must be in the image after.
#
# environment:
#   ARX_SYSTEM     the emulator (default $top_builddir/arx-system)
#   SYSTEM_CACHE   kernel and busybox cache (default
#                  $top_builddir/tests/system/cache)
#   BM_IMAGES      the bare-metal images (default: built ones)
# Exits 77 (SKIP) when neither part could run.
set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$srcdir/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX_SYSTEM=${ARX_SYSTEM:-$top_builddir/arx-system}
CACHE=${SYSTEM_CACHE:-$top_builddir/tests/system/cache}
BM_DIR=$top_builddir/tests/system/baremetal
pass=0
fail=0
ran=0

ok() {
	echo "PASS: $1"
	pass=$((pass + 1))
}
bad() {
	echo "FAIL: $1"
	fail=$((fail + 1))
}

work=$(mktemp -d "${TMPDIR:-/tmp}/arx-system.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

# ---- bare-metal images ----
images=${BM_IMAGES:-$(ls "$BM_DIR"/*.img 2>/dev/null)}
if [ -n "$images" ]; then
	ran=1
	# shellcheck disable=SC2086 # a list of paths without spaces
	while IFS= read -r line; do
		case $line in
		PASS:*) ok "bare-metal ${line#PASS: }" ;;
		FAIL:*) bad "bare-metal ${line#FAIL: }" ;;
		*) echo "$line" ;;
		esac
	done < <("$srcdir/run-baremetal.sh" \
		"$ARX_SYSTEM -M virt -nographic -m 128 -kernel" $images 2>&1)
else
	echo "SKIP: bare-metal images (no aarch64 cross compiler)"
fi

# ---- bad input: a clear message and a non-zero exit ----
# expect_error NAME STATUS PATTERN ARGS...
expect_error() {
	local name=$1 want=$2 pattern=$3 rc=0
	shift 3
	timeout 10 "$ARX_SYSTEM" "$@" </dev/null >"$work/out" 2>"$work/err" || rc=$?
	if [ "$rc" = "$want" ] && grep -q -- "$pattern" "$work/err" &&
		[ ! -s "$work/out" ]; then
		ok "$name"
	else
		bad "$name (exit $rc, stderr: $(head -c 200 "$work/err"))"
	fi
}
printf 'not a kernel' >"$work/junk"
# The smallest arm64 Image: "b ." then the header (text_offset 0,
# image_size 4096, magic "ARM\x64" at 0x38), padded to a page.
{
	printf '\000\000\000\024\000\000\000\000'
	printf '\000\000\000\000\000\000\000\000\000\020\000\000\000\000\000\000'
	head -c 32 /dev/zero
	printf 'ARM\144\000\000\000\000'
	head -c 4032 /dev/zero
} >"$work/tiny.img"
expect_error "no -kernel" 2 "no -kernel" -M virt
expect_error "unknown option" 2 "unknown option" -kernel x -frobnicate
expect_error "other machine" 2 "not supported" -M raspi3b -kernel x
expect_error "bad -m" 2 "bad size" -m lots -kernel x
expect_error "bad -smp" 2 "smp" -smp 0 -kernel x
expect_error "missing kernel file" 1 "No such file" -kernel "$work/none"
: >"$work/empty"
expect_error "empty kernel file" 1 "empty" -kernel "$work/empty"
expect_error "missing disk image" 1 "No such file" -kernel "$work/tiny.img" \
	-drive "file=$work/none,format=raw,if=virtio"
expect_error "bad -drive option" 2 "not supported" -kernel x \
	-drive "file=x,format=qcow2"
# Ctrl-A x stops a guest that never stops by itself ("b ."), exit 0.
rc=0
printf '\001x' | timeout 10 "$ARX_SYSTEM" -kernel "$work/tiny.img" \
	>"$work/out" 2>"$work/err" || rc=$?
if [ "$rc" = 0 ] && grep -q "Ctrl-A x" "$work/err" && [ ! -s "$work/out" ]; then
	ok "Ctrl-A x quits"
else
	bad "Ctrl-A x quits (exit $rc, stderr: $(head -c 200 "$work/err"))"
fi

# ---- Debian's kernel ----
boot_linux() {
	local kernel initrd disk log cks rc=0
	kernel=$("$srcdir/fetch-kernel.sh" "$CACHE" 2>"$work/fetch.err" | tail -n 1)
	if [ ! -f "$kernel" ]; then
		echo "SKIP: Linux boot (no kernel: $(tail -n 1 "$work/fetch.err"))"
		return
	fi
	initrd=$work/initrd.cpio.gz
	disk=$work/disk.img
	log=$work/boot.log
	if ! CACHE_DIR=$CACHE "$srcdir/mkinitramfs.sh" "$initrd" \
		"$(dirname "$kernel")/modules" >"$work/mkinit.log" 2>&1; then
		echo "SKIP: Linux boot (initramfs: $(tail -n 1 "$work/mkinit.log"))"
		return
	fi
	"$srcdir/mkdisk.sh" "$disk" >/dev/null 2>&1 || {
		bad "mkdisk.sh"
		return
	}
	ran=1
	timeout 300 "$ARX_SYSTEM" -M virt -m 512 -nographic -kernel "$kernel" \
		-initrd "$initrd" -append "console=ttyAMA0 panic=-1" \
		-drive "file=$disk,format=raw,if=virtio" </dev/null 2>"$work/boot.err" |
		tr -d '\r' >"$log" || rc=$?
	[ "$rc" = 0 ] && ok "Linux boot exits 0" || bad "Linux boot exits $rc"
	cc -O2 -o "$work/checksum" "$srcdir/checksum.c" && cks=$("$work/checksum")
	for want in "ARX-BOOT-OK" "ARX-UNAME aarch64" "ARX-CPUINFO processor" \
		"ARX-LOOP 418372" "$cks" "ARX-DISK-READ hello from the disk" \
		"ARX-DISK-WRITTEN" "ARX-POWEROFF" "reboot: Power down"; do
		if grep -q -F -- "$want" "$log"; then
			ok "Linux: $want"
		else
			bad "Linux: no '$want' (last lines: $(tail -n 3 "$log"))"
		fi
	done
	if grep -q -E "Oops|BUG:|WARNING:|Kernel panic|Unable to handle" "$log"; then
		bad "Linux: kernel complained: $(grep -m1 -E "Oops|BUG:|WARNING:|panic|Unable" "$log")"
	else
		ok "Linux: no oops, warning or panic"
	fi
	if [ "$("$srcdir/mkdisk.sh" --cat "$disk" /arx-test.txt 2>/dev/null)" = \
		"written by arx-system's boot test" ]; then
		ok "Linux: the file written in the guest is in the image"
	else
		bad "Linux: the written file is not in the image"
	fi
	[ -s "$work/boot.err" ] && echo "stderr: $(head -c 300 "$work/boot.err")"
}
boot_linux

echo "$pass passed, $fail failed"
[ "$ran" = 1 ] || exit 77
[ "$fail" -eq 0 ]
