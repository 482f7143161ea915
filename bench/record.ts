/**
 * Recording cost (issue 21): the streaming recorder (traffic/recorder.ts) in one
 * process, no network. Records `--entries` exchanges (a 2 KB JSON answer with a key in its
 * Authorization header and one echoed in its body) and prints:
 * - the cost per exchange (redaction, serialisation, its share of the appends, until on disk) over the first
 *   1,000 exchanges and over the last 1,000 (after a warm-up of 3,000 on another file): flat
 *   when appending is O(1);
 * - throughput (exchanges/s, MB/s written), rotation by `--max-bytes`, and the time `close()` takes;
 * - for comparison, what the earlier recorder did on every flush: serialise the whole HAR, at 1,000
 *   and at all entries;
 * - loading: `loadHar` of a generated file of `--load-entries` entries (time, RSS after).
 *
 * Usage: tsx bench/record.ts [--entries 100000] [--max-bytes 0] [--load-entries 200000]
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchArgs } from './args.js';
import { MIN_SEARCHED, Redactor } from '../conformance/index.js';
import { createRecorder, entryOf, loadHar, type RecordedExchange } from '../traffic/index.js';

const { values } = benchArgs(
  { script: 'bench/record.ts', about: 'Recording cost of the streaming HAR recorder in one process: cost per exchange early and late, throughput, rotation, close(), and loading a generated HAR.' },
  {
    entries: { type: 'string', default: '100000', help: 'exchanges recorded', min: 1, integer: true },
    'max-bytes': { type: 'string', default: '0', help: "the recorder's size cap in bytes (0: none)", min: 0, integer: true },
    'load-entries': { type: 'string', default: '200000', help: 'entries of the generated HAR loaded back', min: 1, integer: true },
  },
);
const N = Number(values.entries);
const KEY = 'BENCH-KEY-7f3e9a1c55aa';
const dir = mkdtempSync(join(tmpdir(), 'bench-record-'));
const path = join(dir, 'bench.har');

const item = (i: number): string => JSON.stringify({ id: i, sku: `FN${4000 + i}`, slug: `adidas-samba-og-grey-three-premium-fn${4000 + i}`, name: "adidas Samba OG 'Grey Three Premium'", lowest_ask: { amount: 12000 + i, currency: 'USD' } });
const body = Buffer.from(`{"data":[${Array.from({ length: 14 }, (_, i) => item(i)).join(',')}],"detail":"echo ${KEY}"}`);
const exchange = (i: number): RecordedExchange => ({
  startedAt: new Date(),
  method: 'GET',
  url: `http://127.0.0.1:4010/v3/market_b/products?query=samba&page=${i}`,
  requestRawHeaders: ['Host', '127.0.0.1:4010', 'Authorization', `Bearer ${KEY}`, 'Accept', 'application/json'],
  status: 200,
  statusText: 'OK',
  responseRawHeaders: ['Content-Type', 'application/json', 'Content-Length', String(body.length)],
  body,
  ms: 2,
});

const redactor = new Redactor([], [], { minSearched: MIN_SEARCHED });
redactor.add(KEY);
// Warm-up on a throw-away recording, so the first window measures the recorder, not the JIT.
const warm = createRecorder({ path: join(dir, 'warm-up.har'), redactor, version: 'bench' });
for (let i = 0; i < 3000; i++) {
  warm.record(exchange(i));
  if ((i + 1) % 1000 === 0) await warm.sync();
}
await warm.close();
const maxBytes = Number(values['max-bytes']);
const rec = createRecorder({ path, redactor, maxBytes: maxBytes > 0 ? maxBytes : undefined, version: 'bench' });
const windows: { from: number; us: number }[] = [];
const started = performance.now();
let windowStart = started;
for (let i = 0; i < N; i++) {
  rec.record(exchange(i));
  if ((i + 1) % 1000 === 0) {
    // Each window ends when its exchanges are on disk: the cost includes writing them.
    await rec.sync();
    const now = performance.now();
    windows.push({ from: i - 999, us: ((now - windowStart) * 1000) / 1000 });
    windowStart = now;
  }
}
const closing = performance.now();
await rec.close();
const ended = performance.now();
const { bytes } = rec.stats();
const first = windows[0]?.us ?? NaN;
const last = windows.at(-1)?.us ?? NaN;
const median = [...windows.map((w) => w.us)].sort((a, b) => a - b)[Math.floor(windows.length / 2)] ?? NaN;
const out = (line: string): boolean => process.stdout.write(`${line}\n`);
out(`streaming recorder, ${N} exchanges of ${body.length} B bodies (${rec.files.length} file(s)${maxBytes > 0 ? `, --record-max-bytes ${maxBytes}` : ''}):`);
out(`  cost per exchange (after a warm-up): first 1,000 ${first.toFixed(1)} us, last 1,000 ${last.toFixed(1)} us, median of 1,000-windows ${median.toFixed(1)} us`);
out(`  throughput: ${Math.round(N / ((closing - started) / 1000))} exchanges/s, ${(bytes / 1e6 / ((ended - started) / 1000)).toFixed(1)} MB/s written, ${(bytes / 1e6).toFixed(1)} MB in all`);
out(`  close(): ${(ended - closing).toFixed(1)} ms; exchanges not recorded because writing fell 16 MiB behind: ${rec.stats().dropped}`);

// The earlier recorder serialised the whole HAR on every flush (each 250 ms).
const salt = 'bench';
const whole = (n: number): number => {
  const entries = Array.from({ length: n }, (_, i) => entryOf(exchange(i), redactor, salt));
  const t = performance.now();
  JSON.stringify({ log: { version: '1.2', entries } }, null, 2);
  return performance.now() - t;
};
const small = Math.min(1000, N);
const big = Math.min(N, 100_000);
out(`earlier recorder, one whole re-serialisation per flush: ${small} entries ${whole(small).toFixed(1)} ms, ${big} entries ${whole(big).toFixed(1)} ms`);

// Loading a big recording (skipped with --load-entries 0).
const L = Number(values['load-entries']);
if (L === 0) {
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
// Small entries (a 200-byte body): many entries per megabyte, the hard case for a loader.
const one = JSON.stringify(entryOf({ ...exchange(0), body: body.subarray(0, 200) }, redactor, salt)).replace('page=0', 'page=IDX');
const parts: string[] = [];
for (let i = 0; i < L; i++) parts.push(one.replace('page=IDX', `page=${i}`));
const big2 = join(dir, 'load.har');
writeFileSync(big2, `{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[${parts.join(',')}]}}`);
parts.length = 0;
const size = statSync(big2).size;
const rss0 = process.memoryUsage().rss;
const t0 = performance.now();
try {
  const loaded = loadHar(big2, { maxBytes: Number.MAX_SAFE_INTEGER });
  out(`loadHar: ${loaded.har.log.entries.length} entries, ${(size / 1e6).toFixed(0)} MB in ${Math.round(performance.now() - t0)} ms; RSS ${Math.round(rss0 / 1e6)} -> ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
} catch (err) {
  out(`loadHar: ${(err as Error).message}`);
}
try {
  loadHar(big2);
} catch (err) {
  out(`loadHar with the default cap: ${(err as Error).message.replace(big2, 'FILE')}`);
}
rmSync(dir, { recursive: true, force: true });
