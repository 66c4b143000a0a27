// Node worker_threads workload for tests/jit/run-jit-tests.sh: four workers
// share a SharedArrayBuffer, count with Atomics.add, meet at an
// Atomics.wait/notify barrier and report by postMessage. Output is sorted so
// it does not depend on which worker finishes first.
'use strict';
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');

const WORKERS = 4;
const ROUNDS = 20000;

function hot(seed, n) {
  let x = seed, s = 0;
  for (let i = 0; i < n; i++) {
    x = (x * 1103 + 12345) % 1048573;
    s = (s + (x % 1000)) % 1000000007;
  }
  return s;
}

if (isMainThread) {
  // [0] counter, [1] barrier arrivals, [2] barrier generation, [3..] per worker
  const sab = new SharedArrayBuffer(4 * (8 + WORKERS));
  const shared = new Int32Array(sab);
  const results = [];
  let done = 0;
  for (let id = 0; id < WORKERS; id++) {
    const w = new Worker(__filename, { workerData: { id, sab } });
    w.on('message', (m) => {
      if (m.kind === 'progress') return;
      results.push(m);
    });
    w.on('error', (e) => { console.log('worker error', e.message); process.exitCode = 1; });
    w.on('exit', (code) => {
      if (code !== 0) { console.log('worker exit', code); process.exitCode = 1; }
      if (++done === WORKERS) finish();
    });
  }
  function finish() {
    results.sort((a, b) => a.id - b.id);
    for (const r of results)
      console.log(`worker ${r.id} hot=${r.hot} own=${r.own} sawAll=${r.sawAll} msgs=${r.msgs}`);
    console.log(`counter=${Atomics.load(shared, 0)} expected=${WORKERS * ROUNDS}`);
    let own = 0;
    for (let i = 0; i < WORKERS; i++) own += Atomics.load(shared, 8 + i);
    console.log(`own total=${own} main hot=${hot(7, 2000000)}`);
  }
} else {
  const { id, sab } = workerData;
  const shared = new Int32Array(sab);
  let msgs = 0;
  for (let i = 0; i < ROUNDS; i++) {
    Atomics.add(shared, 0, 1);
    Atomics.add(shared, 8 + id, 1);
    if (i % 5000 === 0) { parentPort.postMessage({ kind: 'progress', id, i }); msgs++; }
  }
  // Barrier: the last to arrive bumps the generation and wakes the rest.
  const gen = Atomics.load(shared, 2);
  if (Atomics.add(shared, 1, 1) === WORKERS - 1) {
    Atomics.store(shared, 1, 0);
    Atomics.add(shared, 2, 1);
    Atomics.notify(shared, 2);
  } else {
    while (Atomics.load(shared, 2) === gen)
      Atomics.wait(shared, 2, gen, 10000);
  }
  // After the barrier every worker's increments are visible.
  const sawAll = Atomics.load(shared, 0) === WORKERS * ROUNDS;
  const h = hot(id + 1, 3000000);
  parentPort.postMessage({ kind: 'result', id, hot: h, own: Atomics.load(shared, 8 + id), sawAll, msgs });
}
