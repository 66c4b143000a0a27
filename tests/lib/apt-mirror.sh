# shellcheck shell=bash
# Shared by the scripts that fetch Debian packages with debootstrap (sourced,
# bash): the host's own apt source for a suite, read from its apt
# configuration at run time, so no mirror is ever written into the tree.

# apt_list_mirror SUITE FILE...: one-line sources ("deb [opts] URI SUITE").
apt_list_mirror() {
	local suite=$1
	shift
	awk -v suite="$suite" '
		{
			line = $0
			sub(/#.*/, "", line)
			sub(/\[[^]]*\]/, "", line)
			if (split(line, f, " ") >= 3 && f[1] == "deb" && f[3] == suite) {
				print f[2]
				exit
			}
		}' "$@" 2>/dev/null
}

# apt_deb822_mirror SUITE FILE...: deb822 .sources paragraphs.
apt_deb822_mirror() {
	local suite=$1
	shift
	awk -v suite="$suite" '
		function check() {
			if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " suite " ") &&
			    enabled != "no" && uris != "") {
				split(uris, u, " "); print u[1]; found = 1; exit
			}
			types = suites = uris = enabled = ""
		}
		/^[ \t]*$/ { check(); next }
		/^#/ { next }
		/^Types:/ { sub(/^Types:[ \t]*/, ""); types = $0 }
		/^Suites:/ { sub(/^Suites:[ \t]*/, ""); suites = $0 }
		/^URIs:/ { sub(/^URIs:[ \t]*/, ""); uris = $0 }
		/^Enabled:/ { sub(/^Enabled:[ \t]*/, ""); enabled = tolower($0) }
		END { if (!found) check() }' "$@" 2>/dev/null
}

# host_mirror SUITE: the first apt source of this host that serves SUITE
# (empty when none does).
host_mirror() {
	local m files=() f
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] && files+=("$f")
	done
	[ ${#files[@]} -eq 0 ] || m=$(apt_list_mirror "$1" "${files[@]}")
	if [ -z "${m:-}" ]; then
		files=()
		for f in /etc/apt/sources.list.d/*.sources; do
			[ -f "$f" ] && files+=("$f")
		done
		[ ${#files[@]} -eq 0 ] || m=$(apt_deb822_mirror "$1" "${files[@]}")
	fi
	echo "${m:-}"
}
