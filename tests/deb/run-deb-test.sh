#!/bin/bash
# The Debian package, end to end: builds it (tools/build-deb: dpkg-buildpackage
# and lintian), installs it with dpkg -i, checks the binfmt_misc entries it
# registers (interpreter /usr/bin/arx, flags F, P, C) and runs arm64 (and,
# with the armhf cross compiler, armhf) static programs by path through
# them, then purges the package and checks the entries are gone. qemu's ARM
# entries are disabled meanwhile; every entry is restored on exit. Takes
# about 2 minutes (the package build: 90-105 s on 2 cores).
# Skips (77) unless root with binfmt_misc, dpkg-buildpackage and the aarch64
# cross compiler, or when a package named arx is installed already.
#
# usage: run-deb-test.sh
# environment: CC_AARCH64 (default aarch64-linux-gnu-gcc), CC_ARMHF (default
# arm-linux-gnueabihf-gcc), DEB_OUT (keep the built packages there),
# DEB_BUILD_OPTIONS (passed on).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=${top_srcdir:-$(cd "$here/../.." && pwd)}
cc=${CC_AARCH64:-aarch64-linux-gnu-gcc}
cc_arm=${CC_ARMHF:-arm-linux-gnueabihf-gcc}
work=
installed=0
pass=0
fail=0

. "$top/tests/binfmt/lib.sh"

skip() {
	echo "SKIP: $*"
	exit 77
}

# check NAME WANT GOT
check() {
	if [ "$2" = "$3" ]; then
		echo "PASS: $1"
		pass=$((pass + 1))
	else
		echo "FAIL: $1: expected [$2], got [$3]"
		fail=$((fail + 1))
	fi
}

cleanup() {
	[ "$installed" = 0 ] || dpkg --purge arx >/dev/null 2>&1
	binfmt_restore
	[ -z "$work" ] || rm -rf "$work"
}

check_prerequisites() {
	[ "$(id -u)" = 0 ] || skip "needs root (dpkg -i, binfmt_misc)"
	command -v dpkg-buildpackage >/dev/null || skip "no dpkg-buildpackage (dpkg-dev)"
	[ -e /usr/share/perl5/Debian/Debhelper/Dh_Lib.pm ] || skip "no debhelper"
	command -v "$cc" >/dev/null || skip "no $cc"
	if ! git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
		[ -e "$top/config.status" ]; then
		skip "$top is configured in place and not a git tree (tools/build-deb cannot copy it)"
	fi
	if dpkg-query -W -f='${Status}' arx 2>/dev/null | grep -q 'ok installed'; then
		skip "a package named arx is installed already"
	fi
}

# disable_other_arm_entries: qemu-aarch64, qemu-arm & co. must not answer.
disable_other_arm_entries() {
	local f
	for f in "$BINFMT_DIR"/*; do
		case ${f##*/} in register | status | arx-*) continue ;; esac
		[ "$(head -n 1 "$f" 2>/dev/null)" = enabled ] || continue
		if grep -Eq '^magic 7f454c46(0201|0101).{24}(b700|2800)' "$f"; then
			echo 0 >"$f" && echo "disabled ${f##*/}"
		fi
	done
}

build_programs() {
	cat >"$work/hello.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    printf("hello %s argc=%d var=%s\n", argv[0], argc,
           getenv("ARX_DEB_VAR") ? getenv("ARX_DEB_VAR") : "-");
    return 0;
}
EOF
	"$cc" -static -O2 -o "$work/hello-arm64" "$work/hello.c" || return 1
	if command -v "$cc_arm" >/dev/null; then
		"$cc_arm" -static -O2 -o "$work/hello-armhf" "$work/hello.c" || return 1
	fi
}

# entry_field NAME FIELD: a line of /proc/sys/fs/binfmt_misc/NAME.
entry_field() {
	sed -n "s/^$2 //p" "$BINFMT_DIR/$1" 2>/dev/null
}

test_installed() {
	local name flags ok letter n page
	for name in arx-aarch64 arx-arm; do
		check "$name registered, enabled" enabled "$(head -n 1 "$BINFMT_DIR/$name" 2>/dev/null)"
		check "$name interpreter" /usr/bin/arx "$(entry_field "$name" interpreter)"
		flags=$(entry_field "$name" flags:) ok=yes
		for letter in F P C; do
			case $flags in *$letter*) ;; *) ok=no ;; esac
		done
		check "$name flags F, P, C (kernel: $flags)" yes "$ok"
	done
	check "installed arx-binfmt finds /usr/bin/arx" 1 \
		"$(arx-binfmt status | grep -c '^  replace arx-aarch64: /usr/bin/arx ')"
	check "binfmt.d file" 2 "$(grep -c '^:arx-' /usr/lib/binfmt.d/arx.conf 2>/dev/null)"
	n=0
	for page in arx arx-binfmt arx-system; do
		[ -f "/usr/share/man/man1/$page.1.gz" ] && n=$((n + 1))
	done
	check "man pages" 3 "$n"
	if command -v readelf >/dev/null; then
		check "/usr/bin/arx is static-pie" "DYN no-interp" \
			"$(readelf -h /usr/bin/arx | sed -n 's/^ *Type: *\([A-Z]*\).*/\1/p') $(readelf -l /usr/bin/arx |
				grep -q 'program interpreter' && echo interp || echo no-interp)"
	fi
}

test_run_by_path() {
	local out
	out=$(cd "$work" && ARX_SET_ENV=ARX_DEB_VAR=set ./hello-arm64 a b 2>&1)
	# var=set: arx read ARX_SET_ENV, so no other emulator ran it.
	check "arm64 program by path" "hello ./hello-arm64 argc=3 var=set" "$out"
	if [ -x "$work/hello-armhf" ]; then
		out=$(cd "$work" && ./hello-armhf a 2>&1)
		check "armhf program by path" "hello ./hello-armhf argc=2 var=-" "$out"
	fi
}

test_removed() {
	local name
	for name in arx-aarch64 arx-arm; do
		check "$name gone after purge" gone "$([ -e "$BINFMT_DIR/$name" ] && echo present || echo gone)"
	done
	check "/usr/bin/arx gone" gone "$([ -e /usr/bin/arx ] && echo present || echo gone)"
}

main() {
	local out deb start t
	check_prerequisites
	# Locked first: another binfmt test may unmount binfmt_misc when it ends.
	binfmt_lock
	binfmt_usable || skip "binfmt_misc is not mounted and cannot be mounted"
	work=$(mktemp -d "${TMPDIR:-/tmp}/arx-deb-test.XXXXXX") || exit 99
	trap cleanup EXIT
	trap 'exit 130' INT TERM
	binfmt_save "$work/saved-state"
	build_programs || skip "cannot build the test programs"
	out=${DEB_OUT:-$work/out}
	start=$(date +%s)
	"$top/tools/build-deb" -o "$out" "$top" >"$work/build-deb.out" 2>&1
	check "package built, lintian without errors" 0 "$?"
	cat "$work/build-deb.out"
	deb=$(tail -n 1 "$work/build-deb.out")
	t=$(($(date +%s) - start))
	echo "build and lintian: ${t}s"
	[ -f "$deb" ] || { echo "FAIL: no package"; exit 1; }
	disable_other_arm_entries
	installed=1
	dpkg -i "$deb" || { echo "FAIL: dpkg -i $deb"; exit 1; }
	# Under systemd, the binfmt.d trigger restarts systemd-binfmt, which
	# registers qemu's entries again, after arx's (file name order).
	disable_other_arm_entries
	test_installed
	test_run_by_path
	dpkg --purge arx || fail=$((fail + 1))
	installed=0
	test_removed
	echo "total: $(($(date +%s) - start))s"
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ]
}

main "$@"
