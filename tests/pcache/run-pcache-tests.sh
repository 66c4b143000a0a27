#!/bin/bash
# The persistent translation cache (linux-user/pcache.c): a second run
# translates next to nothing, another arx build ignores the files, damage
# at any byte of a cache file (flipped or truncated) never changes a
# program's output nor crashes arx, 8 processes filling one cache at once
# lose nothing, a program rewritten in place never runs stale code, and
# the default, the off switches and the directory rules hold, and library
# addresses repeat per cache (a seed in it), not across caches.
#
# usage: run-pcache-tests.sh
# environment: ARX (default "$top_builddir/arx"), CC_AARCH64 (default
# aarch64-linux-gnu-gcc; without it the script skips, status 77),
# SYSROOT_AARCH64 (default /usr/aarch64-linux-gnu: the dynamic tests),
# PCACHE_DAMAGE_STEP (default 1: damage every Nth byte only).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${top_srcdir:-$(cd "$here/../.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
SYSROOT_AARCH64=${SYSROOT_AARCH64:-/usr/aarch64-linux-gnu}
TIMEOUT=20

pass=0
fail=0

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

command -v "$CC_AARCH64" >/dev/null 2>&1 || {
	echo "SKIP: $CC_AARCH64 not found"
	exit 77
}
[ -x "$ARX" ] || {
	echo "SKIP: $ARX not built"
	exit 77
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset ARX_CACHE ARX_CACHE_SALT ARX_CACHE_MAX ARX_LOG XDG_CACHE_HOME

tiny() { # tiny MULT OUT [extra cc flags]
	"$CC_AARCH64" -O1 -static -nostdlib -fno-pie -no-pie -DMULT="$1" \
		-o "$2" "$here/tiny.c" "${@:3}"
}
tiny 7 "$work/tiny" || exit 1
cat >"$work/hello.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    char *p = malloc(64);
    snprintf(p, 64, "hello %d", argc);
    puts(p);
    return 0;
}
EOF
have_dynamic=false
if [ -d "$SYSROOT_AARCH64/lib" ] &&
	"$CC_AARCH64" -O2 -o "$work/hello" "$work/hello.c" 2>/dev/null; then
	have_dynamic=true
fi

# The counters of -d stats: blocks translated, blocks loaded, hot loops
# translated again as regions (which the cache does not keep).
translated() { sed -n 's/^stats: \([0-9]*\) blocks translated.*/\1/p' "$1"; }
hot_loops() {
	local n
	n=$(sed -n 's/^stats: \([0-9]*\) hot loop heads.*/\1/p' "$1")
	echo "${n:-0}"
}
loaded() {
	local n
	n=$(sed -n 's/^stats: \([0-9]*\) blocks loaded.*/\1/p' "$1")
	echo "${n:-0}"
}

run() { # run CACHE LOG PROGRAM... : stdout and status, stats to LOG
	ARX_CACHE=$1 timeout "$TIMEOUT" "$ARX" -L "$SYSROOT_AARCH64" -d stats,pcache \
		-D "$2" "${@:3}"
	echo "status $?"
}

fresh() {
	rm -rf "$work/$1"
	mkdir -m 700 "$work/$1"
}

# ---- a second run translates next to nothing ----
hit_rate() { # hit_rate NAME PROGRAM
	fresh c1
	local want
	want=$(run off "$work/log0" "${@:2}")
	check "$1: cold output" "$want" "$(run "$work/c1" "$work/log1" "${@:2}")"
	check "$1: warm output" "$want" "$(run "$work/c1" "$work/log2" "${@:2}")"
	local cold warm hits
	cold=$(translated "$work/log1")
	warm=$(translated "$work/log2")
	hits=$(loaded "$work/log2")
	# Every first-tier block loaded; only hot loops' regions translated.
	local cold_hot warm_hot
	cold_hot=$(hot_loops "$work/log1")
	warm_hot=$(hot_loops "$work/log2")
	check "$1: warm run translates only hot loops ($cold cold, $hits loaded, $warm_hot hot)" \
		"$warm_hot $((cold - cold_hot))" "$warm $hits"
}
hit_rate "static" "$work/tiny"
$have_dynamic && hit_rate "dynamic" "$work/hello" a b

# ---- another build ignores the files ----
fresh c2
run "$work/c2" "$work/log1" "$work/tiny" >/dev/null
mine=$(cd "$work/c2" && ls *.arxtc)
out=$(ARX_CACHE_SALT=other run "$work/c2" "$work/log2" "$work/tiny")
check "other build: output" "$(run off "$work/log0" "$work/tiny")" "$out"
check "other build: nothing loaded" "0" "$(loaded "$work/log2")"
# Its file under this build's name (a collision): the header refuses it.
fresh c3
ARX_CACHE_SALT=other run "$work/c3" "$work/log3" "$work/tiny" >/dev/null
cp "$work/c3/"*.arxtc "$work/c2/$mine"
out=$(ARX_CACHE=$work/c2 timeout "$TIMEOUT" "$ARX" -d stats,pcache \
	-D "$work/log4" "$work/tiny")
check "foreign header: output" "$(run off "$work/log0" "$work/tiny" | head -1)" "$out"
check "foreign header: nothing loaded" "0" "$(loaded "$work/log4")"
check "foreign header: one line under -d pcache" "1" \
	"$(grep -c 'foreign or damaged header' "$work/log4")"

# ---- damage at every byte of a small cache file and of its index ----
fresh c4
want=$(run off "$work/log0" "$work/tiny")
run "$work/c4" "$work/log1" "$work/tiny" >/dev/null
check "damage: the cache file has an index" 1 "$(ls "$work/c4"/*.arxix | wc -l)"
damage_every_byte() { # damage_every_byte FILE: flipped, then truncated there
	local file=$1 size i got
	cp "$file" "$work/pristine"
	size=$(stat -c %s "$work/pristine")
	bad=0
	for ((i = 0; i < size; i += step)); do
		cp "$work/pristine" "$file"
		printf "$(printf '\\%03o' $((($(od -An -tu1 -j$i -N1 "$work/pristine") ^ 0xff))))" |
			dd of="$file" bs=1 seek=$i conv=notrunc status=none
		got=$(run "$work/c4" "$work/logd" "$work/tiny" 2>&1)
		if [ "$got" != "$want" ]; then
			[ $bad -lt 3 ] && echo "  $file: flipped byte $i: [$got]"
			bad=$((bad + 1))
		fi
		cp "$work/pristine" "$file"
		truncate -s $i "$file"
		got=$(run "$work/c4" "$work/logd" "$work/tiny" 2>&1)
		if [ "$got" != "$want" ]; then
			[ $bad -lt 3 ] && echo "  $file: truncated to $i: [$got]"
			bad=$((bad + 1))
		fi
	done
	cp "$work/pristine" "$file"
	check "damage: $(basename "$file"): $size bytes flipped and truncated, output unchanged" 0 $bad
}
step=${PCACHE_DAMAGE_STEP:-1} # every byte unless told otherwise
# The index first: damaging the cache file may make a run write a new one.
damage_every_byte "$(ls "$work/c4"/*.arxix)"
damage_every_byte "$(ls "$work/c4"/*.arxtc)"

# ---- the index: used, and ignored when it is not this file's ----
fresh c10
run "$work/c10" "$work/log1" "$work/tiny" >/dev/null
run "$work/c10" "$work/log2" "$work/tiny" >/dev/null
check "index: a warm run finds every record through it" 1 \
	"$(grep -Ec ': ([0-9]+) records \(\1 indexed\)$' "$work/log2")"
fresh c11
tiny 9 "$work/tiny9"
run "$work/c11" "$work/log1" "$work/tiny9" >/dev/null
cp "$work/c11/"*.arxix "$(ls "$work/c10/"*.arxix)"
out=$(run "$work/c10" "$work/log3" "$work/tiny")
check "index of another file: output" "$want" "$out"
check "index of another file: ignored, records found by reading the file" \
	"0 $(loaded "$work/log2")" \
	"$(translated "$work/log3") $(loaded "$work/log3")"

# Entries swapped (sorted keys, each naming the other's record): the
# records' own keys refuse them; trusting the index runs the wrong block.
ix=$(ls "$work/c10/"*.arxix)
run "$work/c10" "$work/log1" "$work/tiny" >/dev/null # a fresh index
dd if="$ix" of="$work/at0" bs=1 skip=$((64 + 20)) count=4 status=none
dd if="$ix" of="$work/at1" bs=1 skip=$((64 + 24 + 20)) count=4 status=none
dd if="$work/at1" of="$ix" bs=1 seek=$((64 + 20)) conv=notrunc status=none
dd if="$work/at0" of="$ix" bs=1 seek=$((64 + 24 + 20)) conv=notrunc status=none
out=$(run "$work/c10" "$work/log4" "$work/tiny")
check "index entries swapped: output" "$want" "$out"
check "index entries swapped: both refused, translated instead" "2 2" \
	"$(grep -c 'damaged record' "$work/log4") $(translated "$work/log4")"

# ---- 8 processes fill one cache at once ----
# Afterwards the files hold every record appended, all valid, and a
# later run translates next to nothing (runs of one program may take
# slightly different paths).
# Each appends what it translated and the files did not hold yet.
appended() {
	sed -n 's/^pcache: .*: \([0-9]*\) records (.*appended/\1/p' "$1" |
		awk '{ n += $1 } END { print n + 0 }'
}
if $have_dynamic; then
	fresh c5
	hello_out=$(run off "$work/log0" "$work/hello")
	for k in 1 2 3 4 5 6 7 8; do
		run "$work/c5" "$work/logp$k" "$work/hello" >"$work/outp$k" &
	done
	wait
	same=0
	total=0
	for k in 1 2 3 4 5 6 7 8; do
		[ "$(cat "$work/outp$k")" = "$hello_out" ] && same=$((same + 1))
		total=$((total + $(appended "$work/logp$k")))
	done
	check "8 at once: outputs" 8 $same
	records=$("$ARX" --cache="$work/c5" --cache-stats | sed -n 's/^records: //p')
	check "8 at once: every saved block is in the files" "$total" "$records"
	ARX_CACHE=$work/c5 "$ARX" -L "$SYSROOT_AARCH64" -d stats,pcache \
		-D "$work/log6" "$work/hello" >/dev/null
	check "8 at once: no damaged record" 0 \
		"$(grep -c 'damaged' "$work/log6")"
	later=$(translated "$work/log6")
	check "8 at once: a later run translates at most 2% ($later)" 1 \
		$((later * 50 <= $(translated "$work/log0")))
fi

# ---- -d region adds loop counters: a run with it does not load blocks
# saved without them (which would never make a region) ----
if "$CC_AARCH64" -O2 -static -o "$work/loops" \
	"$top_srcdir/tests/guest/loop_regions.c" -lm 2>/dev/null; then
	fresh c12
	ARX_CACHE=$work/c12 timeout "$TIMEOUT" "$ARX" "$work/loops" >/dev/null
	ARX_CACHE=$work/c12 timeout "$TIMEOUT" "$ARX" -d region,stats \
		-D "$work/log12" "$work/loops" >/dev/null
	check "-d region after a run without it: loops made into regions" 1 \
		$(($(hot_loops "$work/log12") > 0))
fi

# ---- a program rewritten in place never runs stale code ----
rewrite() { # rewrite NAME [cc flags]
	fresh c6
	tiny 7 "$work/prog" "${@:2}"
	tiny 9 "$work/prog9" "${@:2}"
	local want9
	want9=$(run off "$work/log0" "$work/prog9")
	run "$work/c6" "$work/log1" "$work/prog" >/dev/null
	run "$work/c6" "$work/log1" "$work/prog" >/dev/null
	check "$1: same size" "$(stat -c %s "$work/prog")" \
		"$(stat -c %s "$work/prog9")"
	touch -r "$work/prog" "$work/prog9"
	cat "$work/prog9" >"$work/prog" # same path and inode
	touch -r "$work/prog9" "$work/prog"
	check "$1: new code runs" "$want9" "$(run "$work/c6" "$work/log2" "$work/prog")"
}
rewrite "rewritten (build-id)" -Wl,--build-id=sha1
rewrite "rewritten (no build-id)" -Wl,--build-id=none
# The same build-id and size: only the blocks' own guest bytes tell.
rewrite "rewritten (same build-id)" -Wl,--build-id=0x0123456789abcdef

# ---- where the cache lives, and when it is off ----
fresh home
want=$(timeout "$TIMEOUT" "$ARX" --cache=off "$work/tiny")
HOME=$work/home timeout "$TIMEOUT" "$ARX" "$work/tiny" >/dev/null
check "on by default: ~/.cache/arx" 1 "$(ls "$work/home/.cache/arx"/*.arxtc | wc -l)"
out=$(ARX_CACHE=on HOME=$work/home timeout "$TIMEOUT" "$ARX" "$work/tiny")
check "ARX_CACHE=on: output" "$want" "$out"
check "ARX_CACHE=on: ~/.cache/arx, 0700" "700 1" \
	"$(stat -c %a "$work/home/.cache/arx") $(ls "$work/home/.cache/arx"/*.arxtc | wc -l)"
rm -rf "$work/home/.cache"
XDG_CACHE_HOME=$work/home/xdg "$ARX" --cache=on "$work/tiny" >/dev/null
check "--cache=on: \$XDG_CACHE_HOME/arx" 1 "$(ls "$work/home/xdg/arx"/*.arxtc | wc -l)"
out=$(ARX_CACHE=on HOME=/nonexistent/home timeout "$TIMEOUT" "$ARX" "$work/tiny")
check "unusable HOME: runs without a cache" "$want" "$out"
fresh c7
chmod 755 "$work/c7"
ARX_CACHE=$work/c7 "$ARX" "$work/tiny" >/dev/null
check "directory open to others: not used" 0 "$(ls "$work/c7" | wc -l)"
fresh c8
ARX_CACHE=off HOME=$work/c8 "$ARX" "$work/tiny" >/dev/null
check "ARX_CACHE=off: nothing written" 0 "$(ls -A "$work/c8" | wc -l)"
ARX_CACHE=on HOME=$work/c8 "$ARX" --cache=off "$work/tiny" >/dev/null
check "--cache=off wins over ARX_CACHE=on" 0 "$(ls -A "$work/c8" | wc -l)"
fresh c9
"$ARX" --cache="$work/c9" "$work/tiny" >/dev/null
check "--cache=DIR: used" 1 "$(ls "$work/c9"/*.arxtc | wc -l)"
check "--cache-stats" "files: 1" \
	"$("$ARX" --cache="$work/c9" --cache-stats | grep '^files')"
"$ARX" --cache="$work/c9" --cache-clear >/dev/null
check "--cache-clear" 0 "$(ls "$work/c9" | wc -l)"

# ---- library addresses: the same per cache, another in another ----
if $have_dynamic; then
	cat >"$work/where.c" <<'EOF2'
#include <stdio.h>
int main(void)
{
    printf("%p\n", (void *)puts);
    return 0;
}
EOF2
	"$CC_AARCH64" -O2 -o "$work/where" "$work/where.c"
	fresh s1
	fresh s2
	where() { ARX_CACHE=$1 timeout "$TIMEOUT" "$ARX" -L "$SYSROOT_AARCH64" "$work/where"; }
	a1=$(where "$work/s1")
	a2=$(where "$work/s1")
	b1=$(where "$work/s2")
	check "placement: one cache, one libc address" "$a1" "$a2"
	check "placement: another cache, another address" 1 \
		"$([ "$a1" != "$b1" ] && echo 1)"
	check "placement: an 8-byte seed, mode 600" "8 600" \
		"$(stat -c '%s %a' "$work/s1/placement-seed")"
	"$ARX" --cache="$work/s1" --cache-clear >/dev/null
	check "placement: --cache-clear removes the seed" 0 \
		"$(ls -A "$work/s1" | wc -l)"
	check "placement: a new seed, a new address" 1 \
		"$([ "$(where "$work/s1")" != "$a1" ] && echo 1)"
fi

echo "pcache tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
