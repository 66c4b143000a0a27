#!/bin/bash
# -cpu and ARX_CPU: for each model, tests/cpu/cpu_probe.c must find every
# optional feature either wholly on (AT_HWCAP bit, ID_AA64ISARn field,
# /proc/cpuinfo name, the instruction runs) or wholly off (all absent,
# SIGILL); CSSC results must match C; a re-executed guest keeps the model.
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
FEATURES="flagm flagm2 dotprod i8mm sm3 sm4 rng jscvt fcma lrcpc lrcpc2 frintts bf16 sb cssc hbc pauth fpac"

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

all=$FEATURES
run "default is max" "$all" "$ARX" "$probe"
run "-cpu max" "$all" "$ARX" -cpu max "$probe"
run "-cpu v8.0" "" "$ARX" -cpu v8.0 "$probe"
run "-cpu v8.0,+dotprod,+cssc" "dotprod cssc" \
	"$ARX" -cpu v8.0,+dotprod,+cssc "$probe"
run "-cpu max,-flagm,-lrcpc (and what needs them)" \
	"dotprod i8mm sm3 sm4 rng jscvt fcma frintts bf16 sb cssc hbc pauth fpac" \
	"$ARX" -cpu max,-flagm,-lrcpc "$probe"
run "-cpu max,-fpac" "${all% fpac}" "$ARX" -cpu max,-fpac "$probe"
run "-cpu max,-pauth (and fpac, which needs it)" "${all% pauth fpac}" \
	"$ARX" -cpu max,-pauth "$probe"
run "-cpu v8.0,+fpac needs pauth" "" "$ARX" -cpu v8.0,+fpac "$probe"
run "-cpu v8.0,+lrcpc2 needs lrcpc" "" "$ARX" -cpu v8.0,+lrcpc2 "$probe"
run "ARX_CPU=v8.0" "" env ARX_CPU=v8.0 "$ARX" "$probe"
run "-cpu wins over ARX_CPU" "$all" env ARX_CPU=v8.0 "$ARX" -cpu max "$probe"
run "re-executed guest keeps -cpu" "jscvt" \
	"$ARX" -cpu v8.0,+jscvt "$probe" exec

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
