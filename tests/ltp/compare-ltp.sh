#!/bin/bash
# Compares two run-ltp.sh results files (arx's and qemu's) as the tables in
# docs/conformance.md: the count of each class under each, then every test
# that passes under one and not the other.
#
# usage: compare-ltp.sh ARX_RESULTS QEMU_RESULTS
set -eu

[ $# -eq 2 ] || { echo "usage: $0 ARX_RESULTS QEMU_RESULTS" >&2; exit 2; }
arx=$1
qemu=$2

echo "| class | arx | qemu-aarch64 |"
echo "|---|---:|---:|"
for class in pass tconf fail broken timeout missing; do
	printf '| %s | %d | %d |\n' "$class" \
		"$(awk -v c="$class" '$2 == c' "$arx" | wc -l)" \
		"$(awk -v c="$class" '$2 == c' "$qemu" | wc -l)"
done
printf '| total | %d | %d |\n' "$(wc -l <"$arx")" "$(wc -l <"$qemu")"

# side_by_side: "tag arx-class qemu-class" for every tag in both.
side_by_side() {
	awk 'NR == FNR { q[$1] = $2; next } ($1 in q) { print $1, $2, q[$1] }' \
		"$qemu" "$arx"
}
echo
echo "Pass under qemu-aarch64, not under arx ($(side_by_side |
	awk '$3 == "pass" && $2 != "pass"' | wc -l)):"
side_by_side | awk '$3 == "pass" && $2 != "pass" { print "  " $1 " " $2 }'
echo
echo "Pass under arx, not under qemu-aarch64 ($(side_by_side |
	awk '$2 == "pass" && $3 != "pass"' | wc -l)):"
side_by_side | awk '$2 == "pass" && $3 != "pass" { print "  " $1 " " $3 }'
