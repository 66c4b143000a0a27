#!/usr/bin/env python3
"""a17-ldst decoder reach: disassembles ARM ELF files with objdump and
checks that the group's decoders (decode_check, built from
decode_check.c) match exactly the loads/stores, branches, exclusives,
barriers, hints and p15 accesses among them, and nothing else.
Usage: decode_check.py DECODE_CHECK FILE...
  cc -I. -I$builddir tests/a32/ldst/decode_check.c -o decode_check
  (after make has generated target-arm/a32/*.dec.c); FILE: armhf ELF
  files or objects, e.g. corpus.S assembled with -march=armv8-a
  -mfpu=neon-fp-armv8, a static glibc program, -marm objects."""
import re
import subprocess
import sys
from collections import Counter

COND = '(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?'
MINE = re.compile(
    r'^(ldr\w*|str\w*|ldm\w*|stm\w*|push|pop|cbn?z|tb[bh]|it[te]{0,3}|svc|'
    r'bkpt|udf|nop|yield|wfe|wfi|sev|sevl|dbg|pldw?|pli|mrc|mcr|mrrc|lda\w*|'
    r'stl\w*|clrex|dmb|dsb|isb|bxj|blx|bx|bl|b)' + COND + r'(\.[nw])?$')
# objdump names that are not this group's: VFP/NEON moves, A32 "nop"
# (MOV r0, r0), coprocessors other than p15.
NOT_MINE = ('vldr', 'vstr', 'vpush', 'vpop', 'vldm', 'vstm')


def words(path):
    dis = subprocess.run(['arm-linux-gnueabihf-objdump', '-d', path],
                         capture_output=True, text=True, check=True).stdout
    for line in dis.splitlines():
        m = re.match(r'^\s+[0-9a-f]+:\t([0-9a-f ]+?)\s*\t(\S+)(.*)', line)
        if not m or m.group(2).startswith('.'):
            continue
        hx, mn, ops = m.group(1).split(), m.group(2), m.group(3)
        if len(hx) == 1 and len(hx[0]) == 8:
            yield 'A32', hx[0], mn, ops
        elif len(hx) == 1 and len(hx[0]) == 4:
            yield 'T16', hx[0], mn, ops
        elif len(hx) == 2 and len(hx[0]) == 4:
            yield 'T32', hx[0] + hx[1], mn, ops


def main():
    insns = sorted({w for f in sys.argv[2:] for w in words(f)})
    inp = ''.join('%s %s\n' % (k, h) for k, h, _, _ in insns)
    out = subprocess.run([sys.argv[1]], input=inp, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    bad = Counter()
    for (kind, hx, mn, ops), o in zip(insns, out):
        got = o.split(None, 2)[2] != '-'
        want = bool(MINE.match(mn)) and not mn.startswith(NOT_MINE)
        if (re.match(r'(mcr|mrc|mrrc)', mn) and
                not re.match(r'\s*p?15,', ops)):
            want = False
        if kind == 'A32' and hx == 'e1a00000':  # nop = MOV r0, r0
            want = False
        if want != got:
            if bad[(kind, mn)] < 3:
                print('MISMATCH', kind, hx, mn, ops.strip(), '->', o)
            bad[(kind, mn)] += 1
    print('checked %d distinct insns, %d mismatches' %
          (len(insns), sum(bad.values())))
    return 1 if bad else 0


sys.exit(main())
