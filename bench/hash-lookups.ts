/**
 * Hashes the mock's answers to every non-search operation (A2–A4, B2–B4, images, schemas) for
 * products chosen by index, not through search: the byte-identity gate of a change to search
 * (whose results may change by design), run before and after, compare the digests.
 *
 * `/fixtures` is hashed apart (issue 24 added the edge answers to it).
 *
 * Usage: `npx tsx bench/hash-lookups.ts [--products 2000] [--dir .]` (`--dir` another checkout, to compare)
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchArgs } from './args.js';

const { values } = benchArgs(
  { script: 'bench/hash-lookups.ts', about: "SHA-256 digests of the mock's answers to every non-search operation for products chosen by index (the byte-identity gate of a search change)." },
  {
    products: { type: 'string', default: '2000', help: 'products per marketplace', min: 1, integer: true },
    dir: { type: 'string', default: '.', help: 'the checkout whose mock is hashed (another one, to compare)' },
  },
);
const products = Number(values.products);
const mod = (await import(pathToFileURL(resolve(values.dir, 'mocks/index.ts')).href)) as typeof import('../mocks/index.js');
const NOW = Date.parse('2026-06-01T12:00:00Z');
const PAID = { authorization: 'demo-premium' };

for (const seed of ['resale-kit', 7, 'hash-check'] as const) {
  const core = mod.createMockCore({ seed, products, now: NOW, publicUrl: 'http://mock.test' });
  const h = createHash('sha256');
  let n = 0;
  const send = (url: string): any => {
    const res = core.respond({ method: 'GET', url, headers: PAID });
    n++;
    h.update(`${url}\n${res.status}\n${res.body}\n`);
    try {
      return JSON.parse(res.body);
    } catch {
      return undefined;
    }
  };
  const step = Math.max(1, Math.floor(products / 150));
  for (let p = 0; p < products; p += step) {
    const id = core.world.a.uuidOf(p);
    const full = send(`/v3/market_a/products/${id}?display[variants]=true&display[prices]=true&display[identifiers]=true`);
    send(`/v3/market_a/products/${core.world.a.slugOf(p)}`);
    send(`/v3/market_a/products/${id}/sales?limit=30`);
    const v = full?.data?.variants?.[1]?.id;
    if (v) send(`/v3/market_a/products/${id}/sales?variant_id=${v}&limit=5`);
    send(`/v3/market_a/products/${id}/sales/daily?limit=60`);
    const bid = core.world.b.idOf(p);
    send(`/v3/market_b/products/${bid}`);
    send(`/v3/market_b/products/${core.world.b.slugOf(p)}`);
    send(`/v3/market_b/products/${bid}/sales?limit=30`);
    send(`/v3/market_b/products/${bid}/sales/daily?limit=60`);
    if (full?.data?.image) send(new URL(full.data.image).pathname);
  }
  const fixtures = createHash('sha256')
    .update(core.respond({ method: 'GET', url: '/fixtures', headers: PAID }).body)
    .digest('hex')
    .slice(0, 16);
  console.log(`seed ${JSON.stringify(seed)}: ${n} requests; operations ${h.digest('hex').slice(0, 16)}; /fixtures ${fixtures}`);
}
