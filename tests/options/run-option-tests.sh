#!/bin/bash
# arx's options and their ARX_* variables: each variable has its option's
# effect, the command line wins over it, -E/-U (and ARX_SET_ENV,
# ARX_UNSET_ENV) edit the environment the guest sees, and a set-id arx
# (secure mode) ignores the variables (that case only as root).
#
# usage: run-option-tests.sh
# environment: ARX (default "$top_builddir/arx"), CC_AARCH64 (default
# aarch64-linux-gnu-gcc; without it the script skips, status 77).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${top_srcdir:-$(cd "$here/../.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
TIMEOUT=20

pass=0
fail=0
skip=0
work=

skip_all() {
	echo "SKIP: $*"
	exit 77
}

check() {
	local name=$1 want=$2 got=$3
	if [ "$want" = "$got" ]; then
		echo "PASS: $name"
		pass=$((pass + 1))
	else
		echo "FAIL: $name"
		echo "  expected [$want]"
		echo "  got      [$got]"
		fail=$((fail + 1))
	fi
}

skipped() {
	echo "SKIP: $1 ($2)"
	skip=$((skip + 1))
}

# A static program printing, for each NAME argument, NAME=VALUE, NAME
# unset, or NAME xN when the environment holds it N > 1 times.
build_program() {
	cat >"$work/getenv.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern char **environ;
int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        size_t len = strlen(argv[i]);
        int n = 0;
        for (char **e = environ; *e; e++)
            n += strncmp(*e, argv[i], len) == 0 && (*e)[len] == '=';
        if (n > 1)
            printf("%s x%d\n", argv[i], n);
        else if (getenv(argv[i]))
            printf("%s=%s\n", argv[i], getenv(argv[i]));
        else
            printf("%s unset\n", argv[i]);
    }
    return 0;
}
EOF
	"$CC_AARCH64" -static -O2 -o "$work/getenv" "$work/getenv.c" 2>/dev/null &&
		"$CC_AARCH64" -O2 -o "$work/getenv-dyn" "$work/getenv.c" 2>/dev/null
}

# arx_env VAR=VALUE... -- ARGS...: runs arx with an environment cleared of
# ARX_* plus the given variables; stdout and stderr in $work/out, err.
arx_env() {
	local vars=()
	while [ "$1" != "--" ]; do
		vars+=("$1")
		shift
	done
	shift
	env -u ARX_LD_PREFIX -u ARX_LOG -u ARX_LOG_FILE -u ARX_STRACE \
		-u ARX_SET_ENV -u ARX_UNSET_ENV "${vars[@]}" \
		timeout "$TIMEOUT" "$ARX" "$@" >"$work/out" 2>"$work/err"
}

# strace_lines FILE: how many lines of FILE name the write(2) of the guest.
strace_lines() {
	grep -c '^write(' "$1" 2>/dev/null
}

test_environment_edits() {
	local p=$work/getenv
	arx_env -- -E ARX_T1=one -E ARX_T2=two "$p" ARX_T1 ARX_T2
	check "-E twice" "ARX_T1=one ARX_T2=two" "$(paste -sd' ' "$work/out")"
	arx_env ARX_T1=host -- -E ARX_T1=guest "$p" ARX_T1
	check "-E replaces a variable, once" "ARX_T1=guest" "$(cat "$work/out")"
	arx_env ARX_T1=host -- -E ARX_T1=a=b,c "$p" ARX_T1
	check "-E value with = and ," "ARX_T1=a=b,c" "$(cat "$work/out")"
	arx_env ARX_T1=host ARX_T2=host -- -U ARX_T1 -U ARX_T2 "$p" ARX_T1 ARX_T2
	check "-U twice" "ARX_T1 unset ARX_T2 unset" "$(paste -sd' ' "$work/out")"
	arx_env -- -E ARX_T1=x -U ARX_T1 -E ARX_T2=y "$p" ARX_T1 ARX_T2
	check "-E then -U, in order" "ARX_T1 unset ARX_T2=y" "$(paste -sd' ' "$work/out")"
	arx_env ARX_SET_ENV=ARX_T1=1,ARX_T2=2 -- "$p" ARX_T1 ARX_T2
	check "ARX_SET_ENV list" "ARX_T1=1 ARX_T2=2" "$(paste -sd' ' "$work/out")"
	arx_env ARX_T1=h ARX_T2=h ARX_UNSET_ENV=ARX_T1,ARX_T2 -- "$p" ARX_T1 ARX_T2
	check "ARX_UNSET_ENV list" "ARX_T1 unset ARX_T2 unset" "$(paste -sd' ' "$work/out")"
	arx_env ARX_SET_ENV=ARX_T1=env,ARX_T2=env -- -E ARX_T1=cmd -U ARX_T2 \
		"$p" ARX_T1 ARX_T2
	check "-E/-U win over ARX_SET_ENV" "ARX_T1=cmd ARX_T2 unset" \
		"$(paste -sd' ' "$work/out")"
	arx_env ARX_T1=host -- "$p" ARX_T1 HOME_NOT_SET_X
	check "environment passed unchanged" "ARX_T1=host HOME_NOT_SET_X unset" \
		"$(paste -sd' ' "$work/out")"
	arx_env -- -E NOEQUALS "$p"
	check "-E without = refused" "1 arx: -E: expected VAR=VALUE, got 'NOEQUALS'" \
		"$? $(cat "$work/err")"
	arx_env ARX_UNSET_ENV=A=B -- "$p"
	check "ARX_UNSET_ENV item with = refused" \
		"1 arx: ARX_UNSET_ENV: expected a variable name, got 'A=B'" \
		"$? $(cat "$work/err")"
}

test_log_variables() {
	local p=$work/getenv
	arx_env ARX_LOG=strace -- "$p" X
	check "ARX_LOG=strace traces" "1" "$(strace_lines "$work/err")"
	arx_env ARX_LOG=strace -- -d unimp "$p" X
	check "-d replaces ARX_LOG" "0" "$(strace_lines "$work/err")"
	arx_env ARX_LOG=bogus -- "$p" X
	check "ARX_LOG bad item refused" \
		"1 arx: unknown log item 'bogus' in ARX_LOG (try -d help)" \
		"$? $(cat "$work/err")"
	arx_env ARX_STRACE=1 -- "$p" X
	check "ARX_STRACE=1 traces" "1" "$(strace_lines "$work/err")"
	arx_env ARX_STRACE=0 -- "$p" X
	check "ARX_STRACE=0 does not" "0" "$(strace_lines "$work/err")"
	arx_env -- -strace "$p" X
	check "-strace traces" "1" "$(strace_lines "$work/err")"
	echo "earlier line" >"$work/env.log"
	arx_env ARX_LOG=strace "ARX_LOG_FILE=$work/env.log" -- "$p" X
	check "ARX_LOG_FILE: log there, appended, not on stderr" "earlier line 1 0" \
		"$(head -n 1 "$work/env.log") $(strace_lines "$work/env.log") $(strace_lines "$work/err")"
	check "ARX_LOG_FILE: guest output unchanged" "X unset" "$(cat "$work/out")"
	rm -f "$work/env.log"
	arx_env ARX_STRACE=1 "ARX_LOG_FILE=$work/env.log" -- -D "$work/cmd.log" "$p" X
	check "-D wins over ARX_LOG_FILE" "absent 1" \
		"$([ -e "$work/env.log" ] && echo present || echo absent) $(strace_lines "$work/cmd.log")"
}

# A process and the child it starts (arx re-executed) log to one -D file:
# the child appends, and the parent's later lines must not overwrite the
# child's (a parent writing at its own offset did: 50 lines after the
# child ended covered the child's whole trace).
test_log_file_shared() {
	cat >"$work/forker.c" <<'EOF'
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv)
{
    if (argc > 1)
        return getuid() == (uid_t)-1; /* the child: one getuid */
    pid_t pid = fork();
    if (pid == 0) {
        execl(argv[0], argv[0], "child", (char *)0);
        _exit(127);
    }
    int status;
    waitpid(pid, &status, 0);
    for (int i = 0; i < 50; i++)
        getppid();
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
EOF
	if ! "$CC_AARCH64" -static -O2 -o "$work/forker" "$work/forker.c" 2>/dev/null; then
		skipped "-D shared with a child" "cannot build the fork program"
		return
	fi
	timeout "$TIMEOUT" "$ARX" -strace -D "$work/shared.log" "$work/forker"
	check "-D shared with a child: status" 0 $?
	check "-D shared with a child: the child's and the parent's lines all there" \
		"1 50" "$(grep -c '^getuid(' "$work/shared.log") $(grep -c '^getppid(' "$work/shared.log")"
}

test_sysroot_variable() {
	local p=$work/getenv-dyn
	[ -d /usr/aarch64-linux-gnu/lib ] || {
		skipped "ARX_LD_PREFIX" "no /usr/aarch64-linux-gnu"
		return
	}
	arx_env ARX_LD_PREFIX=/nonexistent -- "$p" X
	check "ARX_LD_PREFIX is used" "1" "$?"
	arx_env ARX_LD_PREFIX=/nonexistent -- -L /usr/aarch64-linux-gnu "$p" X
	check "-L wins over ARX_LD_PREFIX" "0 X unset" "$? $(cat "$work/out")"
	arx_env ARX_LD_PREFIX= -- "$p" X
	check "ARX_LD_PREFIX= means the default sysroot" "0 X unset" "$? $(cat "$work/out")"
}

# A set-uid root copy of arx run by nobody: secure mode, every ARX_*
# variable ignored.
test_secure_mode() {
	local suid=$work/arx-suid out
	if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
		skipped "secure mode" "needs root and setpriv"
		return
	fi
	if findmnt -no OPTIONS -T "$work" 2>/dev/null | grep -qw nosuid; then
		skipped "secure mode" "$work is on a nosuid mount"
		return
	fi
	cp "$ARX" "$suid" && chmod 4755 "$suid" && chmod 755 "$work" "$work/getenv"
	out=$(cd / && setpriv --reuid=65534 --regid=65534 --clear-groups \
		env ARX_SET_ENV=ARX_T1=leak ARX_STRACE=1 ARX_T2=kept \
		"$suid" -E ARX_T2=cmd "$work/getenv" ARX_T1 ARX_T2 2>&1)
	case $out in
	*"Permission denied"* | *"Operation not permitted"*)
		skipped "secure mode" "cannot run a set-uid file in $work (nosuid?)"
		return ;;
	esac
	check "secure mode: variables ignored, options kept" \
		"ARX_T1 unset ARX_T2=cmd" "$(echo "$out" | paste -sd' ')"
}

# -d stats: a program with more indirect-branch targets (40,000 stubs
# called through a table in a pseudo-random order) than the jump cache's
# first 8192 entries makes it grow, and every call still reaches its own
# stub across the growths (the sum equals the native build's).
test_jump_cache_growth() {
	local n=40000 i out want grown
	{
		echo '.text'
		for ((i = 0; i < n; i++)); do
			printf 'stub_%d: movz x1, #%d\n eor x0, x0, x1\n ret\n' "$i" "$i"
		done
		printf '.section .rodata\n.balign 8\n.global stubs\nstubs:\n'
		for ((i = 0; i < n; i++)); do
			echo " .quad stub_$i"
		done
	} >"$work/stubs.S"
	cat >"$work/calls.c" <<END
#include <stdio.h>
#define N $n
#ifdef NATIVE
static long stub(long x, unsigned long k) { return x ^ (long)k; }
#define CALL(k, x) stub((x), (k))
#else
extern long (*const stubs[N])(long);
#define CALL(k, x) stubs[k](x)
#endif
int main(void)
{
    unsigned long acc = 0, idx = 1;
    for (int pass = 0; pass < 6; pass++)
        for (long j = 0; j < N; j++) {
            idx = idx * 1103515245 + 12345;
            acc = acc * 31 + (unsigned long)CALL((idx >> 8) % N, j);
        }
    printf("%lx\n", acc);
    return 0;
}
END
	if ! "$CC_AARCH64" -O2 -static -o "$work/calls" "$work/calls.c" \
		"$work/stubs.S" 2>/dev/null ||
		! cc -O2 -DNATIVE -o "$work/calls-native" "$work/calls.c" 2>/dev/null; then
		skipped "jump cache growth" "cannot build the call-table program"
		return
	fi
	want=$("$work/calls-native")
	out=$(timeout "$TIMEOUT" "$ARX" -d stats -D "$work/stats.log" "$work/calls")
	check "jump cache growth: every call reaches its stub" "$want" "$out"
	grown=$(sed -n 's/.*(grown \([0-9]*\) times).*/\1/p' "$work/stats.log")
	check "jump cache growth: -d stats counts at least two doublings" yes \
		"$([ "${grown:-0}" -ge 2 ] && echo yes || echo "no (grown ${grown:-?})")"
	# The inline probe and the C side index alike: a probe miss is a
	# miss there too (a stale mask in the frame made 25M probe misses
	# that the C side then found, in bash's loop).
	read -r past missed < <(sed -n 's/.* \([0-9]*\) indirect branches past .* \([0-9]*\) jump-cache misses.*/\1 \2/p' "$work/stats.log")
	check "jump cache growth: the probe misses only what the cache lacks" yes \
		"$([ "${past:-1}" -le "${missed:-0}" ] && echo yes ||
			echo "no ($past probe misses, $missed cache misses)")"
}

main() {
	[ -x "$ARX" ] || skip_all "no arx at $ARX"
	command -v "$CC_AARCH64" >/dev/null || skip_all "no $CC_AARCH64"
	work=$(mktemp -d "${TMPDIR:-/tmp}/arx-options.XXXXXX") || exit 99
	trap 'rm -rf "$work"' EXIT
	build_program || skip_all "cannot build the aarch64 test program"
	test_environment_edits
	test_log_variables
	test_log_file_shared
	test_sysroot_variable
	test_secure_mode
	test_jump_cache_growth
	[ "$skip" -gt 0 ] && echo "($skip skipped)"
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}

main "$@"
