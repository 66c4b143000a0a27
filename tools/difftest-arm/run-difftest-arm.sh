#!/bin/sh
# Differential A32/T32 instruction tester: runs tools/difftest-arm's guest
# harness (random encodings per class, random full state) under qemu-arm
# (the reference) and under arx, compares the results line by line and
# explains each mismatch (disassembly, both states). Read-only on the tree.
# Environment: ARX, QEMU (default qemu-arm), CC_ARMHF, OBJDUMP_ARMHF,
# top_srcdir, top_builddir.
set -u

srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${top_builddir:-$srcdir}
ARX=${ARX:-$builddir/arx}
QEMU=${QEMU:-qemu-arm}
CC_ARMHF=${CC_ARMHF:-arm-linux-gnueabihf-gcc}
OBJDUMP_ARMHF=${OBJDUMP_ARMHF:-arm-linux-gnueabihf-objdump}
here=$srcdir/tools/difftest-arm

classes=
seed=1
count=2000
details=1
allow_unimpl=0
qemu_only=0
out=$builddir/tests/difftest-arm/build

usage() {
    cat <<EOF2
usage: run-difftest-arm.sh [options]
  --classes LIST         comma-separated class names (default: all; see --list)
  --seed N               random seed (default 1)
  --count N              instructions per class (default 2000)
  --details N            detailed examples shown per mismatch group (default 1)
  --allow-unimplemented  ILL under arx only (unimplemented) does not fail
  --qemu-only            run the reference only: checks the harness and the
                         templates (table of how many run, UNDEF, fault)
  --out DIR              build and result directory
  --list                 list the classes and exit
Exit status: 0 when every difference is explained, 1 otherwise, 2 on setup
errors, 3 when arx cannot deliver SIGILL to the harness yet.
EOF2
}

list=0
while [ $# -gt 0 ]; do
    case $1 in
    --classes) classes=$(echo "$2" | tr ',' ' '); shift ;;
    --seed) seed=$2; shift ;;
    --count) count=$2; shift ;;
    --details) details=$2; shift ;;
    --allow-unimplemented) allow_unimpl=1 ;;
    --qemu-only) qemu_only=1 ;;
    --out) out=$2; shift ;;
    --list) list=1 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
    shift
done

for tool in "$CC_ARMHF" "$QEMU" "$OBJDUMP_ARMHF" perl; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run-difftest-arm: $tool not installed" >&2
        exit 2
    fi
done

mkdir -p "$out" || exit 2
bin=$out/difftest-arm
if ! $CC_ARMHF -static -O2 -Wall -I"$here" -o "$bin" "$here/difftest_arm.c" \
        "$here/classes_arm.c" "$here/harness_arm.S" 2>"$out/cc.log"; then
    echo "run-difftest-arm: the harness does not compile:" >&2
    cat "$out/cc.log" >&2
    exit 2
fi
"$QEMU" "$bin" list >"$out/classes" || exit 2
if [ "$list" = 1 ]; then
    cat "$out/classes"
    exit 0
fi
[ -n "$classes" ] || classes=$(awk '{print $1}' "$out/classes")

# Without signal frames arx would kill the harness at the first UNDEF (or
# hang): check once, with a short timeout, before the long runs.
if [ "$qemu_only" = 0 ]; then
    probe=$(timeout 20 $ARX "$bin" probe 2>/dev/null)
    if [ "$probe" != "probe ILL" ]; then
        echo "run-difftest-arm: arx cannot deliver SIGILL yet (probe said" \
             "'${probe:-nothing}'); use --qemu-only to check the harness"
        exit 3
    fi
fi

# disassemble MODE: hex encodings on stdin (T32 as hw1hw2), "hex<TAB>text".
disassemble() {
    mode=$1
    case $mode in
    a32) perl -ne 'chomp; print pack("V", hex($_)) if length' ;;
    t16) perl -ne 'chomp; print pack("v", hex($_)) if length' ;;
    t32) perl -ne 'chomp; print pack("v2", hex(substr($_, 0, 4)), hex(substr($_, 4, 4))) if length' ;;
    esac >"$out/insns.bin"
    opt=
    [ "$mode" = a32 ] || opt="-M force-thumb"
    # shellcheck disable=SC2086 # opt is empty or one option
    $OBJDUMP_ARMHF -D -b binary -marm $opt "$out/insns.bin" |
        awk -F'\t' -v mode="$mode" '/^ *[0-9a-f]+:\t/ {
            t = $3; for (i = 4; i <= NF; i++) t = t " " $i
            sub(/ *[@;].*/, "", t); h = $2; gsub(/ /, "", h)
            if (mode == "t16") h = "0000" h
            print h "\t" t }'
}

class_mode() {
    awk -v c="$1" '$1 == c { print $2 }' "$out/classes"
}

if [ "$qemu_only" = 1 ]; then
    echo "== qemu-only check (seed $seed, $count per class) =="
    printf '%-18s %-4s %7s %7s %7s %7s %7s\n' class mode run values ILL fault distinct
    failed=0
    for class in $classes; do
        q=$out/$class.qemu
        timeout 600 "$QEMU" "$bin" run "$class" "$seed" "$count" >"$q" 2>"$q.err"
        rc=$?
        awk -v c="$class" -v m="$(class_mode "$class")" -v rc="$rc" '
            { run++; if ($2 == "ILL") ill++; else if ($2 ~ /^[A-Z]/) flt++
              else { val++; seen[$2] = 1 } }
            END { n = 0; for (k in seen) n++
                  printf "%-18s %-4s %7d %7d %7d %7d %7d%s\n", c, m, run, val, ill, flt, n,
                         rc ? "  (harness exit " rc ")" : "" }' "$q"
        [ "$rc" = 0 ] && [ "$(wc -l <"$q")" -eq "$count" ] || failed=1
    done
    [ "$failed" = 0 ] && echo "run-difftest-arm: harness ran every draw under $QEMU"
    exit $failed
fi

: >"$out/mismatches"
: >"$out/summary"
failed=0
for class in $classes; do
    q=$out/$class.qemu
    a=$out/$class.arx
    timeout 600 "$QEMU" "$bin" run "$class" "$seed" "$count" >"$q" 2>"$q.err" &
    qpid=$!
    timeout 600 $ARX "$bin" run "$class" "$seed" "$count" >"$a" 2>"$a.err"
    arc=$?
    wait $qpid
    qrc=$?
    if [ "$qrc" != 0 ]; then
        echo "WARNING: $class: qemu exited $qrc after $(wc -l <"$q") lines"
    fi
    paste "$q" "$a" | awk -F'\t' -v class="$class" -v arc="$arc" \
        -v mm="$out/mismatches" -v sum="$out/summary" '
        {
            nq = split($1, qf, " "); na = split($2, af, " ")
            if (nq < 2) next
            run++
            if (na < 2) {
                if (!crashed) print class, qf[1], "arx-crash" >>mm
                crashed = 1; bad++; next
            }
            if (qf[2] == af[2]) { if (qf[2] == "ILL") undef++; else ok++; next }
            if (af[2] == "ILL" && qf[2] !~ /^[A-Z]/) { kind = "arx-ill"; ill++ }
            else if (qf[2] == "ILL") { kind = "arx-executes-undef"; bad++ }
            else if (af[2] ~ /^[A-Z]/ || qf[2] ~ /^[A-Z]/) {
                kind = "signal-" qf[2] "-vs-" af[2]; bad++ }
            else { kind = "value"; bad++ }
            print class, qf[1], kind >>mm
        }
        END { printf "%s %d %d %d %d %d %s\n", class, run, ok, undef, bad, ill, arc >>sum }'
done

# Group the mismatches by class, kind and instruction shape.
: >"$out/disasm"
for class in $(cut -d' ' -f1 "$out/mismatches" | sort -u); do
    mode=$(class_mode "$class")
    awk -v c="$class" '$1 == c { print $2 }' "$out/mismatches" | sort -u |
        sed "s/^0000//" | disassemble "$mode" >>"$out/disasm"
done
awk -F'\t' 'NR == FNR { d[$1] = $2; next }
    {
        split($0, f, " "); text = d[f[2]]; if (text == "") text = "?"
        shape = text
        if (shape ~ /^\.(inst|word|short)|UNDEFINED/) shape = "(undefined for objdump)"
        gsub(/#-?(0x)?[0-9a-f.]+/, "#i", shape); gsub(/[0-9]+/, "", shape)
        gsub(/[ \t]+/, " ", shape)
        print f[1] "|" f[3] "|" shape "|" f[2] "|" text
    }' "$out/disasm" "$out/mismatches" | sort -t'|' -k1,1 -k2,2 -k3,3 -s >"$out/grouped"

echo
echo "== coverage (seed $seed, $count per class) =="
printf '%-18s %-4s %8s %8s %8s %8s %8s\n' class mode run agree both-ILL mismatch arx-ILL
while read -r c r o u b i arc; do
    printf '%-18s %-4s %8d %8d %8d %8d %8d%s\n' "$c" "$(class_mode "$c")" "$r" "$o" "$u" "$b" "$i" \
        "$([ "$arc" != 0 ] && echo "  (arx exit $arc)")"
done <"$out/summary"
awk '{ r += $2; o += $3; u += $4; b += $5; i += $6 }
     END { printf "%-18s %-4s %8d %8d %8d %8d %8d\n", "TOTAL", "", r, o, u, b, i }' "$out/summary"

awk -F'|' -v max="$details" '{ key = $1 "|" $2 "|" $3
         if (seen[key]++ < (max > 0 ? max : 1)) print $1, $4, $2, seen[key] }' "$out/grouped" |
while read -r class enc kind nth; do
    [ "$kind" = arx-ill ] && continue
    "$QEMU" "$bin" one "$class" "$seed" "$enc" >"$out/one.$enc.qemu" 2>&1 </dev/null
    timeout 60 $ARX "$bin" one "$class" "$seed" "$enc" >"$out/one.$enc.arx" 2>&1 </dev/null
    sig=$(diff "$out/one.$enc.qemu" "$out/one.$enc.arx" |
          sed -n 's/^[<>] [a-z]* *\([a-z]*\).*/\1/p' | sort -u | tr '\n' ',' | sed 's/,$//')
    echo "$enc ${sig:-none} $nth"
done >"$out/signatures"

echo
echo "== mismatch groups (class | kind | instruction shape | count | differs in | example) =="
# Signatures read in BEGIN: an empty file would break the NR == FNR idiom.
awk -F'|' -v sigfile="$out/signatures" '
     BEGIN { while ((getline line < sigfile) > 0) {
                 split(line, w, " "); if (w[3] == 1) sig[w[1]] = w[2] } }
     { key = $1 "|" $2 "|" $3
       if (!(key in n)) { order[++m] = key; ex[key] = $4; txt[key] = $5 }
       n[key]++ }
     END { for (i = 1; i <= m; i++) { k = order[i]; split(k, p, "|")
             s = (ex[k] in sig) ? sig[ex[k]] : "-"
             printf "%-16s %-20s %-34s %6d  %-12s %s  %s\n", p[1], p[2], p[3], n[k], s,
                    ex[k], txt[k] } }' "$out/grouped"

if [ "$details" -gt 0 ]; then
    echo
    echo "== details (qemu '<', arx '>') =="
    while read -r enc sig nth; do
        echo "--- $(grep "^$enc	" "$out/disasm" | cut -f2-)   [$enc, differs in $sig]"
        # The input general registers and flags (d0-d31: run `one` by hand).
        grep '^in  \(r\|apsr\|fpscr\)' "$out/one.$enc.qemu" | paste -d' ' - - - -
        diff "$out/one.$enc.qemu" "$out/one.$enc.arx" | grep '^[<>]'
    done <"$out/signatures"
fi

awk -v allow="$allow_unimpl" '{ bad += $5; ill += $6; if ($7 != 0) crash++ }
     END { exit !(bad == 0 && crash == 0 && (allow || ill == 0)) }' "$out/summary" || failed=1
echo
if [ "$failed" = 0 ]; then
    echo "run-difftest-arm: all differences explained"
else
    echo "run-difftest-arm: unexplained differences (see above; results in $out)"
fi
exit $failed
