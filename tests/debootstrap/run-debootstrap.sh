#!/bin/bash
# Bootstraps a Debian root for an ARM architecture with arx as its only
# binfmt_misc handler: debootstrap's first stage (--foreign) on the host,
# then its second stage chrooted into the root, where dpkg, every maintainer
# script and every program they run is an ARM program run by arx. Checks the
# result (dpkg --audit clean, every package debootstrap chose installed,
# programs run) and prints the time of each stage. Not part of make check:
# minutes long and networked (make check-debootstrap).
#
# The second stage runs in its own user (every uid and gid mapped to
# itself), mount, PID and network namespaces with a private binfmt_misc
# instance (Linux 6.7+) holding only arx's entries: the host's entries
# (qemu-arm & co.) do not apply there, and other tests that switch the
# host's entries cannot disturb it. Without that, the host's instance is
# used: every entry is saved, others claiming ARM ELFs are disabled, and all
# is restored at exit (tests/binfmt/lib.sh).
#
# usage: run-debootstrap.sh [--arch armhf|arm64] [--variant V] [DIR]
#   --arch       Debian architecture (default armhf)
#   --variant    debootstrap variant: minbase (default), buildd, or
#                default (debootstrap's own: the required and important
#                packages)
#   DIR          the root to make: must be absent or empty; kept afterwards
#                (default: a temporary directory, removed at exit)
# environment:
#   ARX                 the arx to register (default: the build tree's); a
#                       static qemu-arm gives a reference run
#   DEBOOTSTRAP_SUITE   Debian suite (default bookworm)
#   DEBOOTSTRAP_MIRROR  default: the host's apt source for the suite
#   DEBOOTSTRAP_LOGDIR  where stage1.log and stage2.log go (default: a
#                       temporary directory, removed at exit)
#   DEBOOTSTRAP_BINFMT  private or host: which binfmt_misc instance (default
#                       private when the kernel allows it, else host)
# Exits 0 when the root is sound, 1 when not, 77 (SKIP) without root,
# debootstrap, binfmt_misc or the mirror.

# shellcheck source-path=SCRIPTDIR
# Functions run through check are reached indirectly; the sh -c scripts are
# single-quoted on purpose: the root's shell expands them.
# shellcheck disable=SC2016,SC2317
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$here/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
ARX_BINFMT=$top_srcdir/tools/arx-binfmt
SUITE=${DEBOOTSTRAP_SUITE:-bookworm}
prog=run-debootstrap
arch=armhf
variant=minbase
dir=
dir_is_ours=0
fails=0
# shellcheck source=../binfmt/lib.sh
. "$top_srcdir/tests/binfmt/lib.sh"
# shellcheck source=../lib/apt-mirror.sh
. "$top_srcdir/tests/lib/apt-mirror.sh"

say() {
	echo "$prog: $*"
}

skip() {
	echo "SKIP: $prog: $*"
	exit 77
}

die() {
	echo "ERROR: $prog: $*" >&2
	exit 99
}

usage() {
	sed -n '/^# usage:/,/^$/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
	exit 2
}

check() {
	local what=$1
	shift
	if "$@"; then
		echo "PASS: $what"
	else
		echo "FAIL: $what"
		fails=$((fails + 1))
	fi
}

now() {
	date +%s.%N
}

# elapsed START: seconds since START, to a tenth.
elapsed() {
	awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'
}

# in_root CMD...: CMD run in the root, in a fixed environment.
in_root() {
	chroot "$dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LC_ALL=C "$@"
}

# ---- inside the binfmt_misc instance: second stage and checks ----

# register_arx MODE: in a private instance, mounts it first (empty).
register_arx() {
	if [ "$1" = private ]; then
		mount -t binfmt_misc binfmt_misc "$BINFMT_DIR" ||
			die "cannot mount a private binfmt_misc instance"
		"$ARX_BINFMT" register --path "$ARX" >/dev/null ||
			die "arx-binfmt register failed"
	else
		"$ARX_BINFMT" register --path "$ARX" --disable-others ||
			die "arx-binfmt register failed"
	fi
}

# cpu_of TIMES: the children's user and system CPU time in TIMES, the
# output of the times builtin (which a subshell would reset): less changed
# by other load on the host than the wall time.
cpu_of() {
	awk 'function sec(t) { split(t, a, "m"); return a[1] * 60 + a[2] }
		NR == 2 { printf "CPU user %.1f s, system %.1f s", sec($1), sec($2) }' "$1"
}

# second_stage MODE: debootstrap --second-stage in the root. A user
# namespace (MODE private) cannot make device nodes, so debootstrap is told
# it runs in a container (container=lxc), which skips only its mknod check
# of the target's mount; the first stage made the devices on the host.
second_stage() {
	local t0 rc ctr=()
	[ "$1" = private ] && ctr=(container=lxc)
	say "second stage ($arch under ${ARX##*/})"
	t0=$(now)
	in_root "${ctr[@]}" /debootstrap/debootstrap --second-stage \
		>"$work/stage2.log" 2>&1
	rc=$?
	times >"$work/times"
	say "second stage: $(elapsed "$t0") s ($(cpu_of "$work/times"))," \
		"exit status $rc"
	grep -E '^(W|E): ' "$work/stage2.log"
	if [ $rc -ne 0 ]; then
		tail -n 15 "$work/stage2.log"
		echo "--- the end of debootstrap.log:"
		tail -n 40 "$dir/debootstrap/debootstrap.log" 2>/dev/null
		return 1
	fi
}

# audit_clean: dpkg --audit finds nothing half-installed or unconfigured.
audit_clean() {
	local out
	out=$(in_root dpkg --audit 2>&1) || return 1
	[ -z "$out" ] || { echo "$out" | head -n 20; return 1; }
}

# all_installed: each package debootstrap meant to install is "ii".
all_installed() {
	local missing
	in_root dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' \
		>"$work/status" 2>&1 || return 1
	missing=$(awk 'NR == FNR { if ($1 == "ii") ok[$2] = 1; next }
		!($1 in ok) { print $1 }' "$work/status" "$work/wanted")
	[ -z "$missing" ] || { echo "not installed: $missing"; return 1; }
}

same_arch() {
	[ "$(in_root dpkg --print-architecture)" = "$arch" ]
}

# runs_like_host SCRIPT: sh -c SCRIPT prints the same in the root as on the
# host; $1 is the root's directory as each side sees it.
runs_like_host() {
	local want got
	want=$(sh -c "$1" sh "$dir" 2>&1)
	got=$(in_root sh -c "$1" sh "" 2>&1)
	[ "$want" = "$got" ] && return 0
	echo "the root printed '$got', the host '$want'"
	return 1
}

checks() {
	local n
	check "dpkg --audit reports nothing" audit_clean
	check "every package debootstrap chose is installed" all_installed
	check "dpkg --print-architecture is $arch" same_arch
	check "bash runs" runs_like_host \
		'bash -c '\''x=abc; echo "${x^^}" $((6 * 7)) ${#x}'\'
	check "perl runs" runs_like_host \
		'perl -e '\''print join(",", map { $_ ** 2 } 1 .. 9), "\n"'\'
	check "sha256sum and sort print what the host's do" runs_like_host \
		'cd "$1/usr/share/common-licenses" && sha256sum GPL-3 Apache-2.0 | sort -r'
	check "gzip round trip" in_root sh -c \
		'f=/usr/share/common-licenses/GPL-3; gzip -9nc $f | gzip -dc | cmp -s - $f'
	check "apt-get --version runs" in_root sh -c 'apt-get --version >/dev/null'
	check "apt-get check" in_root sh -c 'apt-get -q check >/dev/null'
	check "ls / lists usr and etc" in_root sh -c \
		'ls / | grep -qx usr && ls / | grep -qx etc'
	n=$(grep -c '^ii ' "$work/status")
	say "packages: $n installed ($(wc -l <"$work/wanted") chosen by debootstrap)"
	in_root apt-get --version | head -n 1
}

# inner MODE: what runs in the binfmt_misc instance (MODE private or host).
inner() {
	local mode=$1
	if [ "$mode" = private ]; then
		# The parent writes the identity uid and gid maps once this
		# namespace exists; uid-changing calls fail until then.
		while [ -z "$(cat /proc/self/uid_map)" ] ||
			[ -z "$(cat /proc/self/gid_map)" ]; do
			sleep 0.05
		done
	fi
	register_arx "$mode"
	second_stage "$mode" || return 1
	checks
	[ $fails -eq 0 ]
}

# ---- on the host ----

# private_binfmt_possible: this kernel gives a new user namespace its own
# binfmt_misc instance (Linux 6.7+).
private_binfmt_possible() {
	command -v unshare >/dev/null || return 1
	unshare --user --map-root-user --mount sh -c \
		"mount -t binfmt_misc binfmt_misc $BINFMT_DIR" 2>/dev/null
}

# in_private_binfmt CMD...: CMD in new user, mount, PID and network
# namespaces, the user namespace mapping every uid and gid to itself (so CMD
# is root for files as before). Owning the PID and network namespaces lets
# debootstrap mount proc and sysfs in the root; the second stage needs no
# network.
in_private_binfmt() {
	local pid ours
	ours=$(readlink /proc/self/ns/user)
	unshare --user --mount --pid --net --fork --propagation private "$@" &
	pid=$!
	# Until unshare has made it, the child's user namespace is ours.
	while [ "$(readlink "/proc/$pid/ns/user")" = "$ours" ]; do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	if ! echo "0 0 4294967295" >"/proc/$pid/uid_map" ||
		! echo "0 0 4294967295" >"/proc/$pid/gid_map"; then
		kill "$pid"
		wait "$pid"
		return 1
	fi
	wait "$pid"
}

# unmount_below DIR: what a host-instance run left mounted in the root.
unmount_below() {
	local m
	awk -v d="$1/" 'index($2, d) == 1 { print $2 }' /proc/mounts | sort -r |
		while read -r m; do
			umount -l "$m" 2>/dev/null
		done
}

cleanup() {
	binfmt_restore
	[ -n "$dir" ] && unmount_below "$dir"
	[ "$dir_is_ours" = 1 ] && rm -rf --one-file-system "$dir"
	[ -n "${DEBOOTSTRAP_LOGDIR:-}" ] || rm -rf "$work"
}

first_stage() {
	local t0 rc args=(--foreign "--arch=$arch")
	[ "$variant" = default ] || args+=("--variant=$variant")
	say "first stage: debootstrap ${args[*]} $SUITE (the host's apt source)"
	t0=$(now)
	debootstrap "${args[@]}" "$SUITE" "$dir" "$mirror" >"$work/stage1.log" 2>&1
	rc=$?
	say "first stage: $(elapsed "$t0") s, exit status $rc"
	if [ $rc -ne 0 ]; then
		grep -v 'URL:' "$work/stage1.log" | tail -n 15
		return 1
	fi
	cat "$dir/debootstrap/required" "$dir/debootstrap/base" 2>/dev/null |
		tr ' ' '\n' | sed '/^$/d' | sort -u >"$work/wanted"
}

parse_args() {
	while [ $# -gt 0 ]; do
		case $1 in
		--arch) [ $# -ge 2 ] || usage; arch=$2; shift ;;
		--arch=*) arch=${1#--arch=} ;;
		--variant) [ $# -ge 2 ] || usage; variant=$2; shift ;;
		--variant=*) variant=${1#--variant=} ;;
		--inner) [ $# -ge 4 ] || usage; arch=$2 dir=$3 work=$4; shift 3 ;;
		-h | --help) usage ;;
		-*) usage ;;
		*) [ -z "$dir" ] || usage; dir=$1 ;;
		esac
		shift
	done
	case $arch in armhf | arm64) ;; *) usage ;; esac
}

# preflight: every reason to skip, before anything is changed.
preflight() {
	[ "$(id -u)" = 0 ] || skip "needs root (chroot, binfmt_misc)"
	command -v debootstrap >/dev/null ||
		skip "needs debootstrap (apt-get install debootstrap)"
	grep -qw binfmt_misc /proc/filesystems 2>/dev/null ||
		skip "this kernel has no binfmt_misc"
	[ -x "$ARX" ] || skip "no arx at $ARX (build it first: make arx)"
	mirror=${DEBOOTSTRAP_MIRROR:-$(host_mirror "$SUITE")}
	[ -n "$mirror" ] ||
		skip "no apt source for $SUITE in /etc/apt (set DEBOOTSTRAP_MIRROR)"
	if command -v wget >/dev/null; then
		wget -q -T 20 -t 2 -O /dev/null "$mirror/dists/$SUITE/Release" ||
			skip "the host's apt source for $SUITE cannot be reached (network)"
	fi
	binfmt_mode=${DEBOOTSTRAP_BINFMT:-}
	if [ -z "$binfmt_mode" ]; then
		binfmt_mode=host
		private_binfmt_possible && binfmt_mode=private
	fi
	if [ "$binfmt_mode" = host ]; then
		binfmt_usable || skip "cannot mount binfmt_misc"
	fi
}

main() {
	local rc
	parse_args "$@"
	ARX=$(readlink -f "$ARX")
	if [ "${1:-}" = --inner ]; then
		inner "${DEBOOTSTRAP_BINFMT:-private}"
		exit
	fi
	preflight
	if [ -n "$dir" ] && [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
		die "$dir is not empty"
	fi
	if [ -n "${DEBOOTSTRAP_LOGDIR:-}" ]; then
		work=$DEBOOTSTRAP_LOGDIR
		mkdir -p "$work" || die "cannot make $work"
	else
		work=$(mktemp -d /tmp/arx-debootstrap-work.XXXXXX) || die "mktemp failed"
	fi
	trap cleanup EXIT
	trap 'exit 130' INT TERM
	if [ -z "$dir" ]; then
		dir=$(mktemp -d /var/tmp/arx-debootstrap.XXXXXX) || die "mktemp failed"
		dir_is_ours=1
	fi
	dir=$(readlink -f "$dir")
	if [ "$binfmt_mode" = host ]; then
		binfmt_lock
		binfmt_save "$work/binfmt-saved"
	fi
	say "$arch, variant $variant, suite $SUITE, into $dir; arx $ARX"
	first_stage || exit 1
	if [ "$binfmt_mode" = private ]; then
		say "binfmt_misc: a private instance in new namespaces"
		DEBOOTSTRAP_BINFMT=private in_private_binfmt \
			"$BASH" "$0" --inner "$arch" "$dir" "$work"
		rc=$?
	else
		say "binfmt_misc: the host's (saved, restored at exit)"
		DEBOOTSTRAP_BINFMT=host "$BASH" "$0" --inner "$arch" "$dir" "$work"
		rc=$?
	fi
	if [ $rc -eq 0 ]; then
		say "PASS: a sound $arch root"
	else
		say "FAIL: the $arch root is not sound"
	fi
	exit $rc
}

main "$@"
