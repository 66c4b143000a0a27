# Shared by tests/real and tests/jit (sourced, not run): checks the
# emulator exists, builds an arm64 sysroot with tools/mksysroot, makes a
# work directory removed at exit, and keeps arm64 binfmt_misc entries (a
# qemu-user install's) from running guest children behind arx's back.
# The caller sets ARX, SYSROOT, CACHE, MKSYSROOT and top_srcdir first.

# shellcheck shell=bash

# shellcheck source=tests/binfmt/lib.sh
. "$top_srcdir/tests/binfmt/lib.sh" # binfmt_lock

# The guest's ELF header as binfmt_misc shows it (e_ident + e_type +
# e_machine): arm64, or with SYSROOT_ARCH=armhf 32-bit ARM.
SYSROOT_ARCH=${SYSROOT_ARCH:-arm64}
if [ "$SYSROOT_ARCH" = armhf ]; then
	AARCH64_MAGIC=7f454c4601010100000000000000000002002800
else
	AARCH64_MAGIC=7f454c460201010000000000000000000200b700
fi

# arm64_setup NAME PACKAGE...: exits 99 without the emulator, 77 when the
# sysroot cannot be built; sets start (the run's start time, seconds),
# SYSROOT (absolute) and work (a fresh directory, removed at exit along
# with restoring binfmt_misc entries).
arm64_setup() {
	local name=$1 arx_prog=${ARX%% *}
	shift
	if ! command -v "$arx_prog" >/dev/null 2>&1; then
		echo "ERROR: emulator '$arx_prog' not found (set ARX or build arx first)" >&2
		exit 99
	fi
	start=$(date +%s)
	if ! "$MKSYSROOT" --arch "$SYSROOT_ARCH" -q -o "$SYSROOT" -c "$CACHE" "$@"; then
		echo "SKIP: cannot build the arm64 sysroot (needs dpkg --add-architecture"
		echo "      arm64, apt-get update and network access; see tools/mksysroot)"
		exit 77
	fi
	SYSROOT=$(cd "$SYSROOT" && pwd)
	echo "sysroot ready in $(($(date +%s) - start))s: $SYSROOT"
	work=$(mktemp -d "${TMPDIR:-/tmp}/arx-$name.XXXXXX") || exit 99
	trap arm64_cleanup EXIT
	trap 'exit 130' INT TERM
}

disabled_binfmt=()
# shellcheck disable=SC2317 # called from the EXIT trap
arm64_cleanup() {
	local f
	for f in "${disabled_binfmt[@]}"; do
		echo 1 >"$f" || echo "WARNING: could not re-enable $f" >&2
	done
	rm -rf "$work"
}

# guard_binfmt DIR PROBE...: an enabled binfmt_misc entry (in DIR) for
# arm64 ELFs would let the kernel run the guest's children through qemu
# and hide arx's exec path. Disable it for the run (root), else set
# no_children to why cases that exec children cannot run; PROBE (an arm64
# command of the sysroot) proves the host kernel itself refuses them.
no_children=""
guard_binfmt() {
	local f dir=$1
	shift
	# The host's entries are shared: wait for a binfmt test (make check
	# runs tests side by side), whose arx entries would be disabled here,
	# and keep it from registering them while this run lasts.
	[ "$dir" != "$BINFMT_DIR" ] || binfmt_lock
	for f in "$dir"/*; do
		case ${f##*/} in register | status) continue ;; esac
		[ -f "$f" ] || continue
		head -n 1 "$f" 2>/dev/null | grep -qx enabled || continue
		grep -q "^magic $AARCH64_MAGIC" "$f" || continue
		if echo 0 >"$f" 2>/dev/null; then
			echo "binfmt_misc: disabled ${f##*/} for this run"
			disabled_binfmt+=("$f")
		else
			no_children="binfmt_misc entry ${f##*/} runs arm64 ELFs and cannot be disabled here (needs root)"
		fi
	done
	if [ -z "$no_children" ] && "$@" >/dev/null 2>&1; then
		no_children="the host runs arm64 ELFs itself (binfmt_misc?)"
	fi
	[ -z "$no_children" ] ||
		echo "NOTE: cases that exec children are skipped: $no_children"
}
