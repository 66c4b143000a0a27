// Node WebAssembly workload for tests/jit/run-jit-tests.sh: a module built
// byte by byte, compiled by V8's wasm tiers, a hot loop storing to linear
// memory and out-of-bounds loads that must trap (V8 may catch those with a
// SIGSEGV handler over guard pages) as catchable RuntimeErrors.
'use strict';

function leb(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}
function section(id, bytes) { return [id, ...leb(bytes.length), ...bytes]; }
function str(s) { return [...leb(s.length), ...Buffer.from(s)]; }

const I32 = 0x7f;
// load(addr) = i32.load(addr)
const load = [0x00, 0x20, 0x00, 0x28, 0x02, 0x00, 0x0b];
// sum(n): for (i = 0; i < n; i++) { s += i * i; mem[(i & 1023) * 4] = s } return s
const sum = [
  0x01, 0x02, I32,                          // locals i, s
  0x02, 0x40, 0x03, 0x40,                   // block, loop
  0x20, 0x01, 0x20, 0x00, 0x4e, 0x0d, 0x01, // br_if out when i >= n
  0x20, 0x02, 0x20, 0x01, 0x20, 0x01, 0x6c, 0x6a, 0x21, 0x02,
  0x20, 0x01, 0x41, 0xff, 0x07, 0x71, 0x41, 0x02, 0x74,
  0x20, 0x02, 0x36, 0x02, 0x00,             // i32.store
  0x20, 0x01, 0x41, 0x01, 0x6a, 0x21, 0x01, // i++
  0x0c, 0x00, 0x0b, 0x0b,                   // br loop, end, end
  0x20, 0x02, 0x0b,
];
const body = (b) => [...leb(b.length), ...b];
const bytes = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [0x01, 0x60, 0x01, I32, 0x01, I32]),
  ...section(3, [0x02, 0x00, 0x00]),
  ...section(5, [0x01, 0x00, 0x01]),
  ...section(7, [0x02, ...str('load'), 0x00, 0x00, ...str('sum'), 0x00, 0x01]),
  ...section(10, [0x02, ...body(load), ...body(sum)]),
]);

const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
const { load: ld, sum: sm } = inst.exports;
let total = 0;
for (let r = 0; r < 200; r++) total = (total + sm(20000 + r)) | 0;
console.log('sum', total, sm(100000));
let good = 0, traps = 0, other = 0;
for (let i = 0; i < 20000; i++) {
  const addr = (i % 10 === 0) ? 65536 - (i % 4) : (i * 4) % 4096;
  try {
    good = (good + ld(addr)) | 0;
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) traps++; else other++;
  }
}
console.log('loads', good, 'traps', traps, 'other', other);
