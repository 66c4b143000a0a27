#!/bin/bash
# The layering rule holds (tools/check-layers): each folder includes only
# from the folders below it. First proves the checker catches a breach in
# a scratch tree, then checks the real one.
set -u
src=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
check=$src/tools/check-layers
pass=0
fail=0

scratch=$(mktemp -d "${TMPDIR:-/tmp}/arx-layers.XXXXXX") || exit 99
trap 'rm -rf "$scratch"' EXIT

# expect NAME WANT(0|1) FOLDER FILE INCLUDE: a scratch tree with one file
# including INCLUDE, checked.
expect() {
	local name=$1 want=$2 dir=$3 file=$4 inc=$5 got
	rm -rf "${scratch:?}"/*
	mkdir -p "$scratch/$dir"
	printf '#include "%s"\n' "$inc" >"$scratch/$dir/$file"
	"$check" "$scratch" >"$scratch.out" 2>&1
	got=$?
	[ "$got" -ne 0 ] && got=1
	if [ "$got" = "$want" ]; then
		echo "PASS: $name"
		pass=$((pass + 1))
	else
		echo "FAIL: $name (check-layers exited $got, expected $want):"
		cat "$scratch.out"
		fail=$((fail + 1))
	fi
	rm -f "$scratch.out"
}

expect "target-arm may not include linux-user" 1 target-arm a.c linux-user/user.h
expect "tcg may not include target-arm" 1 tcg b.c target-arm/cpu.h
expect "syscalls may not include tcg" 1 syscalls c.c tcg/tb.h
expect "syscalls may not include target internals" 1 syscalls d.c target-arm/helper_sys.h
expect "linux-user may not include the backend" 1 linux-user e.c tcg/x86_64/backend.h
expect "util may not include tcg" 1 util f.h tcg/ir.h
expect "target-arm may include tcg" 0 target-arm g.c tcg/ir.h
expect "syscalls may include linux-user" 0 syscalls h.c linux-user/user.h
expect "hw may not include target-arm" 1 hw i.c target-arm/cpu.h
expect "hw may not include tcg" 1 hw j.c tcg/softmmu.h
expect "system may not include linux-user" 1 system k.c linux-user/user.h
expect "system may not include syscalls" 1 system l.c syscalls/syscalls.h
expect "system may not include the backend" 1 system m.c tcg/x86_64/backend.h
expect "system may include hw and target-arm" 0 system n.c hw/hw.h

if "$check" "$src"; then
	echo "PASS: the tree follows the layering rule"
	pass=$((pass + 1))
else
	echo "FAIL: the tree breaks the layering rule (above)"
	fail=$((fail + 1))
fi
# arx gives host signals 32 and 33 to the guest (linux-user/signal.c,
# signal_take_over_libc_signals): no arx object may call the host libc
# functions that use them (SIGCANCEL, SIGSETXID, SIGEV_THREAD timers).
builddir=${top_builddir:-$src}
objs=$(find "$builddir/linux-user" "$builddir/syscalls" "$builddir/tcg" \
	"$builddir/target-arm" "$builddir/util" -name 'arx-*.o' 2>/dev/null)
libc_sig_users='pthread_cancel|timer_create|setuid|setgid|seteuid|setegid|setreuid|setregid|setresuid|setresgid|setgroups|initgroups'
if [ -z "$objs" ]; then
	echo "SKIP: no arx objects to check for the host libc's signal users"
elif used=$(gcc-nm -u $objs 2>/dev/null | awk '{print $2}' |
	grep -E -x "($libc_sig_users)"); then
	echo "FAIL: arx calls host libc functions that use signals 32/33: $used"
	fail=$((fail + 1))
else
	echo "PASS: arx calls none of the host libc's users of signals 32/33"
	pass=$((pass + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
