#!/bin/bash
# Transparent execution through binfmt_misc: registers the built arx, runs
# AArch64 programs by path, checks argv[0] (flag P), set-id starts (flag C)
# and an arm64 chroot (bash pipelines, dpkg -i, children without /proc
# and flag P). Skips (77) unless root with
# binfmt_misc; the host's binfmt_misc entries are restored on exit.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=${top_srcdir:-$(cd "$here/../.." && pwd)}
builddir=${top_builddir:-$top}
arx=${ARX:-$builddir/arx}
cc=${CC_AARCH64:-aarch64-linux-gnu-gcc}
work=
chroot_dir=
mounts=()
fails=0

. "$here/lib.sh"

skip() {
	echo "SKIP: $*"
	exit 77
}

ok() {
	echo "ok: $*"
}

fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

# expect NAME WANT GOT
expect() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		fail "$1: expected [$2], got [$3]"
	fi
}

cleanup() {
	local m
	for m in "${mounts[@]}"; do
		umount -l "$m" 2>/dev/null
	done
	binfmt_restore
	[ -z "$work" ] || rm -rf --one-file-system "$work"
}

check_prerequisites() {
	[ "$(id -u)" = 0 ] || skip "needs root (binfmt_misc registration is system-wide)"
	[ -x "$arx" ] || skip "no arx at $arx"
	command -v "$cc" >/dev/null || skip "no $cc"
}

build_programs() {
	cat >"$work/args.c" <<'EOF'
#include <stdio.h>
#include <sys/auxv.h>
#include <unistd.h>
int main(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        printf("%s[%s]", i ? " " : "", argv[i]);
    printf(" euid=%d secure=%lu\n", (int)geteuid(), getauxval(AT_SECURE));
    return 3;
}
EOF
	"$cc" -static -O2 -o "$work/args" "$work/args.c" || return 1
	"$cc" -static-pie -O2 -o "$work/args-pie" "$work/args.c" || return 1
	"$cc" -O2 -o "$work/args-dyn" "$work/args.c" || return 1
	cat >"$work/getenv.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        printf("%s%s=%s", i > 1 ? " " : "", argv[i],
               getenv(argv[i]) ? getenv(argv[i]) : "(unset)");
    printf("\n");
    return 0;
}
EOF
	"$cc" -static -O2 -o "$work/getenv" "$work/getenv.c" || return 1
}

test_run_by_path() {
	local out
	out=$(cd "$work" && ./args one "two words" -L --help)
	expect "static ET_EXEC by path, exit status" 3 $?
	expect "static ET_EXEC by path, argv" \
		"[./args] [one] [two words] [-L] [--help] euid=0 secure=0" "$out"
	out=$("$work/args-pie" x)
	expect "static-pie ET_DYN by path" "[$work/args-pie] [x] euid=0 secure=0" "$out"
	if [ -x "$builddir/tests/unit/hello_static" ]; then
		out=$("$builddir/tests/unit/hello_static" | head -n 1)
		expect "tests/unit/hello_static" "Hello from AArch64 under arx!" "$out"
	fi
}

test_argv0() {
	local out
	out=$(exec -a custom-zero "$work/args" a)
	expect "argv[0] from exec -a" "[custom-zero] [a] euid=0 secure=0" "$out"
	ln -s args "$work/link-name"
	out=$(cd "$work" && ./link-name)
	expect "argv[0] through a symlink" "[./link-name] euid=0 secure=0" "$out"
}

# A set-uid root program run by an unprivileged user: flag C gives it euid
# 0, and arx (secure mode) must ignore ARX_LD_PREFIX: the dynamic program
# only starts when arx falls back to its default sysroot.
test_setuid() {
	local out
	command -v setpriv >/dev/null || { echo "skip: set-uid (no setpriv)"; return; }
	[ -d /usr/aarch64-linux-gnu ] || { echo "skip: set-uid (no default sysroot)"; return; }
	cp "$work/args-dyn" "$work/args-suid"
	chmod 4755 "$work/args-suid"
	chmod 755 "$work"
	out=$(setpriv --reuid=65534 --regid=65534 --clear-groups \
		env ARX_LD_PREFIX=/nonexistent "$work/args-suid" s 2>&1)
	case $out in
	"[$work/args-suid] [s] euid=0 secure=1") ok "set-uid program: euid 0, AT_SECURE" ;;
	"[$work/args-suid] [s] euid=0 secure=0")
		ok "set-uid program: euid 0, ARX_LD_PREFIX ignored"
		echo "note: the guest's AT_SECURE is 0 (linux-user/loader_stack.c)" ;;
	*) fail "set-uid program: got [$out]" ;;
	esac
}

# The ARX_* variables steer an arx that binfmt_misc started; a set-uid
# program run by another user (secure mode) ignores them.
test_variables() {
	local out
	out=$(cd "$work" && ARX_SET_ENV=ARX_T1=binfmt ARX_UNSET_ENV=ARX_T2 \
		ARX_T2=host ./getenv ARX_T1 ARX_T2)
	expect "ARX_SET_ENV, ARX_UNSET_ENV by path" "ARX_T1=binfmt ARX_T2=(unset)" "$out"
	out=$(cd "$work" && ARX_STRACE=1 ./getenv X 2>&1 >/dev/null | grep -c '^write(')
	expect "ARX_STRACE by path" 1 "$out"
	command -v setpriv >/dev/null || { echo "skip: set-uid variables (no setpriv)"; return; }
	cp "$work/getenv" "$work/getenv-suid"
	chmod 4755 "$work/getenv-suid"
	chmod 755 "$work"
	out=$(setpriv --reuid=65534 --regid=65534 --clear-groups \
		env ARX_SET_ENV=ARX_T1=leak "$work/getenv-suid" ARX_T1 2>&1)
	expect "set-uid program: ARX_SET_ENV ignored" "ARX_T1=(unset)" "$out"
}

# From a build tree, arx-binfmt finds ../arx without --path.
test_default_path() {
	local out
	if [ "$(readlink -f "$top/arx")" != "$(readlink -f "$arx")" ]; then
		echo "skip: default --path (arx is not in the source tree)"
		return
	fi
	out=$("$top/tools/arx-binfmt" status | grep -c "arx-aarch64: $(readlink -f "$arx") ")
	expect "status: register would use the build tree's arx" 1 "$out"
}

make_chroot() {
	chroot_dir=$work/root
	"$top/tools/mksysroot" -q -o "$chroot_dir" \
		-c "${REAL_CACHE:-$builddir/tests/real/cache}" bash coreutils dpkg ||
		return 1
	mkdir -p "$chroot_dir/proc" "$chroot_dir/tmp"
	# dpkg insists on sh, diff and ldconfig; the packages are not needed.
	ln -sf bash "$chroot_dir/usr/bin/sh"
	printf '#!/bin/bash\nexit 0\n' >"$chroot_dir/usr/bin/diff"
	printf '#!/bin/bash\nexit 0\n' >"$chroot_dir/usr/sbin/ldconfig"
	chmod 755 "$chroot_dir/usr/bin/diff" "$chroot_dir/usr/sbin/ldconfig"
	mount -t proc proc "$chroot_dir/proc" || return 1
	mounts+=("$chroot_dir/proc")
}

in_chroot() {
	chroot "$chroot_dir" /bin/bash -c "$1" 2>&1
}

test_chroot_shell() {
	local out
	out=$(in_chroot 'echo $(uname -m) $( (echo a; echo b; echo c) | sort -r | head -n 1)')
	expect "chroot: uname, subshell pipeline" "aarch64 c" "$out"
	out=$(in_chroot 'x=0; for i in $(seq 1 20); do x=$((x + $(echo $i | wc -c))); done; echo $x')
	expect "chroot: loop of command substitutions" 51 "$out"
	out=$(in_chroot 'cd /tmp && printf "b\na\n" > f && sort f | tr a-z A-Z | paste -sd, && rm f')
	expect "chroot: files and pipes" "A,B" "$out"
	out=$(in_chroot 'bash -c "exit 7"; echo $?')
	expect "chroot: nested bash exit status" 7 "$out"
	out=$(in_chroot 'readlink /proc/self/exe >/dev/null; cat /proc/self/cmdline | tr "\0" " "')
	expect "chroot: /proc/self/cmdline is the guest's" "cat /proc/self/cmdline " "$out"
}

# dpkg -i of a local arm64 package: maintainer scripts run under arx too.
test_chroot_dpkg() {
	local pkg=$work/pkg out
	mkdir -p "$pkg/DEBIAN" "$pkg/usr/share/arx-test"
	echo hello-from-deb >"$pkg/usr/share/arx-test/data"
	cat >"$pkg/DEBIAN/control" <<'EOF'
Package: arx-binfmt-test
Version: 1.0
Architecture: arm64
Maintainer: arx <arx@localhost>
Description: arx binfmt test package
EOF
	printf '#!/bin/bash\necho postinst "$1" > /tmp/postinst-ran\n' \
		>"$pkg/DEBIAN/postinst"
	chmod 755 "$pkg/DEBIAN/postinst"
	dpkg-deb --root-owner-group -b "$pkg" "$chroot_dir/tmp/test.deb" \
		>/dev/null || { fail "dpkg-deb -b"; return; }
	mkdir -p "$chroot_dir/var/lib/dpkg/info" "$chroot_dir/var/lib/dpkg/updates"
	touch "$chroot_dir/var/lib/dpkg/status" "$chroot_dir/var/lib/dpkg/available"
	out=$(in_chroot 'PATH=/usr/sbin:/usr/bin:/sbin:/bin dpkg -i /tmp/test.deb >/dev/null &&
		cat /usr/share/arx-test/data /tmp/postinst-ran &&
		dpkg-query -W -f="\${Status}\n" arx-binfmt-test')
	expect "chroot: dpkg -i of an arm64 .deb" \
		"hello-from-deb
postinst configure
install ok installed" "$out"
}

# Kernels before 5.12 have no flag P (arx-binfmt then registers without
# it), and a chroot may have no /proc: a guest's exec, for which arx finds
# neither its path nor a descriptor of itself, goes to the kernel, whose
# entry holds arx open (flag F). arx used to fail it with ENOENT.
test_chroot_without_proc() {
	local entry=$work/arx-aarch64.entry out
	cp "$BINFMT_DIR/arx-aarch64" "$entry.saved"
	sed 's/^flags: \(.*\)P/flags: \1/' "$entry.saved" >"$entry"
	echo -1 >"$BINFMT_DIR/arx-aarch64"
	binfmt_reregister arx-aarch64 "$entry" ||
		{ fail "register without flag P"; return; }
	umount "$chroot_dir/proc" || { fail "umount the chroot's /proc"; return; }
	out=$(in_chroot 'echo hi | tr h j; bash -c "exit 7"; echo $?')
	expect "chroot without /proc, no flag P: guest children" "ji
7" "$out"
	mount -t proc proc "$chroot_dir/proc" || fail "mount the chroot's /proc"
	echo -1 >"$BINFMT_DIR/arx-aarch64"
	binfmt_reregister arx-aarch64 "$entry.saved" ||
		fail "register arx-aarch64 again"
}

test_unregister() {
	"$top/tools/arx-binfmt" unregister >/dev/null
	if [ -e "$BINFMT_DIR/arx-aarch64" ] || [ -e "$BINFMT_DIR/arx-arm" ]; then
		fail "unregister left an entry"
	else
		ok "unregister"
	fi
}

main() {
	check_prerequisites
	# Locked first: another binfmt test that mounted binfmt_misc unmounts
	# it when it ends.
	binfmt_lock
	binfmt_usable || skip "binfmt_misc is not mounted and cannot be mounted"
	work=$(mktemp -d /tmp/arx-binfmt-test.XXXXXX)
	trap cleanup EXIT
	trap 'exit 130' INT TERM
	binfmt_save "$work/saved-state"
	build_programs || skip "cannot build the aarch64 test program"
	"$top/tools/arx-binfmt" register --path "$arx" --disable-others ||
		{ echo "FAIL: arx-binfmt register"; exit 1; }
	"$top/tools/arx-binfmt" status
	test_run_by_path
	test_argv0
	test_setuid
	test_variables
	test_default_path
	if make_chroot; then
		test_chroot_shell
		test_chroot_dpkg
		test_chroot_without_proc
	else
		echo "SKIP: chroot tests: cannot build the arm64 root (tools/mksysroot"
		echo "      needs arm64 package lists and network access once)"
	fi
	test_unregister
	echo "$fails failure(s)"
	[ "$fails" = 0 ]
}

main "$@"
