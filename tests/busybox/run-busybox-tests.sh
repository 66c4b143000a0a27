#!/bin/bash
# Busybox differential tests: runs Debian's arm64 busybox-static under arx
# and the host's x86-64 busybox natively, same applet and arguments on
# identical copies of a fixed file tree, and compares stdout and exit status.
# It must not depend on the clock, the user's locale or directory order.
#
# usage: run-busybox-tests.sh [ARM64_BUSYBOX]
# environment:
#   ARX            emulator command (default "$top_builddir/arx")
#   BUSYBOX_ARM64  arm64 busybox binary (else the argument, else fetched with
#                  apt-get download busybox-static:arm64 into
#                  $top_builddir/tests/busybox/cache)
#   HOST_BUSYBOX   host busybox (default: busybox on PATH, /bin/busybox)
#   BB_VERBOSE     if set, also print each host run's status and output size
# Exits 77 (SKIP) when either busybox cannot be had.

# The sh -c scripts below are single-quoted on purpose: the guest shell
# expands them, not this one.
# shellcheck disable=SC2016
set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$srcdir/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
TIMEOUT=30

# fetch_arm64_busybox: prints the path of an extracted arm64 busybox,
# downloading the Debian package into the cache on first use.
fetch_arm64_busybox() {
	local cache=$top_builddir/tests/busybox/cache deb
	local bb=$cache/root/bin/busybox
	if [ -x "$bb" ]; then
		echo "$bb"
		return 0
	fi
	command -v apt-get >/dev/null && command -v dpkg >/dev/null || return 1
	mkdir -p "$cache" || return 1
	(cd "$cache" && apt-get download busybox-static:arm64) >/dev/null 2>&1 ||
		return 1
	for deb in "$cache"/busybox-static_*_arm64.deb; do
		[ -f "$deb" ] && dpkg -x "$deb" "$cache/root" && break
	done
	[ -x "$bb" ] && echo "$bb"
}

ARM_BB=${BUSYBOX_ARM64:-${1:-}}
if [ -z "$ARM_BB" ]; then
	ARM_BB=$(fetch_arm64_busybox) || ARM_BB=""
fi
if [ -z "$ARM_BB" ] || [ ! -f "$ARM_BB" ]; then
	echo "SKIP: no arm64 busybox (set BUSYBOX_ARM64 or allow apt-get download)"
	exit 77
fi
HOST_BB=${HOST_BUSYBOX:-$(command -v busybox || echo /bin/busybox)}
if ! "$HOST_BB" true >/dev/null 2>&1; then
	echo "SKIP: no host busybox (apt-get install busybox-static)"
	exit 77
fi
arx_prog=${ARX%% *}
if ! command -v "$arx_prog" >/dev/null 2>&1; then
	echo "ERROR: emulator '$arx_prog' not found (set ARX or build arx first)" >&2
	exit 99
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/arx-busybox.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

# make_tree DIR: the fixture every test starts from; fixed names, modes,
# contents and modification times (all in 2020, so ls shows years).
make_tree() {
	local d=$1 i
	mkdir -p "$d/docs/deep/er" "$d/src" "$d/empty-dir"
	printf '%s\n' 10 2 33 -4 5.5 100 7 2 0 -12 99 42 8 1e2 3 >"$d/nums.txt"
	printf '%s\n' pear apple fig apple kiwi banana fig cherry apple date \
		Apple zebra kiwi >"$d/words.txt"
	{
		echo "# name qty price"
		echo "apple 3 0.50"
		echo "banana 12 0.25"
		echo "cherry 100 0.10"
		echo "apple 2 0.55"
		echo "date 7 1.75"
		echo "fig 1 2.00"
		echo "banana 5 0.30"
	} >"$d/table.txt"
	{
		echo "root:x:0:0:root:/root:/bin/sh"
		echo "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin"
		echo "alice:x:1000:1000:Alice A:/home/alice:/bin/bash"
		echo "bob:x:1001:100:Bob B:/home/bob:/bin/zsh"
		echo "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin"
		echo "carol:x:250:250::/srv/carol:/bin/sh"
	} >"$d/passwd.txt"
	for i in $(seq 1 200); do
		echo "line $i: the value is $((i * i % 97)) and $((i * 7919 % 1000))"
	done >"$d/docs/long.txt"
	printf 'binary\000bytes\001\002\377\200 and text\n\t tab\n' >"$d/docs/bin.dat"
	printf 'aaa\naaa\nbbb\nccc\nccc\nccc\naaa\n\n\nddd\n' >"$d/docs/dups.txt"
	printf 'Hello, World\nhello world\nHELLO WORLD!\n' >"$d/docs/deep/hello.txt"
	printf 'x' >"$d/docs/deep/er/one-byte"
	: >"$d/docs/deep/er/empty"
	printf '#!/bin/sh\necho script\n' >"$d/src/run.sh"
	printf 'int main(void) { return 0; }\n' >"$d/src/main.c"
	chmod 755 "$d/src/run.sh"
	chmod 600 "$d/passwd.txt"
	chmod 444 "$d/docs/deep/hello.txt"
	ln -s ../nums.txt "$d/src/link-to-nums"
	# Leaves first, directories last, so the directory times stick.
	find "$d" -mindepth 1 ! -type d -exec touch -h -d "2020-02-03 04:05:06" {} +
	touch -d "2020-03-04 05:06:07" "$d/docs/long.txt" "$d/nums.txt"
	find "$d" -depth -type d -exec touch -d "2020-01-01 00:00:00" {} +
}

make_tree "$work/tree"

pass=0
fail=0

# run_bb OUT BB_CMD... : runs one busybox in a fresh copy of the tree.
run_bb() {
	local prefix=$1 input=$2
	shift 2
	rm -rf "$work/cwd"
	cp -a "$work/tree" "$work/cwd"
	(cd "$work/cwd" && env -i PATH=/usr/bin:/bin TZ=UTC LC_ALL=C HOME=/ \
		timeout "$TIMEOUT" "$@") <"$input" >"$prefix.out" 2>"$prefix.err"
	echo $? >"$prefix.rc"
}

# t NAME FLAGS APPLET ARGS...: FLAGS is "-" or a comma list of
# sort (compare sorted lines: directory order is not fixed) and
# stdin=FILE (relative to the tree).
t() {
	local name=$1 flags=$2 input=/dev/null f
	shift 2
	for f in ${flags//,/ }; do
		case $f in
		stdin=*) input=$work/tree/${f#stdin=} ;;
		esac
	done
	run_bb "$work/host" "$input" "$HOST_BB" "$@"
	# shellcheck disable=SC2086 # ARX may carry options
	run_bb "$work/guest" "$input" $ARX "$ARM_BB" "$@"
	case ",$flags," in
	*,sort,*)
		LC_ALL=C sort "$work/host.out" -o "$work/host.out"
		LC_ALL=C sort "$work/guest.out" -o "$work/guest.out"
		;;
	esac
	local hrc grc
	hrc=$(cat "$work/host.rc")
	grc=$(cat "$work/guest.rc")
	[ -n "${BB_VERBOSE:-}" ] &&
		echo "  host: status=$hrc stdout=$(wc -c <"$work/host.out") bytes"
	if [ "$hrc" = "$grc" ] && cmp -s "$work/host.out" "$work/guest.out"; then
		echo "PASS: $name"
		pass=$((pass + 1))
		return
	fi
	echo "FAIL: $name ($*)"
	echo "  exit status: host=$hrc guest=$grc"
	diff -u --label host --label guest "$work/host.out" "$work/guest.out" | head -n 40
	if [ -s "$work/guest.err" ]; then
		echo "  guest stderr (last 5 lines):"
		tail -n 5 "$work/guest.err" | sed 's/^/    /'
	fi
	fail=$((fail + 1))
}

# ls and find
t ls-l - ls -l
t ls-la-docs - ls -la docs
t ls-lR - ls -lR
t ls-ln-full-time - ls -ln --full-time src docs/deep
t ls-1a-sorted-by-time - ls -1at
t ls-size - ls -lS docs
t find-all sort find .
t find-files sort find . -type f
t find-name sort find . -name "*.txt"
t find-dirs-depth sort find . -mindepth 2 -type d
t find-size sort find . -size -2c
t find-links sort find . -type l
t stat-format sort stat -c "%n %s %a %F %Y" nums.txt docs/long.txt docs src/link-to-nums

# sort, uniq, wc
t sort-plain - sort nums.txt
t sort-numeric - sort -n nums.txt
t sort-reverse-numeric - sort -rn nums.txt
t sort-general - sort -g nums.txt
t sort-key - sort -k2,2n table.txt
t sort-key-reverse - sort -k3,3nr -k1,1 table.txt
t sort-field-sep - sort -t: -k3,3n passwd.txt
t sort-unique - sort -u words.txt
t sort-fold - sort -f words.txt
t uniq - uniq docs/dups.txt
t uniq-count - uniq -c docs/dups.txt
t uniq-dup - uniq -d docs/dups.txt
t wc - wc nums.txt words.txt table.txt docs/long.txt
t wc-lwc - wc -l -w -c docs/bin.dat

# checksums
t md5sum - md5sum nums.txt words.txt docs/long.txt docs/bin.dat docs/deep/er/empty
t sha1sum - sha1sum docs/long.txt docs/bin.dat
t sha256sum - sha256sum nums.txt words.txt docs/long.txt docs/bin.dat docs/deep/er/empty
t sha512sum - sha512sum docs/long.txt

# sed
t sed-print-range - sed -n 2,5p docs/long.txt
t sed-subst - sed "s/a/A/g" words.txt
t sed-multi - sed -e "/^#/d" -e "s/[0-9][0-9]*/<&>/g" table.txt
t sed-tac - sed -n "1!G;h;\$p" words.txt
t sed-regex-groups - sed -E "s/^([a-z]+):x:([0-9]+):.*:([^:]*)\$/\3 \2 \1/" passwd.txt
t sed-addr-regex - sed -n "/5:/,/8:/p" docs/long.txt
t sed-y - sed "y/abc/XYZ/" words.txt

# awk
t awk-sum - awk "!/^#/ { q += \$2; v += \$2 * \$3 } END { print q, v }" table.txt
t awk-printf - awk "{ printf \"%-8s|%5d|%8.3f|%x\n\", \$1, NR, \$2 * 1.5, NR * 255 }" table.txt
t awk-assoc - awk "!/^#/ { c[\$1] += \$2 } END { for (k in c) print k, c[k] }" table.txt
t awk-fs - awk -F: "\$3 >= 100 { print \$1, \$6; n++ } END { print n \" users\" }" passwd.txt
t awk-math - awk "BEGIN { print int(-7.9), 7 % 3, 10 / 4, -3 % 2, 100000 * 100000, 1 / 7, 0.1 + 0.2; printf \"%.3f %e %g %d %.17g\n\", 1 / 3, 12345.678, 0.0001, 1e6, 0.1 }"
t awk-strings - awk "{ print toupper(\$1), length(\$0), substr(\$0, 2, 3), index(\$0, \"a\") }" words.txt
t awk-split-gsub - awk "{ n = split(\$0, a, \":\"); gsub(/[aeiou]/, \"_\", a[1]); print n, a[1], a[n] }" passwd.txt
t awk-nr-nf - awk "NR % 40 == 0 { print NR, NF, \$NF; s = s \$2 } END { print s }" docs/long.txt
t awk-loops - awk "BEGIN { for (i = 1; i <= 30; i++) { f = (i % 15 == 0) ? \"FizzBuzz\" : (i % 5 == 0) ? \"Buzz\" : (i % 3 == 0) ? \"Fizz\" : i; printf \"%s \", f } print \"\"; while (j < 5) j++; print j }"

# text tools
t cat - cat nums.txt words.txt
t cat-n - cat -n docs/dups.txt
t cat-A - cat -A docs/bin.dat
t head - head -n 3 docs/long.txt
t head-c - head -c 50 docs/long.txt
t tail - tail -n 4 docs/long.txt
t tail-c - tail -c 30 docs/long.txt
t tail-from - tail -n +195 docs/long.txt
t cut-fields - cut -d: -f1,3,7 passwd.txt
t cut-chars - cut -c 2-6,9 words.txt
t tr-upper stdin=words.txt tr a-z A-Z
t tr-delete stdin=docs/long.txt tr -d 0-9
t tr-squeeze stdin=docs/dups.txt tr -s "a-z\n"
t tr-complement stdin=docs/deep/hello.txt tr -c "a-zA-Z\n" "#"
t od-c - od -c docs/bin.dat
t od-x1 - od -A x -t x1 docs/bin.dat
t od-u4 - od -An -t u4 -N 32 docs/long.txt
t od-d2 - od -t d2 docs/bin.dat
t hexdump-C - hexdump -C docs/bin.dat
t rev - rev words.txt
t nl - nl -ba docs/dups.txt
t fold - fold -w 17 docs/deep/hello.txt
t expand - expand docs/bin.dat
t diff-u - diff -u words.txt docs/dups.txt
t cmp-l - cmp -l nums.txt words.txt

# small utilities
t seq - seq 10
t seq-step - seq 1 3 40
t seq-w - seq -w 1 12
t seq-neg - seq 5 -2 -5
t seq-float - seq 0 0.25 2
t expr-arith - expr 3 + 4 \* 5
t expr-div - expr -17 / 5
t expr-mod - expr -17 % 5
t expr-cmp - expr 12 \< 9
t expr-length - expr length "hello world"
t expr-match - expr "abc123def" : "[a-z]*\([0-9]*\)"
t expr-zero - expr 0
t basename - basename /usr/local/lib/file.tar.gz .gz
t dirname - dirname /usr/local/lib/file.tar.gz
t printf - printf "%d %5.2f %s %x %o %c|%-6s|\n" 42 3.14159 str 255 8 A left
t echo-e - echo -e "a\tb\\nc\\0101"
t date-fixed - date -u -d @1000000000 "+%Y-%m-%d %H:%M:%S %j %a %b"
t factor - factor 1 2 97 360 1000001 4294967297
t test-true - test 3 -lt 10
t test-false - test abc = abd
t true - true
t false - false

# sh -c scripts: builtins only (no pipes, no command substitution)
t sh-loops - sh -c 'i=0; s=0; while [ $i -lt 100 ]; do i=$((i + 1)); s=$((s + i * i)); done; echo "sum=$s"; for w in a "b c" d; do echo "[$w]"; done'
t sh-arith - sh -c 'a=17; b=5; echo $((a / b)) $((a % b)) $((a * b - 3)) $((a << 3)) $((a ^ b)) $(( (a > b) && (b > 0) )) $((-a / b)) $((0x1f + 010))'
t sh-vars - sh -c 'x=hello.tar.gz; echo ${x%.gz} ${x%%.*} ${x#*.} ${#x} ${y:-default} ${x:+set}; y=val; echo ${y:-default}; set -- one two three; echo $# $2 "$*"; shift; echo $1'
t sh-if-case - sh -c 'for v in 1 15 42 abc ""; do case $v in [0-9]) echo "$v: digit";; [0-9]*) if [ "$v" -gt 20 ]; then echo "$v: big"; else echo "$v: small"; fi;; "") echo "empty";; *) echo "$v: word";; esac; done'
t sh-functions - sh -c 'fact() { if [ $1 -le 1 ]; then r=1; else fact $(($1 - 1)); r=$((r * $1)); fi; }; fib() { local a=0 b=1 i=0; while [ $i -lt $1 ]; do t=$((a + b)); a=$b; b=$t; i=$((i + 1)); done; echo "fib($1)=$a"; }; fact 10; echo "10!=$r"; fib 30; fib 50'
t sh-printf-test - sh -c 'printf "%s=%d\n" a 1 b 2; printf "%05.1f|%-4s|%x\n" 3.14159 ab 48879; [ -f nums.txt ] && echo file; [ -d docs ] && echo dir; [ -e nowhere ] || echo missing; [ -s docs/deep/er/empty ] || echo empty; [ abc \< abd ] && echo less; test -x src/run.sh && echo exec'
t sh-redirect - sh -c 'echo first >out.txt; echo second >>out.txt; printf "%s\n" x y z >>out.txt; while read -r line; do echo "got: $line"; done <out.txt; exec 3>fd3.txt; echo "to fd3" >&3; exec 3>&-; read -r l <fd3.txt; echo "fd3: $l"; echo err >&2; n=0; while read -r x; do n=$((n + 1)); done <out.txt; echo "out.txt lines=$n"'
t sh-read-file - sh -c 'n=0; while IFS=: read -r user pw uid gid rest; do n=$((n + 1)); [ "$uid" -ge 1000 ] && echo "$n $user $uid"; done <passwd.txt; echo "lines=$n"'
t sh-exit-status - sh -c 'f() { return 7; }; f; echo "f=$?"; false || echo "false-or"; true && echo "true-and"; ! false && echo negated; exit 5'
t sh-strings - sh -c 's="The quick brown fox"; for w in $s; do printf "%s:%d " "$w" ${#w}; done; echo; IFS=,; set -- a,b,,c; echo "$# [$1][$2][$3][$4]"'

# Pipelines, subshells and command substitution: each stage is a forked
# child that re-executes the arm64 busybox through arx (-0 keeps argv[0]).
t sh-pipe - sh -c 'cat nums.txt | sort -n | head -n 3 | tr "0-9" "a-j"'
t sh-pipe-wc - sh -c 'ls -1 | wc -l; echo abc | rev 2>/dev/null || echo abc | tr abc cba'
t sh-cmdsubst - sh -c 'n=$(wc -l < nums.txt); echo "lines: $n $(echo nested $(echo deep))"'
t sh-subshell - sh -c '(cd docs && ls) ; (exit 3); echo "status $?"'
t sh-pipe-status - sh -c 'false | true; echo $?; true | false; echo $?'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
