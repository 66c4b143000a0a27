# shellcheck shell=bash
# Bash workload for bench/real/run-real.sh: builtins only (arithmetic,
# string operations, arrays, associative arrays, functions), no external
# commands, so the time is bash's own interpreter. usage: bash work.sh
# collatz_steps N: the steps from N to 1, into $steps (no subshell).
collatz_steps() {
	local n=$1
	steps=0
	while ((n != 1)); do
		if ((n % 2)); then ((n = 3 * n + 1)); else ((n /= 2)); fi
		((steps++))
	done
}

total=0
for ((i = 1; i <= 300; i++)); do
	collatz_steps "$i"
	((total += steps))
done
echo "collatz $total"

declare -A counts=()
text="the quick brown fox jumps over the lazy dog and the cat"
for ((i = 0; i < 1500; i++)); do
	for w in $text; do
		key=${w:0:2}${#w}
		counts[$key]=$((${counts[$key]:-0} + i % 7))
	done
done
sum=0
for k in "${!counts[@]}"; do
	((sum += counts[$k] * ${#k}))
done
echo "words ${#counts[@]} $sum"

s=""
for ((i = 0; i < 10000; i++)); do
	s+=$((i % 10))
done
r=${s//5/x}
r=${r//[02468]/}
echo "strings ${#s} ${#r} ${r:100:20}"

arr=()
x=7
for ((i = 0; i < 10000; i++)); do
	((x = (x * 1103 + 12345) % 65536))
	arr+=("$x")
done
max=0
for v in "${arr[@]}"; do ((v > max)) && max=$v; done
echo "array ${#arr[@]} $max"
