/**
 * Compares the mock core of two checkouts in one process, so the machine's noise hits both
 * alike: the cores of `--a DIR` and `--b DIR` answer the same mix of requests (search, lookup
 * with every display flag, sales, daily; response cache off, so every answer is built), in
 * alternating rounds; prints requests per second per round and the median ratio b/a. Also the
 * start-up time (world and validators) of each at the given catalog size.
 *
 * Usage: `npx tsx bench/compare-cores.ts --a /tmp/old --b . [--products 10000] [--rounds 7] [--ms 1500]`
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchArgs } from './args.js';

const { values } = benchArgs(
  {
    script: 'bench/compare-cores.ts',
    about: 'The mock core of two checkouts in one process, alternating rounds over the same requests (response cache off); prints requests per second per round and the median ratio b/a, and the start-up time of each.',
  },
  {
    a: { type: 'string', help: 'the checkout to compare against', required: true },
    b: { type: 'string', default: '.', help: 'the checkout measured against --a' },
    products: { type: 'string', default: '10000', help: 'products per marketplace', min: 1, integer: true },
    rounds: { type: 'string', default: '7', help: 'alternating rounds', min: 1, integer: true },
    ms: { type: 'string', default: '1500', help: 'milliseconds per round', min: 1 },
  },
);

interface Core {
  respond(r: { method: string; url: string; headers: Record<string, string> }): { status: number; body: string };
}
type CreateCore = (o: Record<string, unknown>) => Core;

const NOW = Date.UTC(2026, 10, 21, 12);
const products = Number(values.products);
const AUTH = { authorization: 'demo-premium' };

async function load(dir: string): Promise<{ create: CreateCore; startupMs: number; core: Core }> {
  const mod = (await import(pathToFileURL(resolve(dir, 'mocks/index.ts')).href)) as { createMockCore: CreateCore };
  const t0 = performance.now();
  const core = mod.createMockCore({ seed: 'resale-kit', products, now: NOW, publicUrl: 'http://mock.test', responseCache: 0 });
  return { create: mod.createMockCore, startupMs: performance.now() - t0, core };
}

/** The request mix of a core: found through its own search, so both cores get the same shapes. */
function mix(core: Core): string[] {
  const get = (url: string): any => JSON.parse(core.respond({ method: 'GET', url, headers: AUTH }).body);
  const urls: string[] = [];
  for (const q of ['jordan', 'dunk low', 'new balance', 'samba', 'yeezy']) {
    urls.push(`/v3/market_a/products?query=${encodeURIComponent(q)}&limit=20`, `/v3/market_b/products?query=${encodeURIComponent(q)}&limit=20&page=2`);
    for (const p of (get(`/v3/market_a/products?query=${encodeURIComponent(q)}&limit=4`).data ?? []) as { id: string }[]) {
      urls.push(`/v3/market_a/products/${p.id}?display[variants]=true&display[prices]=true&display[identifiers]=true`, `/v3/market_a/products/${p.id}/sales?limit=50`, `/v3/market_a/products/${p.id}/sales/daily?limit=90`);
    }
    for (const p of (get(`/v3/market_b/products?query=${encodeURIComponent(q)}&limit=4`).data ?? []) as { id: number }[]) {
      urls.push(`/v3/market_b/products/${p.id}`, `/v3/market_b/products/${p.id}/sales?limit=50`, `/v3/market_b/products/${p.id}/sales/daily?limit=90`);
    }
  }
  return urls;
}

function round(core: Core, urls: string[], ms: number): number {
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    core.respond({ method: 'GET', url: urls[n % urls.length] as string, headers: AUTH });
    n++;
  }
  return (n * 1000) / ms;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)] as number;
};

const a = await load(values.a);
const b = await load(values.b);
// Start-up again, alternating, after both modules are warm.
const startA: number[] = [a.startupMs];
const startB: number[] = [b.startupMs];
for (let i = 0; i < 2; i++) {
  let t = performance.now();
  a.create({ seed: `s${i}`, products, now: NOW, publicUrl: 'http://mock.test', responseCache: 0 });
  startA.push(performance.now() - t);
  t = performance.now();
  b.create({ seed: `s${i}`, products, now: NOW, publicUrl: 'http://mock.test', responseCache: 0 });
  startB.push(performance.now() - t);
}
const urlsA = mix(a.core);
const urlsB = mix(b.core);
const ms = Number(values.ms);
round(a.core, urlsA, 300);
round(b.core, urlsB, 300);
const ra: number[] = [];
const rb: number[] = [];
for (let i = 0; i < Number(values.rounds); i++) {
  ra.push(round(a.core, urlsA, ms));
  rb.push(round(b.core, urlsB, ms));
  console.log(`round ${i + 1}: a ${ra[i]?.toFixed(0)} req/s, b ${rb[i]?.toFixed(0)} req/s`);
}
console.log(`requests in the mix: a ${urlsA.length}, b ${urlsB.length}`);
console.log(`uncached answers, median req/s: a ${median(ra).toFixed(0)}, b ${median(rb).toFixed(0)}; b/a ${(median(rb) / median(ra)).toFixed(3)}`);
console.log(`start-up at ${products} products, median ms: a ${median(startA).toFixed(0)}, b ${median(startB).toFixed(0)}; b/a ${(median(startB) / median(startA)).toFixed(3)}`);
