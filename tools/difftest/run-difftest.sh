#!/bin/sh
# Differential FP/SIMD instruction tester: runs tools/difftest's guest
# harness (random encodings per class, random full state) under qemu-aarch64
# -cpu max (the reference) and under arx, compares the results line by line
# and explains each mismatch (disassembly, both states). Read-only on the tree.
# Environment: ARX, QEMU (default qemu-aarch64), CC_AARCH64, OBJDUMP_AARCH64,
# top_srcdir, top_builddir.
set -u

srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${top_builddir:-$srcdir}
ARX=${ARX:-$builddir/arx}
QEMU=${QEMU:-qemu-aarch64}
CC_AARCH64=${CC_AARCH64:-aarch64-linux-gnu-gcc}
OBJDUMP_AARCH64=${OBJDUMP_AARCH64:-aarch64-linux-gnu-objdump}
here=$srcdir/tools/difftest

classes=
seed=1
count=2000
details=1
allow_unimpl=0
out=$builddir/tests/difftest/build
long=0
fpcr_mask=ffffffff

usage() {
    cat <<EOF
usage: run-difftest.sh [options]
  --classes LIST         comma-separated class names (default: all; see --list)
  --seed N               random seed (default 1)
  --count N              instructions per class (default 2000)
  --long                 count so that all classes together run >= 1,000,000
  --details N            detailed examples shown per mismatch group (default 1)
  --allow-unimplemented  ILL under arx only (unimplemented) does not fail
                         (optional extensions listed in optional-features.def
                         never fail when arx UNDEFs them: column "optional")
  --fpcr-mask HEX         FPCR bits the random states may set (default all:
                         AHP DN FZ RMode FZ16)
  --out DIR              build and result directory
  --list                 list the classes and exit
Exit status: 0 when every difference is explained, 1 otherwise, 2 on setup errors.
EOF
}

list=0
while [ $# -gt 0 ]; do
    case $1 in
    --classes) classes=$(echo "$2" | tr ',' ' '); shift ;;
    --seed) seed=$2; shift ;;
    --count) count=$2; shift ;;
    --long) long=1 ;;
    --details) details=$2; shift ;;
    --allow-unimplemented) allow_unimpl=1 ;;
    --out) out=$2; shift ;;
    --fpcr-mask) fpcr_mask=$2; shift ;;
    --list) list=1 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
    shift
done

for tool in "$CC_AARCH64" "$QEMU" "$OBJDUMP_AARCH64" perl; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run-difftest: $tool not installed" >&2
        exit 2
    fi
done

mkdir -p "$out" || exit 2
bin=$out/difftest
if ! $CC_AARCH64 -static -O2 -Wall -I"$here" -o "$bin" "$here/difftest.c" \
        "$here/classes.c" "$here/harness.S" 2>"$out/cc.log"; then
    echo "run-difftest: the harness does not compile:" >&2
    cat "$out/cc.log" >&2
    exit 2
fi
if [ "$list" = 1 ]; then
    "$QEMU" -cpu max "$bin" list
    exit 0
fi
[ -n "$classes" ] || classes=$("$QEMU" -cpu max "$bin" list | awk '{print $1}')
nclasses=$(echo $classes | wc -w)
if [ "$long" = 1 ]; then
    count=$(( (1000000 + nclasses - 1) / nclasses ))
fi

# Disassemble hex encodings (one per line on stdin): "hex<TAB>text" lines.
disassemble() {
    perl -ne 'chomp; print pack("V", hex($_)) if length' >"$out/insns.bin"
    $OBJDUMP_AARCH64 -D -b binary -m aarch64 "$out/insns.bin" |
        awk -F'\t' '/^ *[0-9a-f]+:\t/ { t = $3; for (i = 4; i <= NF; i++) t = t " " $i;
                                         sub(/ *\/\/.*/, "", t); print $2 "\t" t }' |
        sed 's/ *\t/\t/'
}

: >"$out/mismatches"
: >"$out/summary"
failed=0
for class in $classes; do
    q=$out/$class.qemu
    a=$out/$class.arx
    timeout 600 "$QEMU" -cpu max "$bin" run "$class" "$seed" "$count" "$fpcr_mask" >"$q" 2>"$q.err" &
    qpid=$!
    timeout 600 $ARX "$bin" run "$class" "$seed" "$count" "$fpcr_mask" >"$a" 2>"$a.err"
    arc=$?
    wait $qpid
    qrc=$?
    if [ "$qrc" != 0 ]; then
        echo "WARNING: $class: qemu exited $qrc after $(wc -l <"$q") lines: $(tail -c 300 "$q.err" | tr '\n' ' ')"
    fi
    # Columns: class run ok both_undef mismatch arx_ill known optional arx_rc
    # The third field is K<n> (known qemu deviation) or F<n> (an optional
    # extension arx does not implement: only arx-ILL is expected there).
    paste "$q" "$a" | awk -F'\t' -v class="$class" -v arc="$arc" \
        -v mm="$out/mismatches" -v sum="$out/summary" '
        {
            nq = split($1, qf, " "); na = split($2, af, " ")
            if (nq < 2) next          # qemu died here: nothing to compare
            run++
            if (na < 2) {             # arx died on this one
                if (!crashed) print class, qf[1], "arx-crash", "-" >>mm
                crashed = 1; bad++; next
            }
            known = (nq >= 3) ? qf[3] : "-"
            if (qf[2] == af[2]) { if (qf[2] == "ILL") undef++; else ok++; next }
            if (af[2] == "ILL" && qf[2] != "ILL" && qf[2] !~ /^[A-Z]/) kind = "arx-ill"
            else if (qf[2] == "ILL") kind = "arx-executes-undef"
            else if (af[2] ~ /^[A-Z]/ || qf[2] ~ /^[A-Z]/) kind = "signal-" qf[2] "-vs-" af[2]
            else kind = "value"
            if (known ~ /^F/ && kind == "arx-ill") { optional++; next }
            if (known ~ /^F/) known = "-"
            if (known != "-") knowns++
            else if (kind == "arx-ill") ill++
            else bad++
            print class, qf[1], kind, known >>mm
        }
        END { printf "%s %d %d %d %d %d %d %d %s\n", class, run, ok, undef, bad, ill, knowns, optional, arc >>sum }'
done

# Group the mismatches by class, kind and instruction shape.
cut -d' ' -f2 "$out/mismatches" | sort -u | disassemble >"$out/disasm"
awk -F'\t' 'NR == FNR { d[$1] = $2; next }
    {
        split($0, f, " "); text = d[f[2]]; if (text == "") text = "?"
        shape = text
        if (shape ~ /^\.inst/) shape = "(undefined for objdump)"
        gsub(/#-?(0x)?[0-9a-f.]+/, "#i", shape); gsub(/[0-9]+/, "", shape)
        gsub(/[ \t]+/, " ", shape)
        print f[1] "|" f[3] "|" shape "|" f[4] "|" f[2] "|" text
    }' "$out/disasm" "$out/mismatches" | sort -t'|' -k1,1 -k2,2 -k3,3 -s >"$out/grouped"

echo
echo "== coverage (seed $seed, $count per class, FPCR mask $fpcr_mask) =="
printf '%-20s %8s %8s %8s %8s %8s %8s %8s\n' class run agree both-ILL mismatch arx-ILL known optional
awk '{ printf "%-20s %8d %8d %8d %8d %8d %8d %8d%s\n", $1, $2, $3, $4, $5, $6, $7, $8,
              ($9 != 0 ? "  (arx exit " $9 ")" : "")
       r += $2; o += $3; u += $4; b += $5; i += $6; k += $7; f += $8 }
     END { printf "%-20s %8d %8d %8d %8d %8d %8d %8d\n", "TOTAL", r, o, u, b, i, k, f }' "$out/summary"

# One example per group and kind, re-run verbosely under both: the
# signature says which parts of the state differ (v, x, nzcv, fpsr, fpcr, mem).
awk -F'|' -v max="$details" '{ key = $1 "|" $2 "|" $3
         if (seen[key]++ < (max > 0 ? max : 1)) print $1, $5, $2, seen[key] }' "$out/grouped" |
while read -r class enc kind nth; do
    [ "$kind" = arx-ill ] && continue
    "$QEMU" -cpu max "$bin" one "$class" "$seed" "$enc" "$fpcr_mask" >"$out/one.$enc.qemu" 2>&1 </dev/null
    $ARX "$bin" one "$class" "$seed" "$enc" "$fpcr_mask" >"$out/one.$enc.arx" 2>&1 </dev/null
    sig=$(diff "$out/one.$enc.qemu" "$out/one.$enc.arx" | sed -n 's/^[<>] [a-z]* *\([a-z]*\).*/\1/p' |
          sort -u | tr '\n' ',' | sed 's/,$//')
    echo "$enc ${sig:-none} $nth"
done >"$out/signatures"

echo
echo "== mismatch groups (class | kind | instruction shape | count | differs in | example) =="
awk -F'|' 'NR == FNR { if ($3 == 1) sig[$1] = $2; next }
     { key = $1 "|" $2 "|" $3
       if (!(key in n)) { order[++m] = key; ex[key] = $5; txt[key] = $6; kn[key] = $4 }
       n[key]++ }
     END { for (i = 1; i <= m; i++) { k = order[i]; split(k, p, "|")
             s = (ex[k] in sig) ? sig[ex[k]] : "-"
             printf "%-18s %-20s %-36s %6d  %-14s %s  %s%s\n", p[1], p[2], p[3], n[k], s,
                    ex[k], txt[k], (kn[k] != "-" ? "  [known " kn[k] "]" : "") } }' \
    FS=' ' "$out/signatures" FS='|' "$out/grouped"

if [ "$details" -gt 0 ]; then
    echo
    echo "== details (qemu '<', arx '>') =="
    while read -r enc sig nth; do
        echo "--- $(grep "^$enc	" "$out/disasm" | cut -f2-)   [$enc, differs in $sig]"
        grep '^in\|^known' "$out/one.$enc.qemu"
        diff "$out/one.$enc.qemu" "$out/one.$enc.arx" | grep '^[<>]'
    done <"$out/signatures"
fi

awk -v allow="$allow_unimpl" '{ bad += $5; ill += $6; if ($9 != 0) crash++ }
     END { exit !(bad == 0 && crash == 0 && (allow || ill == 0)) }' "$out/summary" || failed=1
echo
if [ "$failed" = 0 ]; then
    echo "run-difftest: all differences explained"
else
    echo "run-difftest: unexplained differences (see above; results in $out)"
fi
exit $failed
