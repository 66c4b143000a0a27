#!/bin/bash
# The recipe for the Linux Test Project's syscall tests, built static for
# aarch64 and installed where run-ltp.sh looks. LTP is not in Debian's
# archive and is never committed here: bring a clone of the public
# repository linux-test-project/ltp yourself (CI cannot fetch it).
#
# usage: build-ltp.sh LTP_SOURCE PREFIX
#   LTP_SOURCE  a clone of linux-test-project/ltp (any recent commit; the
#               table in docs/conformance.md names the one measured)
#   PREFIX      where to install (then: make check-ltp LTP_DIR=PREFIX)
# Needs gcc-aarch64-linux-gnu, autoconf, automake, make, pkg-config.
# Takes about 40 minutes on 2 cores.
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: $0 LTP_SOURCE PREFIX" >&2; exit 2; }
src=$(cd "$1" && pwd)
mkdir -p "$2"
prefix=$(cd "$2" && pwd)
jobs=$(nproc)

cd "$src"
make autotools
CC=aarch64-linux-gnu-gcc LDFLAGS=-static \
	./configure --host=aarch64-linux-gnu --prefix="$prefix"
make -j"$jobs" -C lib
make -j"$jobs" -C testcases/lib
# -k: a test that does not build for this toolchain is missing, not fatal;
# run-ltp.sh reports it as "missing".
make -j"$jobs" -k -C testcases/kernel/syscalls || true
make -k -C testcases/lib install || true
make -k -C testcases/kernel/syscalls install || true
mkdir -p "$prefix/runtest"
cp runtest/syscalls "$prefix/runtest/syscalls"
git -C "$src" rev-parse HEAD >"$prefix/LTP_COMMIT" 2>/dev/null || true
echo "installed into $prefix; run: make check-ltp LTP_DIR=$prefix"
