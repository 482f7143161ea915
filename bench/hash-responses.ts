/**
 * Hashes the mock's answers to a fixed, seeded set of requests over several seeds: the gate that
 * a refactor changed no byte (run before and after, compare the printed SHA-256 digests).
 *
 * Prints one line per seed and part: `2xx` (every successful answer: status, headers, body),
 * `errors` (every problem-details answer, as sent) and `errors-untyped` (the same with the
 * problem `type` written as `about:blank`, so a change of problem type URIs alone shows up only
 * in `errors`; its Content-Length is recomputed).
 *
 * Usage: `npx tsx bench/hash-responses.ts [--products N]` (default 10,000 per marketplace).
 */
import { createHash } from 'node:crypto';
import { benchArgs } from './args.js';
import { createMockCore } from '../mocks/index.js';
import type { MockCore } from '../mocks/index.js';

const { values } = benchArgs(
  { script: 'bench/hash-responses.ts', about: "SHA-256 digests of the mock's answers to a fixed, seeded set of requests over several seeds (the gate that a refactor changed no byte)." },
  { products: { type: 'string', default: '10000', help: 'products per marketplace', min: 1, integer: true } },
);
const products = Number(values.products);
const SEEDS: (string | number)[] = ['resale-kit', 7, 'hash-check'];
const NOW = Date.parse('2026-06-01T12:00:00Z');
const PAID = { authorization: 'demo-premium' };
const FREE = { authorization: 'Bearer demo-free' };

type Part = '2xx' | 'errors' | 'errors-untyped';

function digest(core: MockCore): Record<Part, string> {
  const hashes = { '2xx': createHash('sha256'), errors: createHash('sha256'), 'errors-untyped': createHash('sha256') };
  let count = 0;
  const send = (url: string, headers: Record<string, string> = PAID, method = 'GET'): unknown => {
    const res = core.respond({ method, url, headers });
    count++;
    const headerText = Object.entries(res.headers)
      .sort(([x], [y]) => (x < y ? -1 : 1))
      .map(([k, v]) => `${k}:${v}`)
      .join('\n');
    const line = `${method} ${url}\n${res.status}\n${headerText}\n${res.body}\n`;
    if (res.status < 400) hashes['2xx'].update(line);
    else {
      hashes.errors.update(line);
      let untyped = res.body;
      try {
        const body = JSON.parse(res.body);
        if (body && typeof body === 'object' && 'type' in body) untyped = JSON.stringify({ ...body, type: 'about:blank' });
      } catch {
        /* not JSON: as sent */
      }
      // The body is shorter with `about:blank`: its Content-Length too.
      const length = res.headers['content-length'] === undefined ? line : line.replace(`content-length:${res.headers['content-length']}\n`, `content-length:${Buffer.byteLength(untyped)}\n`);
      hashes['errors-untyped'].update(length.replace(res.body, untyped));
    }
    try {
      return JSON.parse(res.body);
    } catch {
      return undefined;
    }
  };
  send('/');
  send('/openapi.yaml');
  for (const name of ['MarketAProductResponse', 'MarketBSalesResponse', 'ProblemDetails', 'Nope']) send(`/schemas/${name}.json`);
  const queries = ['', 'jordan', 'nike dunk low', 'yeezy 350', 'new balance 550', 'gs', 'supreme', 'zzzz', 'é'];
  const aIds: string[] = [];
  const bIds: number[] = [];
  for (const q of queries) {
    for (const [page, limit] of [
      [1, 20],
      [2, 7],
      [1, 100],
    ] as const) {
      const a = send(`/v3/market_a/products?query=${encodeURIComponent(q)}&page=${page}&limit=${limit}`) as { data?: { id: string; slug: string }[] };
      for (const p of a?.data ?? []) if (aIds.length < 40 && !aIds.includes(p.id)) aIds.push(p.id);
      const b = send(`/v3/market_b/products?query=${encodeURIComponent(q)}&page=${page}&limit=${limit}`) as { data?: { id: number }[] };
      for (const p of b?.data ?? []) if (bIds.length < 40 && !bIds.includes(p.id)) bIds.push(p.id);
    }
  }
  for (const id of aIds) {
    send(`/v3/market_a/products/${id}`);
    const full = send(`/v3/market_a/products/${id}?display[variants]=true&display[prices]=true&display[identifiers]=true`) as { data?: { slug?: string; image?: string; variants?: { id: string }[] } };
    send(`/v3/market_a/products/${id}?display[variants]=true&display[identifiers]=true`, FREE);
    if (full?.data?.slug) send(`/v3/market_a/products/${full.data.slug}?display[prices]=true`);
    send(`/v3/market_a/products/${id}/sales?limit=20`);
    const variant = full?.data?.variants?.[0]?.id;
    if (variant) send(`/v3/market_a/products/${id}/sales?variant_id=${variant}&limit=5&page=2`);
    send(`/v3/market_a/products/${id}/sales/daily?limit=60`);
    send(`/v3/market_a/products/${id}/sales/daily?page=3&limit=365`);
    if (full?.data?.image) send(new URL(full.data.image).pathname);
  }
  for (const id of bIds) {
    const doc = send(`/v3/market_b/products/${id}`) as { data?: { slug?: string; image?: string } };
    if (doc?.data?.slug) send(`/v3/market_b/products/${doc.data.slug}`);
    send(`/v3/market_b/products/${id}/sales?limit=20&page=2`);
    send(`/v3/market_b/products/${id}/sales/daily?limit=90`);
    if (doc?.data?.image) send(new URL(doc.data.image).pathname);
  }
  // Errors of every stage.
  send('/v3/market_a/products', {});
  send('/v3/market_a/products', { authorization: 'constructor' });
  send(`/v3/market_a/products/${aIds[0]}/sales`, FREE);
  send('/v3/market_a/products?limit=0&page=-1');
  send('/v3/market_a/products/00000000-0000-7000-8000-000000000000');
  send('/v3/market_b/products/999999999/sales');
  send('/v3/market_b/products/not-a-number/sales');
  send('/v3/market_a/products', PAID, 'POST');
  send('/v3/market_a/products', PAID, 'OPTIONS');
  send('/nowhere');
  send('/images/market_a/x/y.svg');
  send('/v3/market_a/products?display[variants]=maybe');
  return Object.assign(Object.fromEntries(Object.entries(hashes).map(([k, h]) => [k, h.digest('hex').slice(0, 16)])) as Record<Part, string>, { count });
}

/** Worlds with the stage wrappers at work too: scenarios (drawn errors, latency) and mutants. */
const VARIANTS: [string, Partial<Parameters<typeof createMockCore>[0]>][] = [
  ...SEEDS.map((seed): [string, Partial<Parameters<typeof createMockCore>[0]>] => [`seed ${JSON.stringify(seed)}`, { seed }]),
  ['error-rate 0.3, latency 5-50', { errorRate: 0.3, latency: { min: 5, max: 50 } }],
  ...['rank-as-string', 'b4-slug-404', 'free-key-premium', 'page-3-repeats-page-2', 'not-found-500', 'errors-not-problem'].map((mutant): [string, Partial<Parameters<typeof createMockCore>[0]>] => [`mutant ${mutant}`, { mutant }]),
];

for (const [name, options] of VARIANTS) {
  const core = createMockCore({ products, now: NOW, publicUrl: 'http://mock.test', ...options });
  const d = digest(core) as Record<Part, string> & { count: number };
  console.log(`${name}: ${d.count} requests; 2xx ${d['2xx']}; errors ${d.errors}; errors-untyped ${d['errors-untyped']}`);
}
