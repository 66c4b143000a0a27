#!/bin/bash
# Builds the arx-system boot test's initramfs: Debian's busybox-static:arm64,
# tests/system/init.sh as /init, tests/system/checksum.c as /bin/checksum,
# and the kernel modules fetch-kernel.sh kept (when MODULES_DIR is given).
# No root needed: /dev/console is written into the archive by hand.
#
# usage: mkinitramfs.sh [--init SCRIPT] OUT.cpio.gz [MODULES_DIR]
#   --init SCRIPT  another /init (init-powercut.sh, init-switchroot.sh)
#   BUSYBOX_ARM64  an arm64 busybox (else fetched with apt-get download
#                  busybox-static:arm64 into CACHE_DIR)
#   CACHE_DIR      default: the directory of OUT, /cache
#   CC_AARCH64     default aarch64-linux-gnu-gcc
set -eu

here=$(cd "$(dirname "$0")" && pwd)
init=$here/init.sh
if [ "${1:-}" = --init ]; then
	init=${2:?usage: mkinitramfs.sh [--init SCRIPT] OUT.cpio.gz [MODULES_DIR]}
	shift 2
fi
out=${1:?usage: mkinitramfs.sh [--init SCRIPT] OUT.cpio.gz [MODULES_DIR]}
modules=${2:-}
outdir=$(cd "$(dirname "$out")" && pwd)
cache=${CACHE_DIR:-$outdir/cache}
cc=${CC_AARCH64:-aarch64-linux-gnu-gcc}

# fetch_busybox: prints the path of an arm64 busybox, fetching it once.
fetch_busybox() {
	local bb=$cache/busybox-root/bin/busybox
	if [ ! -x "$bb" ]; then
		mkdir -p "$cache"
		(cd "$cache" && apt-get download busybox-static:arm64) >/dev/null 2>&1 || {
			echo "mkinitramfs: apt-get download busybox-static:arm64 failed (network?)" >&2
			return 1
		}
		dpkg-deb -x "$(ls "$cache"/busybox-static_*_arm64.deb | head -1)" "$cache/busybox-root"
	fi
	echo "$bb"
}

# console_cpio: a newc archive holding only dev/console (char 5:1), which
# the kernel opens for init's stdio and which mknod would need root for.
console_cpio() {
	local name=dev/console
	# magic, ino, mode, uid, gid, nlink, mtime, filesize, dev maj/min,
	# rdev maj/min, namesize, check; the name padded to 4 bytes.
	printf '070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X' \
		1 $((0020600)) 0 0 1 0 0 0 0 5 1 $((${#name} + 1)) 0
	printf '%s\0\0\0' "$name" # 110 + 12 bytes, 2 pad bytes to 124
	printf '070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X' \
		0 0 0 0 1 0 0 0 0 0 0 11 0
	printf 'TRAILER!!!\0\0\0\0' # 110 + 11: 3 pad bytes, then 4 more
}

bb=${BUSYBOX_ARM64:-$(fetch_busybox)}
work=$(mktemp -d "${TMPDIR:-/tmp}/arx-initramfs.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{bin,dev,proc,sys,mnt,lib/modules}
cp "$bb" "$root/bin/busybox"
for applet in sh mount umount echo cat head sed uname sleep sync insmod poweroff \
	dd grep ls mkdir rm seq stat wc switch_root; do
	ln -s busybox "$root/bin/$applet"
done
install -m 755 "$init" "$root/init"
"$cc" -static -O2 -o "$root/bin/checksum" "$here/checksum.c"
if [ -n "$modules" ]; then
	cp "$modules"/*.ko "$modules/order" "$root/lib/modules/"
fi
(cd "$root" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$work/main.cpio"
# The kernel unpacks concatenated archives in turn: dev/ exists by then.
{ cat "$work/main.cpio"; console_cpio; } | gzip -9n >"$out"
echo "$out"
