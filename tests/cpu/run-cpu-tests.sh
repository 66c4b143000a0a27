#!/bin/bash
# -cpu and ARX_CPU: for each model, tests/cpu/cpu_probe.c must find every
# optional feature either wholly on (AT_HWCAP bit, ID_AA64ISARn field,
# /proc/cpuinfo name, the instruction runs) or wholly off (all absent,
# SIGILL); CSSC results must match C; a re-executed guest keeps the model;
# tests/cpu/pauth_keys.c: FPAC, error codes, enabled keys, PACGA vector;
# tests/cpu/mte_ctl.c: MTE where Linux and qemu differ, and with -mte.
# tests/cpu/sve_vl.c: the SVE vector length (prctl, fork, exec, -sve-vl).
# tests/cpu/sve_mte.c: MTE tag checks of SVE accesses (sve_mte.expected).
#
# usage: run-cpu-tests.sh
# environment: ARX (default "$top_builddir/arx"), CC_AARCH64 (default
# aarch64-linux-gnu-gcc; without it the script skips, status 77).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${top_srcdir:-$(cd "$here/../.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
FEATURES="flagm flagm2 dotprod i8mm sm3 sm4 rng jscvt fcma lrcpc lrcpc2 frintts bf16 sb cssc hbc wfxt lse2 bti mte pauth mops fpac fpaccombine sve sve2 sve2bitperm sve2aes sve2sha3 sve2sm4"

if ! command -v "$CC_AARCH64" >/dev/null 2>&1; then
	echo "SKIP: aarch64 cross compiler '$CC_AARCH64' not found"
	exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/arx-cpu.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
probe=$work/cpu_probe
if ! "$CC_AARCH64" -static -O1 -o "$probe" "$here/cpu_probe.c" 2>"$work/cc.log"; then
	cat "$work/cc.log"
	exit 99
fi

sve_prog=$work/sve_vl
if ! "$CC_AARCH64" -static -O1 -o "$sve_prog" "$here/sve_vl.c" 2>"$work/cc.log"; then
	cat "$work/cc.log"
	exit 99
fi

keys_prog=$work/pauth_keys
if ! "$CC_AARCH64" -static -O1 -pthread -o "$keys_prog" "$here/pauth_keys.c" \
	2>"$work/cc.log"; then
	cat "$work/cc.log"
	exit 99
fi

mte_prog=$work/mte_ctl
if ! "$CC_AARCH64" -static -O1 -pthread -o "$mte_prog" "$here/mte_ctl.c" \
	2>"$work/cc.log"; then
	cat "$work/cc.log"
	exit 99
fi

pass=0
fail=0

# expect ON...: the probe's output when exactly the features named are on.
expect() {
	local f state
	for f in $FEATURES; do
		state=off
		case " $* " in *" $f "*) state=on ;; esac
		echo "$f $state"
	done
	case " $* " in *" cssc "*) echo "cssc values ok" ;; esac
}

# run NAME "ON..." ARX-ARGS...: the probe under arx ARX-ARGS.
run() {
	local name=$1 on=$2
	shift 2
	expect $on >"$work/want"
	timeout 20 "$@" >"$work/got" 2>"$work/err"
	if cmp -s "$work/want" "$work/got"; then
		echo "PASS: $name"
		pass=$((pass + 1))
	else
		echo "FAIL: $name"
		diff -u --label want --label got "$work/want" "$work/got" | head -20
		head -3 "$work/err"
		fail=$((fail + 1))
	fi
}

check() {
	if [ "$2" = 1 ]; then
		echo "PASS: $1"
		pass=$((pass + 1))
	else
		echo "FAIL: $1"
		fail=$((fail + 1))
	fi
}

# max: every feature; nosve: max without SVE (and the SVE2 features, which
# need it).
all=$FEATURES
nosve=${FEATURES% sve sve2 sve2bitperm sve2aes sve2sha3 sve2sm4}
run "default is max" "$all" "$ARX" "$probe"
run "-cpu max" "$all" "$ARX" -cpu max "$probe"
run "-cpu v8.0" "" "$ARX" -cpu v8.0 "$probe"
run "-cpu v8.0,+dotprod,+cssc" "dotprod cssc" \
	"$ARX" -cpu v8.0,+dotprod,+cssc "$probe"
run "-cpu max,-flagm,-lrcpc (and what needs them)" \
	"dotprod i8mm sm3 sm4 rng jscvt fcma frintts bf16 sb cssc hbc wfxt lse2 bti mte pauth mops fpac fpaccombine sve sve2 sve2bitperm sve2aes sve2sha3 sve2sm4" \
	"$ARX" -cpu max,-flagm,-lrcpc "$probe"
run "-cpu max,-fpac" "${all/ fpac fpaccombine/}" "$ARX" -cpu max,-fpac "$probe"
run "-cpu max,-pauth (and fpac, which needs it)" "${all/ pauth mops fpac fpaccombine/ mops}" \
	"$ARX" -cpu max,-pauth "$probe"
run "-cpu v8.0,+fpac needs pauth" "" "$ARX" -cpu v8.0,+fpac "$probe"
run "-cpu max,-fpaccombine" "${all/ fpaccombine/}" \
	"$ARX" -cpu max,-fpaccombine "$probe"
run "-cpu v8.0,+pauth,+fpaccombine needs fpac" "pauth" \
	"$ARX" -cpu v8.0,+pauth,+fpaccombine "$probe"
run "-cpu max,-mops" "${all/ mops/}" "$ARX" -cpu max,-mops "$probe"
run "-cpu v8.0,+mops" "mops" "$ARX" -cpu v8.0,+mops "$probe"
run "-cpu v8.0,+lrcpc2 needs lrcpc" "" "$ARX" -cpu v8.0,+lrcpc2 "$probe"
run "ARX_CPU=v8.0" "" env ARX_CPU=v8.0 "$ARX" "$probe"
run "-cpu wins over ARX_CPU" "$all" env ARX_CPU=v8.0 "$ARX" -cpu max "$probe"
run "re-executed guest keeps -cpu" "jscvt" \
	"$ARX" -cpu v8.0,+jscvt "$probe" exec
run "-cpu max,+sve (already in max)" "$all" "$ARX" -cpu max,+sve "$probe"
run "-cpu max,-sve (and the sve2 features, which need it)" "$nosve" \
	"$ARX" -cpu max,-sve "$probe"
run "-cpu max,-sve2 (and what needs it)" "$nosve sve" \
	"$ARX" -cpu max,-sve2 "$probe"
run "-cpu v8.0,+sve" "sve" "$ARX" -cpu v8.0,+sve "$probe"
run "-cpu max,-sve2aes,-sve2sm4" "$nosve sve sve2 sve2bitperm sve2sha3" \
	"$ARX" -cpu max,-sve2aes,-sve2sm4 "$probe"
run "-cpu v8.0,+sve,+sve2,+sve2bitperm" "sve sve2 sve2bitperm" \
	"$ARX" -cpu v8.0,+sve,+sve2,+sve2bitperm "$probe"
run "-cpu v8.0,+sve,+sve2aes needs sve2" "sve" \
	"$ARX" -cpu v8.0,+sve,+sve2aes "$probe"
run "-cpu v8.0,+sve2 needs sve" "" "$ARX" -cpu v8.0,+sve2 "$probe"
run "-cpu v8.0,+sve,+sve2bitperm needs sve2" "sve" \
	"$ARX" -cpu v8.0,+sve,+sve2bitperm "$probe"

# keys NAME WANT ARX-ARGS...: tests/cpu/pauth_keys.c's output must be WANT.
keys() {
	local name=$1 want=$2
	shift 2
	printf '%s\n' "$want" >"$work/want"
	timeout 20 "$@" >"$work/got" 2>"$work/err"
	if cmp -s "$work/want" "$work/got"; then
		echo "PASS: $name"
		pass=$((pass + 1))
	else
		echo "FAIL: $name"
		diff -u --label want --label got "$work/want" "$work/got" | head -20
		fail=$((fail + 1))
	fi
}

keys "pauth: FPAC traps a failed AUT (SIGILL, ILL_ILLOPN, ESR EC 0x1c)" \
	"AUTIA bad: signal 4 code 2 at the insn 1, ESR EC 0x1c ISS 0
AUTDB bad: signal 4 code 2 at the insn 1, ESR EC 0x1c ISS 3" \
	"$ARX" "$keys_prog" fpac
keys "pauth: -fpac puts the key's error code in bits 54:53" \
	"AUTIA bad: result 0020aaaabbbb1000
AUTDB bad: result 0040aaaabbbb1000" \
	"$ARX" -cpu max,-fpac "$keys_prog" nofpac
keys "fpaccombine: BRAA, BLRAB, RETAA, LDRAA, LDRAB trap at the insn" \
	"BRAA bad: signal 4 code 2 at the insn 1, ESR EC 0x1c ISS 0
BLRAB bad: signal 4 code 2 at the insn 1, ESR EC 0x1c ISS 1
RETAA bad: signal 4 code 2 at the insn 1, ESR EC 0x1c ISS 0
LDRAA bad: signal 4 code 2 at the insn 1, ESR EC 0x1c ISS 2
LDRAB bad: signal 4 code 2 at the insn 1, ESR EC 0x1c ISS 3" \
	"$ARX" "$keys_prog" combine
keys "fpaccombine: without it the spoiled pointer faults where used" \
	"BRAA bad: signal 11
BLRAB bad: signal 11
RETAA bad: signal 11
LDRAA bad: signal 11
LDRAB bad: signal 11" "$ARX" -cpu max,-fpaccombine "$keys_prog" nocombine
keys "pauth: PR_PAC_SET/GET_ENABLED_KEYS, threads, exec" "enabled 15
disable IA 0, enabled 14
IA off: PACIA leaves 1, AUTIA leaves 1
IB still signs 1
IA off: BLRAA of an unsigned pointer calls 1
thread inherits enabled 14
errors: enable outside keys -1 22, GA -1 22, GET arg -1 22, RESET arg3 -1 22
after exec enabled 15" "$ARX" "$keys_prog" keys
keys "pauth: PACGA known answer under ARX_PAUTH_TEST_KEYS" \
	"PACGA c003b93900000000" env \
	ARX_PAUTH_TEST_KEYS=84be85ce9804e94b:ec2802d4e0a488e9 "$ARX" "$keys_prog" kat
keys "pauth: the prctls fail with -pauth" "prctl -1 errno 22" \
	"$ARX" -cpu max,-pauth "$keys_prog"

keys "mte: Linux's answers where qemu's differ (files, DC ZVA, mremap, si_addr, exec)" \
	"regular file PROT_MTE: EINVAL
mprotect file PROT_MTE: EINVAL
memfd PROT_MTE: mapped
mremap: tags 12 11, grown part 0
dc zva: matching ok, mismatch signal 11 code 9 at +0x108 tag 3
without SA_EXPOSE_TAGBITS: code 9 at +0x105 tag 0
thread inherits ctrl 0x7fff3
after exec ctrl 0" "$ARX" "$mte_prog"
keys "mte: -mte refuses PROT_MTE and tag check modes, keeps TBI" \
	"mmap PROT_MTE: EINVAL
mprotect PROT_MTE: -1 errno 22
tagged address ABI alone: 0
with a tag check mode: -1 errno 22
load through a tagged pointer: 9
irg: signal 4" "$ARX" -cpu max,-mte "$mte_prog" nomte
keys "sve: PR_SVE_SET_VL, ONEXEC, INHERIT across fork and exec" \
	"start vl 32 get 0x20
onexec 64: 0x40
now vl 32 get 0x20
set 16: 0x10 vl 16
onexec 64 again: 0x40
child vl 16
after onexec: vl 64 get 0x40
inherit 16: 0x20010
after inherit: vl 16 get 0x20010
set 32: 0x20
after plain: vl 32 get 0x20" "$ARX" -cpu max,+sve -sve-vl 256 "$sve_prog"
keys "sve: ARX_SVE_VL=512" "after plain: vl 64 get 0x40" \
	env ARX_SVE_VL=512 "$ARX" -cpu max,+sve "$sve_prog" after-plain
keys "sve: the prctls fail without sve" "prctl -1 errno 22" \
	"$ARX" -cpu max,-sve "$sve_prog" nosve
"$ARX" -cpu max,-sve -sve-vl 384 "$sve_prog" nosve >/dev/null 2>"$work/err"
rc=$?
[ $rc = 1 ] && grep -q "384" "$work/err"
check "-sve-vl 384 is an error" $((! $?))

# MTE tag checks of SVE accesses: against the reviewed expected output
# (qemu 7.2 leaves most of them unchecked).
if "$CC_AARCH64" -static -O1 -march=armv9-a+sve2+memtag+f64mm \
	-o "$work/sve_mte" "$here/sve_mte.c" 2>"$work/cc.log"; then
	timeout 60 "$ARX" -cpu max,+sve,+sve2 "$work/sve_mte" >"$work/got" 2>&1
	cmp -s "$here/sve_mte.expected" "$work/got"
	rc=$?
	[ $rc = 0 ] || diff -u "$here/sve_mte.expected" "$work/got" | head -20
	check "sve+mte: tag checks of SVE loads, stores, gathers, FF/NF" $((!rc))
else
	echo "SKIP: sve+mte: $CC_AARCH64 lacks +sve2+memtag+f64mm"
fi

help=$("$ARX" -cpu help 2>&1)
ok=1
for f in $FEATURES v8.0 max; do
	grep -q "^  $f " <<<"$help" || ok=0
done
check "-cpu help lists the models and features" $ok
"$ARX" -cpu max,+nosuch "$probe" >/dev/null 2>"$work/err"
rc=$?
[ $rc = 1 ] && grep -q "nosuch" "$work/err"
check "an unknown feature is an error" $((! $?))

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
