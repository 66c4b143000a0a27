#!/bin/bash
# Fetches Debian 12's arm64 Linux kernel as a raw arm64 Image for the
# arx-system boot tests and prints its path. Also keeps, in CACHE_DIR/modules,
# the modules a virtio disk with ext4 needs (Debian builds virtio-mmio,
# virtio-blk and ext4 as modules), listed in load order in modules/order.
# Cached: a second run does no work. Needs apt with the arm64 architecture
# added (tools/install-deps).
#
# usage: fetch-kernel.sh CACHE_DIR
set -eu

cache=${1:?usage: fetch-kernel.sh CACHE_DIR}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
image=$cache/Image
# Load order: each after what it depends on (their modinfo depends=).
modules="drivers/virtio/virtio_mmio drivers/block/virtio_blk lib/crc16 fs/mbcache
fs/jbd2/jbd2 crypto/crc32c_generic fs/ext4/ext4"
if [ -s "$image" ] && [ -s "$cache/modules/order" ]; then
	echo "$image"
	exit 0
fi

# The metapackage names the current ABI, e.g. linux-image-6.1.0-57-arm64.
pkg=$(apt-cache depends linux-image-arm64:arm64 2>/dev/null |
	sed -n 's/^ *Depends: \(linux-image-[0-9].*-arm64\).*/\1/p' | head -1)
if [ -z "$pkg" ]; then
	echo "fetch-kernel: no linux-image-arm64:arm64 in apt (dpkg --add-architecture arm64; apt-get update)" >&2
	exit 1
fi

work=$(mktemp -d "$cache/fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
if ! (cd "$work" && apt-get download "$pkg:arm64") >"$work/apt.log" 2>&1; then
	echo "fetch-kernel: apt-get download $pkg:arm64 failed (network unreachable?):" >&2
	tail -3 "$work/apt.log" >&2
	exit 1
fi
dpkg-deb -x "$work"/linux-image-*_arm64.deb "$work/root"
vmlinuz=$(ls "$work"/root/boot/vmlinuz-* | head -1)

# Debian 12 ships it gzip-compressed; later kernels may be EFI zboot (a PE
# file whose payload is gzip too): both become the raw Image here.
case $(file -b "$vmlinuz") in
*gzip*) gzip -dc <"$vmlinuz" >"$work/Image" ;;
*Linux\ kernel\ ARM64*) cp "$vmlinuz" "$work/Image" ;;
*PE32+*)
	# zboot: payload offset and size at 0x08 and 0x0c (little endian).
	off=$(od -An -tu4 -j8 -N4 "$vmlinuz" | tr -d ' ')
	size=$(od -An -tu4 -j12 -N4 "$vmlinuz" | tr -d ' ')
	tail -c +$((off + 1)) "$vmlinuz" | head -c "$size" | gzip -dc >"$work/Image"
	;;
*)
	echo "fetch-kernel: unknown kernel format: $(file -b "$vmlinuz")" >&2
	exit 1
	;;
esac
# Sanity: "ARM\x64" at 0x38.
if [ "$(od -An -c -j56 -N3 "$work/Image" | tr -d ' ')" != "ARM" ]; then
	echo "fetch-kernel: $vmlinuz did not give an arm64 Image" >&2
	exit 1
fi
rm -rf "$cache/modules" && mkdir "$cache/modules"
for m in $modules; do
	cp "$work"/root/lib/modules/*/kernel/"$m".ko "$cache/modules/"
	echo "${m##*/}.ko" >>"$cache/modules/order"
done
mv "$work/Image" "$image"
echo "${pkg#linux-image-}" >"$cache/Image.version"
echo "$image"
