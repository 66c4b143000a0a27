# shellcheck shell=bash
# shellcheck disable=SC2016,SC2034 # quoted on purpose: evaluated per run; read by the scripts that source this
# The programs of bench/real/run-real.sh, one `add` line each, and the
# Debian packages they come from. Sourced, not run. Each row runs in a fresh
# empty directory (its files are compared), with $in the generated inputs,
# $src this directory, $wrap_gcc / $toolexec how an emulator runs the
# children of gcc / go (empty natively).

# Debian arm64 packages for the sysroot (tools/mksysroot resolves the rest).
ARM64_PACKAGES=(flac lame opus-tools vorbis-tools x264 libjpeg-turbo-progs
	xz-utils zstd gzip bzip2 brotli python3.11 lua5.4 perl bash sqlite3 gcc-12
	nodejs stockfish golang-1.19-go openssl stress-ng coreutils bc gawk webp
	ruby3.1 php8.2-cli ghostscript optipng lz4
	sed grep dash diffutils libc6-dev) # the last five: bench/run-processes.sh
# The same programs' amd64 builds, installed on the host by setup.sh; gcc
# natively is gcc-12-aarch64-linux-gnu (same GCC, same target, so the same
# assembly), node natively is Debian's nodejs unpacked into the build dir
# when the host's node is another build.
HOST_PACKAGES=(flac lame opus-tools vorbis-tools x264 libjpeg-turbo-progs
	xz-utils zstd gzip bzip2 brotli python3.11 lua5.4 perl bash sqlite3
	gcc-12-aarch64-linux-gnu stockfish golang-1.19-go openssl stress-ng
	coreutils bc gawk webp ruby3.1 php8.2-cli ghostscript optipng lz4
	node-acorn node-cjs-module-lexer node-undici)

declare -a rows=()
declare -A program args check why keep native_program stdin_of env_of

# The Ogg serial numbers are fixed (-s, --serial): by default they are random.
#
# add NAME CHECK PROGRAM ARGS: a row. CHECK is `all` (every runner's output
# must equal native's) or `emu` (arx's must equal qemu's; say why in
# why[NAME]). PROGRAM is its path on the host and in the sysroot; ARGS is
# evaluated in the row's directory.
add() {
	rows+=("$1")
	check[$1]=$2
	program[$1]=$3
	args[$1]=$4
}

key128='-K 000102030405060708090a0b0c0d0e0f -iv 0f0e0d0c0b0a09080706050403020100'
key256='-K 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f -iv 0f0e0d0c0b0a09080706050403020100'

# ---- codecs ----
add flac all /usr/bin/flac '-8 -s -f -o out.flac "$in/audio.wav"'
add flac-d all /usr/bin/flac '-d -s -f -o out.wav "$in/audio.flac"'
add lame emu /usr/bin/lame '-S -V2 "$in/audio.wav" out.mp3'
add opusenc emu /usr/bin/opusenc '--serial 1 --quiet --bitrate 96 "$in/audio.wav" out.opus'
add oggenc emu /usr/bin/oggenc '-Q -s 1 -q 5 -o out.ogg "$in/audio.wav"'
add x264 emu /usr/bin/x264 '--quiet --threads 1 --preset medium -o out.264 "$in/video.y4m"'
# Float encoders: the amd64 and arm64 builds round differently (fused
# multiply-add, libm, other SIMD paths), so their bytes differ natively.
for row in lame opusenc oggenc x264; do
	why[$row]='float code: the amd64 build rounds differently'
done
add cjpeg all /usr/bin/cjpeg '-quality 95 -optimize -progressive -outfile out.jpg "$in/image.ppm"'
add djpeg all /usr/bin/djpeg '-outfile out.ppm "$in/image.jpg"'
add optipng all /usr/bin/optipng '-quiet -o1 -out out.png "$in/image.png"'
add gs all /usr/bin/gs '-q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pnggray -r600 -o out.png "$src/shapes.ps"'
add cwebp all /usr/bin/cwebp '-quiet -q 80 -m 2 "$in/image.ppm" -o out.webp'

# ---- compressors (stdout is compared) ----
add xz all /usr/bin/xz '-6 -T1 -c "$in/text1.txt"'
add xz-d all /usr/bin/xz '-dc "$in/words.txt.xz"'
add zstd all /usr/bin/zstd '-19 -T1 -q -c "$in/text1.txt"'
add zstd-d all /usr/bin/zstd '-dc -q "$in/words3.txt.zst"'
add gzip all /usr/bin/gzip '-9 -n -c "$in/text2.txt"'
add gzip-d all /usr/bin/gzip '-dc "$in/words3.txt.gz"'
add bzip2 all /usr/bin/bzip2 '-9 -c "$in/text2.txt"'
add bzip2-d all /usr/bin/bzip2 '-dc "$in/words.txt.bz2"'
add brotli all /usr/bin/brotli '-q 9 -c "$in/text2.txt"'
add brotli-d all /usr/bin/brotli '-dc "$in/words3.txt.br"'
add lz4 all /usr/bin/lz4 '-q -12 -c "$in/text2.txt"'
add sort all /usr/bin/sort '--parallel=1 -S 64M "$in/words.txt"'

# ---- interpreters, database, JS ----
add python all /usr/bin/python3.11 '"$src/../workloads/bench.py" 1'
add lua all /usr/bin/lua5.4 '"$src/../workloads/bench.lua" 1'
add perl all /usr/bin/perl '"$src/../workloads/bench.pl" 1'
add bash all /usr/bin/bash '"$src/work.sh"'
add ruby all /usr/bin/ruby3.1 '"$src/work.rb"'
add php all /usr/bin/php8.2 '"$src/work.php"'
add gawk all /usr/bin/gawk '-f "$src/words.awk" "$in/words.txt"'
add bc all /usr/bin/bc '-l "$src/pi.bc"'
add sqlite all /usr/bin/sqlite3 ''
stdin_of[sqlite]='$in/bench.sql'
add node all /usr/bin/node '"$src/work.js"'

# ---- compilers ----
add gcc all /usr/bin/gcc-12 '${wrap_gcc:+-wrapper "$wrap_gcc"} -S -O2 -fno-ident -o out.s "$in/code.i"'
native_program[gcc]=/usr/bin/aarch64-linux-gnu-gcc-12
add go emu /usr/lib/go-1.19/bin/go 'build ${toolexec:+-toolexec "$toolexec"} -p 1 -o hello "$src/hello.go"'
why[go]='builds an arm64 binary, natively an amd64 one'
env_of[go]='GOCACHE=$PWD/gocache GOPATH=$PWD/gopath GOFLAGS=-buildvcs=false CGO_ENABLED=0 GO111MODULE=off GOROOT=$sysroot_prefix/usr/lib/go-1.19 HOME=$PWD'

# ---- others ----
add stockfish all /usr/games/stockfish 'bench 16 1 9 default depth'
keep[stockfish]='/^Nodes searched/p;/^bestmove/p'
add openssl-sha512 all /usr/bin/openssl 'dgst -sha512 -r "$in/blob.bin" "$in/blob.bin" "$in/blob.bin"'
add openssl-aes all /usr/bin/openssl "enc -aes-128-cbc $key128 -in \"\$in/blob.bin\" -out out.bin"
add openssl-chacha all /usr/bin/openssl "enc -chacha20 $key256 -in \"\$in/blob.bin\" -out out.bin"
add stress-ng all /usr/bin/stress-ng '--atomic 1 --atomic-ops 200'
keep[stress-ng]='s/.*\(dispatching hogs: .*\)/\1/p;s/.*\(successful run completed\).*/\1/p'
