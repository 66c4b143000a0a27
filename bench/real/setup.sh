#!/bin/bash
# Prepares bench/real/run-real.sh: the arm64 sysroot of programs.sh's
# packages (tools/mksysroot), the same programs' amd64 packages on the host
# (apt-get install, root), Debian's amd64 nodejs unpacked into the build
# dir when the host's node is another build, and the sysroot Python's .pyc
# files (which Debian's maintainer scripts would write).
#
# usage: setup.sh [-s SYSROOT] [-n] [BUILD_DIR]
#   SYSROOT    default BUILD_DIR/sysroot-real
#   -n         do not install host packages (only print what is missing)
#   BUILD_DIR  default bench/build; .debs are kept in BUILD_DIR/deb-cache

set -eu
real=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$real/../.." && pwd)
# shellcheck source=bench/real/programs.sh
. "$real/programs.sh"

sysroot=""
install=1
while getopts s:nh opt; do
	case $opt in
	s) sysroot=$OPTARG ;;
	n) install=0 ;;
	*) sed -n 's/^# \{0,1\}//; 8,11p' "$0" && exit 2 ;;
	esac
done
shift $((OPTIND - 1))
build=${1:-$real/../build}
mkdir -p "$build"
build=$(cd "$build" && pwd)
sysroot=${sysroot:-$build/sysroot-real}
cache=$build/deb-cache
mkdir -p "$cache"

# The arm64 package lists: once per machine.
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	[ "$(id -u)" = 0 ] || { echo "setup: run as root: dpkg --add-architecture arm64 && apt-get update" >&2 && exit 1; }
	dpkg --add-architecture arm64
	apt-get update -q
fi

"$top/tools/mksysroot" -q -o "$sysroot" -c "$cache" "${ARM64_PACKAGES[@]}"

# Host packages: only the missing ones.
missing=()
for p in "${HOST_PACKAGES[@]}"; do
	dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$install" = 1 ] && [ "$(id -u)" = 0 ]; then
		apt-get install -y -q --no-install-recommends "${missing[@]}"
	else
		echo "setup: missing host packages (their rows show '-'): ${missing[*]}" >&2
		echo "  apt-get install --no-install-recommends ${missing[*]}" >&2
	fi
fi

# Node: the host's node may come from elsewhere (another version); then
# Debian's amd64 nodejs of the sysroot's version is unpacked beside it.
shopt -s nullglob
node_debs=("$cache"/nodejs_*_arm64.deb)
if [ ${#node_debs[@]} -gt 0 ]; then
	node_deb=${node_debs[0]}
	version=$(dpkg-deb -f "$node_deb" Version)
	host_version=$(dpkg-query -W -f='${Version}' nodejs 2>/dev/null || true)
	if [ "$host_version" != "$version" ] && [ ! -x "$build/native-node/usr/bin/node" ]; then
		libnode=$(dpkg-deb -f "$node_deb" Depends | grep -o 'libnode[0-9]*' | head -n 1)
		(cd "$cache" && apt-get download -q "nodejs:amd64=$version" "$libnode:amd64=$version")
		for deb in "$cache/nodejs_${version//:/%3a}_amd64.deb" "$cache/${libnode}_${version//:/%3a}_amd64.deb"; do
			dpkg-deb -x "$deb" "$build/native-node"
		done
	fi
fi

# Python's bytecode for the sysroot's standard library, written by the
# host's python3.11 (the same version; .pyc files do not depend on the
# architecture), so no runner compiles the library during a timed run.
if [ -d "$sysroot/usr/lib/python3.11" ] && [ -x /usr/bin/python3.11 ]; then
	/usr/bin/python3.11 -m compileall -q -j 2 -s "$sysroot" \
		"$sysroot/usr/lib/python3.11" >/dev/null || true
fi
echo "setup: done ($sysroot)"
