/**
 * Search relevance and speed (issue 24): recall@5 of the relevance set (test/mock/relevance.ts)
 * and the latency of uncached search requests (A1 through the mock core, response cache off, 20
 * results built per answer) at the set's catalog size, for this checkout and, with `--before
 * DIR`, another one (such as main's code copied with `git archive main | tar -x -C DIR`), in
 * alternating rounds in one process so the machine's noise hits both alike.
 *
 * Usage: `npx tsx bench/search-relevance.ts [--before DIR] [--after .] [--rounds 5] [--products 10000]`
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchArgs } from './args.js';
import { RELEVANCE_CASES, RELEVANCE_NOW, RELEVANCE_WORLD, recallAt5 } from '../test/mock/relevance.js';

const { values } = benchArgs(
  { script: 'bench/search-relevance.ts', about: 'Search relevance (recall@5 of the relevance set) and uncached search latency of this checkout and, with --before, another one, in alternating rounds in one process.' },
  {
    before: { type: 'string', help: 'another checkout to compare with' },
    after: { type: 'string', default: '.', help: 'the checkout measured' },
    rounds: { type: 'string', default: '5', help: 'alternating rounds', min: 1, integer: true },
    products: { type: 'string', default: String(RELEVANCE_WORLD.products), help: 'products per marketplace', min: 1, integer: true },
  },
);

interface Core {
  respond(r: { method: string; url: string; headers: Record<string, string> }): { status: number; body: string };
  world: { searchA(q: string | undefined): number[]; searchB(q: string | undefined): number[]; a: { titlesOf(p: number): { title: string } } };
}

const AUTH = { authorization: 'demo-premium' };
/** The relevance queries plus common one- and two-word searches. */
const QUERIES = [...RELEVANCE_CASES.map((c) => c.query), 'jordan', 'nike', 'dunk low', 'white', 'new balance', 'yeezy', 'black', 'supreme', 'jordan 4', 'air max'];

async function load(dir: string, products: number): Promise<Core> {
  const mod = (await import(pathToFileURL(resolve(dir, 'mocks/index.ts')).href)) as { createMockCore(o: Record<string, unknown>): Core };
  return mod.createMockCore({ seed: RELEVANCE_WORLD.seed, products, now: RELEVANCE_NOW, publicUrl: 'http://mock.test', responseCache: 0 });
}

/** Milliseconds of each uncached search request of one round (A1 and B1, every query, pages 1 and 2), and of the search alone (the world's ordered matches, no documents). */
function round(core: Core): { requests: number[]; search: number[] } {
  const times: number[] = [];
  const search: number[] = [];
  for (const q of QUERIES) {
    for (const fn of [core.world.searchA, core.world.searchB]) {
      const t = performance.now();
      fn(q);
      search.push(performance.now() - t);
    }
  }
  for (const q of QUERIES) {
    for (const url of [`/v3/market_a/products?query=${encodeURIComponent(q)}&limit=20`, `/v3/market_b/products?query=${encodeURIComponent(q)}&limit=20&page=2`]) {
      const t = performance.now();
      const res = core.respond({ method: 'GET', url, headers: AUTH });
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    }
  }
  return { requests: times, search };
}

const pct = (xs: number[], q: number): number => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};

const products = Number(values.products);
const sides: [string, Core][] = [];
if (values.before) sides.push(['before', await load(values.before, products)]);
sides.push(['after', await load(values.after, products)]);
const times = new Map<string, number[]>(sides.map(([name]) => [name, []]));
const alone = new Map<string, number[]>(sides.map(([name]) => [name, []]));
for (const [, core] of sides) round(core); // warm-up
for (let i = 0; i < Number(values.rounds); i++) {
  for (const [name, core] of sides) {
    const r = round(core);
    times.get(name)?.push(...r.requests);
    alone.get(name)?.push(...r.search);
  }
}

const p50: Record<string, number> = {};
for (const [name, core] of sides) {
  const { recall, misses } = recallAt5((q) =>
    core.world
      .searchA(q)
      .slice(0, 5)
      .map((p) => core.world.a.titlesOf(p).title),
  );
  const t = times.get(name) ?? [];
  const a = alone.get(name) ?? [];
  p50[name] = pct(t, 0.5);
  p50[`${name} alone`] = pct(a, 0.5);
  console.log(`${name}: recall@5 ${recall.toFixed(3)} over ${RELEVANCE_CASES.length} queries (${misses.length} miss one)`);
  console.log(`  uncached search requests at ${products} products: p50 ${pct(t, 0.5).toFixed(3)} ms, p99 ${pct(t, 0.99).toFixed(3)} ms (${t.length} requests)`);
  console.log(`  the search alone (ordered matches, no documents): p50 ${pct(a, 0.5).toFixed(3)} ms, p99 ${pct(a, 0.99).toFixed(3)} ms (${a.length} searches)`);
  for (const m of misses) console.log(`  ${name} misses ${JSON.stringify(m.query)}: ${m.missing.map((x) => JSON.stringify(x)).join(', ')}`);
}
if (p50.before !== undefined && p50.after !== undefined) {
  console.log(`p50 after/before: requests ${(p50.after / p50.before).toFixed(3)}, search alone ${((p50['after alone'] as number) / (p50['before alone'] as number)).toFixed(3)}`);
  console.log('  (before finds nothing for several queries, so its requests build fewer documents: compare the search alone too)');
}
