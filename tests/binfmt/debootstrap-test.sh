#!/bin/bash
# Manual end-to-end check (not part of make check; slow: tens of minutes,
# needs root, network and debootstrap): bootstraps a Debian arm64 chroot
# with arx as the only AArch64 binfmt_misc handler, then installs gcc in it
# and compiles and runs a C program there. Restores binfmt_misc on exit.
#
# usage: tests/binfmt/debootstrap-test.sh [-a ARX] [-d DIR] [-s SUITE]
#            [-m MIRROR] [-v VARIANT] [STEP...]
#   -a ARX      arx to register (default: ./arx of the build tree)
#   -d DIR      chroot directory (default: /tmp/arx-debootstrap)
#   -s SUITE    Debian suite (default: bookworm)
#   -m MIRROR   default: the host's apt source for SUITE
#   -v VARIANT  debootstrap --variant (e.g. minbase; default: none)
#   STEP        first (debootstrap --foreign), second (--second-stage under
#               arx), gcc (apt-get install gcc, build and run hello.c),
#               clean (remove DIR). Default: first second gcc.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
arx=${ARX:-$top/arx}
dir=/tmp/arx-debootstrap
suite=bookworm
mirror=
variant=
mounts=()

. "$here/lib.sh"
. "$top/tests/lib/apt-mirror.sh"

say() {
	echo "debootstrap-test: $(date +%T) $*"
}

die() {
	echo "debootstrap-test: $*" >&2
	exit 1
}

mount_in_chroot() {
	local type=$1 src=$2 target=$dir$3
	mkdir -p "$target"
	if [ "$type" = bind ]; then
		mount --bind "$src" "$target"
	else
		mount -t "$type" "$src" "$target"
	fi
	mounts=("$target" "${mounts[@]}")
}

cleanup() {
	local m
	for m in "${mounts[@]}"; do
		umount -l "$m" 2>/dev/null || true
	done
	mounts=()
	binfmt_restore
}

register_arx_only() {
	binfmt_usable || die "needs root and binfmt_misc"
	binfmt_lock
	binfmt_save "$(mktemp -d /tmp/arx-binfmt-state.XXXXXX)"
	trap cleanup EXIT
	trap 'exit 130' INT TERM
	"$top/tools/arx-binfmt" register --path "$arx" --disable-others
}

step_first() {
	command -v debootstrap >/dev/null || die "debootstrap is not installed"
	[ -n "$mirror" ] || mirror=$(host_mirror "$suite")
	[ -n "$mirror" ] || die "no apt source for $suite on this host; use -m"
	say "first stage: $suite arm64 from $mirror into $dir"
	debootstrap --foreign --arch=arm64 ${variant:+--variant=$variant} \
		"$suite" "$dir" "$mirror"
}

step_second() {
	[ -x "$dir/debootstrap/debootstrap" ] || die "run the first step first"
	say "second stage under arx"
	chroot "$dir" /debootstrap/debootstrap --second-stage
	say "second stage done"
}

step_gcc() {
	mount_in_chroot proc proc /proc
	mount_in_chroot bind /dev /dev
	mount_in_chroot bind /dev/pts /dev/pts
	cp /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
	say "apt-get install gcc"
	chroot "$dir" /usr/bin/env DEBIAN_FRONTEND=noninteractive \
		/bin/sh -c 'apt-get update && apt-get install -y gcc libc6-dev'
	cat >"$dir/tmp/hello.c" <<'EOF'
#include <stdio.h>
int main(void)
{
    printf("hello from gcc inside an arm64 chroot\n");
    return 0;
}
EOF
	say "compile and run hello.c"
	chroot "$dir" /bin/sh -c 'gcc -O2 -o /tmp/hello /tmp/hello.c && /tmp/hello'
	say "gcc step done"
}

main() {
	local opt step
	while getopts a:d:s:m:v:h opt; do
		case $opt in
		a) arx=$OPTARG ;;
		d) dir=$OPTARG ;;
		s) suite=$OPTARG ;;
		m) mirror=$OPTARG ;;
		v) variant=$OPTARG ;;
		*) sed -n '2,/^set -eu/p' "$0" | sed '$d' >&2; exit 2 ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# -gt 0 ] || set -- first second gcc
	[ "$(id -u)" = 0 ] || die "must run as root"
	arx=$(readlink -f "$arx")
	for step in "$@"; do
		case $step in
		first) step_first ;;
		second | gcc)
			[ -n "$binfmt_saved" ] || register_arx_only
			"step_$step"
			;;
		clean) rm -rf --one-file-system "$dir" ;;
		*) die "unknown step $step" ;;
		esac
	done
}

main "$@"
