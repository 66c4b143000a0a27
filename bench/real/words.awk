# gawk workload for bench/real/run-real.sh: word and syllable counts over
# the generated words.txt (associative arrays, string functions, sorting).
{
	for (i = 1; i < NF; i++) {
		count[$i]++
		first[substr($i, 1, 2)] += length($i)
	}
	total += $NF % 1000
}
END {
	n = asorti(count, sorted)
	h = 0
	for (i = 1; i <= n; i += 97)
		h = (h * 31 + count[sorted[i]] + length(sorted[i])) % 1000000007
	for (k in first)
		g += first[k] * length(k)
	print n, h, g, total, toupper(sorted[n])
}
