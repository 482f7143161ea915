/**
 * The mock core alone on response-cache hits (issue 33): `core.respond` in a hot loop, in
 * process, with the fast path of a hit on and off (`CoreInternals.fastPath`), over the URLs of
 * bench/run.ts's B2, A2 and A1 scenarios (top 20 products of "nike", five searches). Prints the
 * CPU time per call (`process.cpuUsage`, user + system, µs) of each, per round; no HTTP, so it is
 * the core's share of a request only.
 *
 * Usage: `npx tsx bench/core-hits.ts [--calls N] [--rounds N]` (default 200,000 calls, 3 rounds).
 */
import { createMockCore, type MockCore } from '../mocks/http/core.js';
import { benchArgs } from './args.js';

const AUTH = { authorization: 'demo-premium' };

/** CPU µs per `respond` call over `calls` calls cycling through `urls` (after one warm pass). */
export function usPerCall(core: MockCore, urls: string[], calls: number): number {
  for (const url of urls) core.respond({ method: 'GET', url, headers: AUTH });
  const t = process.cpuUsage();
  for (let i = 0; i < calls; i++) core.respond({ method: 'GET', url: urls[i % urls.length] as string, headers: AUTH });
  const d = process.cpuUsage(t);
  return (d.user + d.system) / calls;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = benchArgs(
    { script: 'bench/core-hits.ts', about: 'The mock core alone on response-cache hits, fast path on and off, in process: CPU µs per call per round over the B2, A2 and A1 URLs of bench/run.ts.' },
    {
      calls: { type: 'string', default: '200000', help: 'calls per round and core', min: 1, integer: true },
      rounds: { type: 'string', default: '3', help: 'rounds', min: 1, integer: true },
    },
  );
  const calls = Number(values.calls);
  const rounds = Number(values.rounds);
  const now = Date.UTC(2026, 0, 15);
  const cores = { fast: createMockCore({ now }), full: createMockCore({ now }, { fastPath: false }) };
  const { world } = cores.fast;
  const scenarios: [string, string[]][] = [
    [
      'B2 lookup',
      world
        .searchB('nike')
        .slice(0, 20)
        .map((p) => `/v3/market_b/products/${world.b.idOf(p)}`),
    ],
    [
      'A2 lookup, variants and prices',
      world
        .searchA('nike')
        .slice(0, 20)
        .map((p) => `/v3/market_a/products/${world.a.slugOf(p)}?display[variants]=true&display[prices]=true`),
    ],
    ['A1 search, page 1', ['nike', 'jordan', 'dunk low', 'adidas samba', 'new balance'].map((q) => `/v3/market_a/products?query=${encodeURIComponent(q)}&limit=20`)],
  ];
  process.stdout.write(`| scenario | fast path µs CPU/call (rounds) | full path µs CPU/call (rounds) |\n|---|---|---|\n`);
  for (const [name, urls] of scenarios) {
    const fast: string[] = [];
    const full: string[] = [];
    for (let r = 0; r < rounds; r++) {
      fast.push(usPerCall(cores.fast, urls, calls).toFixed(2));
      full.push(usPerCall(cores.full, urls, calls).toFixed(2));
    }
    process.stdout.write(`| ${name} | ${fast.join(', ')} | ${full.join(', ')} |\n`);
  }
}
