#!/bin/bash
# CPU benchmark: builds bench/cpu.c for the host and for aarch64 (static,
# -O2), runs every kernel natively, under qemu-aarch64 and under arx in one
# session, checks the three agree on the output, and prints a timing table.
# Not part of make check; it must not change any file outside its build dir.
#
# usage: run-bench.sh [-s SCALE] [-r RUNS] [-k "KERNEL..."] [BUILD_DIR]
#   SCALE  work units per kernel, ~0.1 s native each (default 10)
#   RUNS   timed runs per command after one warmup (default 3)
# environment: ARX (default "$top_builddir/arx"), QEMU (default
# qemu-aarch64), CC_AARCH64 (aarch64-linux-gnu-gcc), CC_HOST (cc),
# NO_HYPERFINE=1 to force the plain bash timing loop.

set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/lib.sh
. "$srcdir/lib.sh"

scale=10
runs=3
kernels="sieve crc32 matmul sort interp sha256 fpmix"
bench_parse_options 7,13 s:scale r:runs k:kernels -- "$@"

# ---- build ----
native=$build/cpu-native
guest=$build/cpu-aarch64
"$CC_HOST" -O2 -static -o "$native" "$srcdir/cpu.c" -lm 2>/dev/null ||
	"$CC_HOST" -O2 -o "$native" "$srcdir/cpu.c" -lm || exit 1
"$CC_AARCH64" -O2 -static -o "$guest" "$srcdir/cpu.c" -lm || exit 1

# ---- runners, command lines, timing (bench/lib.sh) ----
bench_find_runners
bench_pick_timer

declare -A mean
status=0
for k in $kernels; do
	bench_kernel "$k" "$build/hyperfine-$k.json" || status=1
done

# ---- table ----
echo
printf "scale=%s runs=%s timer=%s\n" "$scale" "$runs" \
	"$([ "$use_hyperfine" = 1 ] && echo hyperfine || echo bash-loop)"
bench_table_header kernel
for k in $kernels; do
	bench_table_row "$k"
done
exit $status
