#!/bin/bash
# Bad-input tests: arx must refuse unusable programs and command lines with a
# one-line "arx: ..." message on stderr, nothing on stdout and a non-zero
# status (never a crash). Fixtures are made here with dd/printf, no python.
#
# usage: run-bad-tests.sh
# environment: ARX (default "$top_builddir/arx"), CC_AARCH64 (default
# aarch64-linux-gnu-gcc; without it the ELF-patching cases are skipped).

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$srcdir/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
TIMEOUT=10

arx_prog=${ARX%% *}
if ! command -v "$arx_prog" >/dev/null 2>&1; then
	echo "ERROR: emulator '$arx_prog' not found (set ARX or build arx first)" >&2
	exit 99
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/arx-bad.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

pass=0
fail=0
skip=0

# run ARGS...: runs arx, leaving stdout/stderr/status in $work.
run() {
	# The subshell reaps arx itself, so bash's "Segmentation fault" notice
	# goes to /dev/null; the recorded status still says what happened.
	(
		# shellcheck disable=SC2086 # ARX may carry options
		timeout "$TIMEOUT" $ARX "$@" >"$work/out" 2>"$work/err" </dev/null
		echo $? >"$work/rc"
	) 2>/dev/null
}

result() {
	local name=$1 why=$2
	if [ -z "$why" ]; then
		echo "PASS: $name"
		pass=$((pass + 1))
		return
	fi
	echo "FAIL: $name"
	echo "  $why"
	echo "  status=$(cat "$work/rc") stdout=$(head -c 200 "$work/out" | tr '\n' '|')"
	echo "  stderr=$(head -c 300 "$work/err" | tr '\n' '|')"
	fail=$((fail + 1))
}

skipped() {
	echo "SKIP: $1 ($2)"
	skip=$((skip + 1))
}

# status_problem: empty when the status is a clean refusal: non-zero, not
# timeout's 124..127, not 128+signal (129..159, a crash or a kill).
status_problem() {
	local rc
	rc=$(cat "$work/rc")
	if [ "$rc" -eq 0 ]; then
		echo "exit status 0, expected failure"
	elif [ "$rc" -eq 124 ]; then
		echo "timed out"
	elif [ "$rc" -ge 125 ] && [ "$rc" -le 127 ]; then
		echo "exit status $rc: could not run arx"
	elif [ "$rc" -ge 129 ] && [ "$rc" -le 159 ]; then
		echo "exit status $rc: killed by signal $((rc - 128))"
	fi
}

# refuse NAME "TEXT1[|ALT]" [TEXT2...] -- ARGS...: strict one-line refusal.
refuse() {
	local name=$1
	shift
	local words=()
	while [ "$1" != "--" ]; do
		words+=("$1")
		shift
	done
	shift
	run "$@"
	local why
	why=$(status_problem)
	[ -z "$why" ] && [ -s "$work/out" ] && why="stdout is not empty"
	[ -z "$why" ] && [ "$(wc -l <"$work/err")" -ne 1 ] &&
		why="stderr is not exactly one line"
	[ -z "$why" ] && ! head -n 1 "$work/err" | grep -q '^arx: ' &&
		why="stderr does not start with \"arx: \""
	[ -z "$why" ] && why=$(missing_any "${words[@]}")
	result "$name" "$why"
}

# missing_any "A|B" "C": each argument is a set of alternatives.
missing_any() {
	local set alt found
	for set in "$@"; do
		found=0
		IFS='|' read -ra alts <<<"$set"
		for alt in "${alts[@]}"; do
			grep -qF -- "$alt" "$work/err" && found=1
		done
		if [ "$found" = 0 ]; then
			echo "stderr lacks \"$set\""
			return
		fi
	done
}

# option_error NAME TEXT -- ARGS...: first stderr line is "arx: ...TEXT...";
# more lines (a usage hint) are allowed.
option_error() {
	local name=$1 text=$2
	shift 3
	run "$@"
	local why
	why=$(status_problem)
	[ -z "$why" ] && [ -s "$work/out" ] && why="stdout is not empty"
	[ -z "$why" ] && ! head -n 1 "$work/err" | grep -q '^arx: ' &&
		why="first stderr line does not start with \"arx: \""
	[ -z "$why" ] && ! head -n 1 "$work/err" | grep -qF -- "$text" &&
		why="first stderr line lacks \"$text\""
	result "$name" "$why"
}

# patch FILE OFFSET PRINTF-BYTES: overwrite bytes in place.
patch() {
	# shellcheck disable=SC2059 # the bytes are a printf format on purpose
	printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# ---- command-line errors ----
run
why=$(status_problem)
[ -z "$why" ] && [ "$(cat "$work/rc")" -ne 1 ] && why="exit status is not 1"
[ -z "$why" ] && ! cat "$work/out" "$work/err" | grep -q '[Uu]sage' &&
	why="no usage message"
result "no-program" "$why"

option_error "unknown-option" "unknown option" -- -Z "$work/none"
option_error "bad-debug-item" "bogus" -- -d bogus "$work/none"

run -d help
why=""
[ "$(cat "$work/rc")" -ne 0 ] && why="-d help exit status is not 0"
[ -z "$why" ] && ! cat "$work/out" "$work/err" | grep -q 'in_asm' &&
	why="-d help does not list in_asm"
result "debug-help" "$why"

# ---- files that are not programs ----
refuse "missing-file" "No such file or directory" -- "$work/does-not-exist"
mkdir "$work/a-directory"
chmod 755 "$work/a-directory"
refuse "directory" "not a regular file" -- "$work/a-directory"
: >"$work/empty"
chmod 755 "$work/empty"
refuse "empty-file" "not an ELF file" -- "$work/empty"
printf '#!/bin/sh\necho hello\n' >"$work/script.sh"
chmod 755 "$work/script.sh"
refuse "shell-script" "not an ELF file" -- "$work/script.sh"
printf 'just some text, long enough to hold an ELF header and more: %064d\n' 0 \
	>"$work/text"
chmod 755 "$work/text"
refuse "text-file" "not an ELF file" -- "$work/text"
host_true=$(command -v true)
[ -x /bin/true ] && host_true=/bin/true
refuse "x86-64-elf" "ELF machine is x86-64, not AArch64 or ARM" -- "$host_true"

# ---- patched aarch64 ELF files ----
if ! command -v "$CC_AARCH64" >/dev/null 2>&1; then
	for t in no-exec-permission elf32 truncated-64 truncated-100 et-rel \
		machine-x86-64 phoff-past-eof bad-interpreter bad-interpreter-sysroot \
		bad-interpreter-env-sysroot missing-interpreter-env; do
		skipped "$t" "no $CC_AARCH64"
	done
else
	printf 'int main(void) { return 0; }\n' >"$work/tiny.c"
	if ! "$CC_AARCH64" -O2 -static -o "$work/static" "$work/tiny.c" ||
		! "$CC_AARCH64" -O2 -o "$work/dynamic" "$work/tiny.c"; then
		echo "ERROR: cannot build fixtures with $CC_AARCH64" >&2
		exit 99
	fi

	cp "$work/static" "$work/noexec"
	chmod 644 "$work/noexec"
	refuse "no-exec-permission" "Permission denied" -- "$work/noexec"

	# EI_CLASS (offset 4) = ELFCLASS32, e_machine (18) = EM_ARM (40).
	cp "$work/static" "$work/elf32"
	patch "$work/elf32" 4 '\001'
	patch "$work/elf32" 18 '\050\000'
	refuse "elf32" "ARM ELF with EABI version 0 (only EABI5" -- "$work/elf32"

	head -c 64 "$work/static" >"$work/trunc64"
	head -c 100 "$work/static" >"$work/trunc100"
	chmod 755 "$work/trunc64" "$work/trunc100"
	refuse "truncated-64" "truncated or corrupt ELF" -- "$work/trunc64"
	refuse "truncated-100" "truncated or corrupt ELF" -- "$work/trunc100"

	cp "$work/static" "$work/rel"
	patch "$work/rel" 16 '\001\000'  # e_type = ET_REL
	refuse "et-rel" "not an executable" -- "$work/rel"

	cp "$work/static" "$work/x86mach"
	patch "$work/x86mach" 18 '\076\000'  # e_machine = EM_X86_64
	refuse "machine-x86-64" "x86-64" -- "$work/x86mach"

	cp "$work/static" "$work/phoff"
	patch "$work/phoff" 32 '\000\000\000\020\000\000\000\000'  # 256 MiB
	refuse "phoff-past-eof" "truncated or corrupt ELF" -- "$work/phoff"

	# PT_INTERP: overwrite the interpreter path in .interp, same length.
	interp=/lib/ld-linux-aarch64.so.1
	off=$(grep -obUaF "$interp" "$work/dynamic" | head -n 1 | cut -d: -f1)
	mkdir "$work/empty-sysroot"
	if [ -n "$off" ]; then
		cp "$work/dynamic" "$work/badinterp"
		# "/nonexistent/ld.so" (18 bytes) + 8 NULs = 26 = strlen($interp).
		patch "$work/badinterp" "$off" '/nonexistent/ld.so\0\0\0\0\0\0\0\0'
		refuse "bad-interpreter" "interpreter" "not found|No such file" \
			-- "$work/badinterp"
		refuse "bad-interpreter-sysroot" "interpreter" "not found|No such file" \
			-- -L "$work/empty-sysroot" "$work/badinterp"
		# ARX_LD_PREFIX is -L's default: the same refusal.
		ARX_LD_PREFIX="$work/empty-sysroot" refuse "bad-interpreter-env-sysroot" \
			"interpreter" "not found|No such file" -- "$work/badinterp"
	else
		skipped "bad-interpreter" "no $interp string in fixture"
		skipped "bad-interpreter-sysroot" "no $interp string in fixture"
		skipped "bad-interpreter-env-sysroot" "no $interp string in fixture"
	fi
	# An ARX_LD_PREFIX without the interpreter wins over the default
	# sysroot: the message names the interpreter and suggests -L.
	if [ ! -e "$interp" ]; then
		ARX_LD_PREFIX="$work/empty-sysroot" refuse "missing-interpreter-env" \
			"$interp" "-L" -- "$work/dynamic"
	else
		skipped "missing-interpreter-env" "$interp exists on this host"
	fi
fi

# Guest-side refusals: an instruction arx does not implement is SIGILL in
# the guest (named with encoding and pc under -d unimp), an unknown syscall
# is -ENOSYS (named once under -d unimp); the guest's stdout stays its own.
if [ -x "$work/static" ]; then
	cat >"$work/guest-bad.c" <<'EOF_C'
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/syscall.h>
int main(int argc, char **argv)
{
	if (argc > 1) {
		printf("before\n");
		fflush(stdout);
		__asm__ volatile(".inst 0x00000000"); /* UDF #0 */
		printf("after\n");
		return 0;
	}
	long r1 = syscall(444), e1 = errno, r2 = syscall(444), e2 = errno;
	printf("%ld %ld %ld %ld\n", r1, e1, r2, e2);
	return 0;
}
EOF_C
	if "$CC_AARCH64" -O2 -static -o "$work/guest-bad" "$work/guest-bad.c"; then
		run -d unimp "$work/guest-bad" udf
		why=""
		[ "$(cat "$work/rc")" = 132 ] || why="status is not 128+SIGILL"
		[ "$(cat "$work/out")" = before ] || why="guest stdout is not just 'before'"
		grep -q "0x00000000 at pc 0x" "$work/err" || why="-d unimp does not name encoding and pc"
		result "unimplemented-insn-sigill" "$why"

		run -d unimp "$work/guest-bad"
		why=""
		[ "$(cat "$work/rc")" = 0 ] || why="guest did not exit 0"
		[ "$(cat "$work/out")" = "-1 38 -1 38" ] || why="guest did not see -ENOSYS twice"
		[ "$(grep -c 'unimplemented syscall 444' "$work/err")" = 1 ] ||
			why="-d unimp does not name syscall 444 exactly once"
		result "unknown-syscall-enosys" "$why"

		# The log never mixes into the guest's stdout; stats come at exit.
		run -d stats "$work/guest-bad"
		why=""
		[ "$(cat "$work/rc")" = 0 ] || why="guest did not exit 0"
		[ "$(cat "$work/out")" = "-1 38 -1 38" ] || why="guest stdout changed by -d stats"
		grep -q "blocks translated" "$work/err" || why="-d stats printed no counters"
		result "debug-stats-on-stderr" "$why"

		# -d perfmap names each block for perf: "host-addr size guest_pc",
		# the entry point among them; nothing reaches the guest's stdout.
		why=""
		sh -c 'echo $$ >"$1"; shift; exec "$@"' sh "$work/pid" \
			$ARX -d perfmap "$work/guest-bad" >"$work/out" 2>/dev/null </dev/null
		map=/tmp/perf-$(cat "$work/pid").map
		entry=$(LC_ALL=C readelf -h "$work/guest-bad" 2>/dev/null |
			sed -n 's/.*Entry point address: *0x0*//p')
		[ "$(cat "$work/out")" = "-1 38 -1 38" ] || why="guest stdout changed by -d perfmap"
		[ -s "$map" ] || why="no $map"
		grep -vqE '^[0-9a-f]+ [0-9a-f]+ guest_[0-9a-f]+$' "$map" 2>/dev/null &&
			why="a line of $map is not 'addr size guest_pc'"
		[ -z "$entry" ] || grep -q " guest_$entry\$" "$map" 2>/dev/null ||
			why="$map does not name the entry point $entry"
		rm -f "$map"
		result "debug-perfmap" "$why"
	else
		skipped "guest-side refusals" "fixture does not compile"
	fi
fi

[ "$skip" -gt 0 ] && echo "($skip skipped)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
