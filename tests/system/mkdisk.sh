#!/bin/bash
# Makes the arx-system boot test's disk: a 16 MiB ext4 image holding
# /hello.txt, built without root (mkfs.ext4 -d). After a boot,
# `mkdisk.sh --cat IMG PATH` prints a file from it without mounting.
#
# usage: mkdisk.sh OUT.img | mkdisk.sh --cat IMG /arx-test.txt
set -eu
export PATH=$PATH:/sbin:/usr/sbin

if [ "${1:-}" = --cat ]; then
	debugfs -R "cat ${3:?usage: mkdisk.sh --cat IMG PATH}" "${2:?}" 2>/dev/null
	exit
fi
out=${1:?usage: mkdisk.sh OUT.img}
work=$(mktemp -d "${TMPDIR:-/tmp}/arx-disk.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "hello from the disk" >"$work/hello.txt"
rm -f "$out"
truncate -s 16M "$out"
# Fixed UUID and hash seed so two runs make the same image.
mkfs.ext4 -q -F -d "$work" -U 5ed1a4a0-0000-4000-8000-000000000015 \
	-E hash_seed=5ed1a4a0-0000-4000-8000-000000000015 "$out"
echo "$out"
