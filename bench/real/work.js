// JavaScript workload for bench/real/run-real.sh (node): JIT-friendly
// number crunching, object and string churn, Map/regex/JSON; prints
// checksums only, the same on every machine.
"use strict";

function primes(limit) {
  const sieve = new Uint8Array(limit);
  let count = 0, sum = 0;
  for (let i = 2; i < limit; i++) {
    if (sieve[i]) continue;
    count++;
    sum = (sum + i) % 1000000007;
    for (let j = i * i; j < limit; j += i) sieve[j] = 1;
  }
  return `${count} ${sum}`;
}

function objects(n) {
  const points = [];
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    points.push({ x: seed % 1000, y: (seed >> 10) % 1000, tag: "p" + (seed % 97) });
  }
  points.sort((a, b) => a.x - b.x || a.y - b.y || (a.tag < b.tag ? -1 : a.tag > b.tag));
  const byTag = new Map();
  for (const p of points) byTag.set(p.tag, (byTag.get(p.tag) || 0) + p.x * 3 + p.y);
  let h = 0;
  for (const [k, v] of [...byTag].sort()) h = (h * 31 + v + k.length) % 1000000007;
  return h;
}

function strings(n) {
  const words = [];
  for (let i = 0; i < n; i++) words.push(i.toString(36) + "-" + ((i * 7919) % 1013).toString(16));
  const text = words.join(" ");
  const matches = text.match(/\b[a-f]+-[0-9]+\b/g) || [];
  const json = JSON.stringify({ words: words.slice(0, 5000), n: matches.length });
  const back = JSON.parse(json);
  let h = 0;
  for (let i = 0; i < text.length; i += 7) h = (h * 33 + text.charCodeAt(i)) >>> 0;
  return `${matches.length} ${back.words.length} ${h}`;
}

function floats(n) {
  // Only +, -, *, / and sqrt: the same bits on every IEEE machine.
  let x = 0.5, s = 0;
  for (let i = 1; i <= n; i++) {
    x = x * 3.7 * (1 - x);
    s += Math.sqrt(x * i) / i;
  }
  return s.toFixed(6);
}

console.log("primes", primes(1000000));
console.log("objects", objects(60000));
console.log("strings", strings(60000));
console.log("floats", floats(1000000));
