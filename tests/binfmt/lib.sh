# Shared by the binfmt test scripts (sourced, bash): saves the host's
# binfmt_misc entries and puts them back exactly, whatever the tests did.
# Never removes or edits an entry other than arx-aarch64 and arx-arm except
# to restore it.

BINFMT_DIR=/proc/sys/fs/binfmt_misc
binfmt_saved=
binfmt_we_mounted=0

# binfmt_usable: root, and binfmt_misc mounted or mountable.
binfmt_usable() {
	[ "$(id -u)" = 0 ] || return 1
	[ -w "$BINFMT_DIR/register" ] && return 0
	grep -qw binfmt_misc /proc/filesystems 2>/dev/null || return 1
	mount -t binfmt_misc binfmt_misc "$BINFMT_DIR" 2>/dev/null || return 1
	binfmt_we_mounted=1
}

# binfmt_lock: one binfmt test at a time on this host (fd 9 stays open).
binfmt_lock() {
	command -v flock >/dev/null || return 0
	exec 9>/run/lock/arx-binfmt-test.lock || return 0
	flock -w 900 9 || echo "warning: another binfmt test holds the lock" >&2
}

# binfmt_save DIR: copies every entry (state, interpreter, flags, magic).
binfmt_save() {
	binfmt_saved=$1
	mkdir -p "$binfmt_saved"
	local f
	for f in "$BINFMT_DIR"/*; do
		case ${f##*/} in register | status) continue ;; esac
		cp "$f" "$binfmt_saved/${f##*/}"
	done
	cp "$BINFMT_DIR/status" "$binfmt_saved/.status"
}

# binfmt_hex_escape HEX: "7f45" -> "\x7f\x45", as the register file reads.
binfmt_hex_escape() {
	echo "$1" | sed 's/../\\x&/g'
}

# binfmt_reregister NAME FILE: registers a saved entry again.
binfmt_reregister() {
	local name=$1 file=$2 interp flags off magic mask
	interp=$(sed -n 's/^interpreter //p' "$file")
	flags=$(sed -n 's/^flags: //p' "$file")
	off=$(sed -n 's/^offset //p' "$file")
	magic=$(sed -n 's/^magic //p' "$file")
	mask=$(sed -n 's/^mask //p' "$file")
	if [ -n "$magic" ]; then
		magic=$(binfmt_hex_escape "$magic")
		[ -z "$mask" ] || mask=$(binfmt_hex_escape "$mask")
		printf ':%s:M:%s:%s:%s:%s:%s\n' "$name" "$off" "$magic" "$mask" \
			"$interp" "$flags" >"$BINFMT_DIR/register"
	else
		printf ':%s:E::%s::%s:%s\n' "$name" \
			"$(sed -n 's/^extension \.//p' "$file")" "$interp" "$flags" \
			>"$BINFMT_DIR/register"
	fi
}

# binfmt_restore: our entry goes; saved entries come back, each in its
# saved state (enabled or disabled).
binfmt_restore() {
	[ -n "$binfmt_saved" ] || return 0
	local f name
	for name in arx-aarch64 arx-arm; do
		[ -e "$BINFMT_DIR/$name" ] && echo -1 >"$BINFMT_DIR/$name"
	done
	for f in "$binfmt_saved"/*; do
		[ -e "$f" ] || continue
		name=${f##*/}
		[ -e "$BINFMT_DIR/$name" ] || binfmt_reregister "$name" "$f" ||
			echo "could not restore binfmt entry $name" >&2
		if [ "$(head -n 1 "$f")" = enabled ]; then
			echo 1 >"$BINFMT_DIR/$name"
		else
			echo 0 >"$BINFMT_DIR/$name"
		fi
	done
	if [ "$(cat "$binfmt_saved/.status")" = enabled ]; then
		echo 1 >"$BINFMT_DIR/status"
	fi
	if [ "$binfmt_we_mounted" = 1 ] &&
		[ -z "$(ls "$BINFMT_DIR" | grep -v -x -e register -e status)" ]; then
		umount "$BINFMT_DIR"
	fi
	binfmt_saved=
}
