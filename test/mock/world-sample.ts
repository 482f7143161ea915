/**
 * Sampled requests over all eight operations (§4.1 A1–A4, §4.2 B1–B4) for comparing two mocks
 * byte for byte (test/mock/world-snapshot.test.ts: a built world against a restored one).
 * Products are picked by rank, by a spread of ids across the whole catalog, by slug and by style
 * code, so the comparison reaches the title choices, the SKU registry, the ranks and the search
 * index of every part of the catalog, not only the first page.
 */
import type { MockCore } from '../../mocks/index.js';

const PAID = { authorization: 'demo-premium' };
const FREE = { authorization: 'demo-free' };
const QUERIES = ['', 'nike', 'jordan 1 retro high', 'dunk low panda', 'samba', 'yeezy', 'new balance 990', 'pokemon', 'jordn', 'air max 9', 'wmns', 'gs', '2019', 'bred'];

/** An answer as compared: status, headers and body. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Answers one GET. */
export function get(core: MockCore, url: string, headers: Record<string, string> = PAID): Answer {
  const res = core.respond({ method: 'GET', url, headers });
  return { status: res.status, headers: res.headers as Record<string, string>, body: typeof res.body === 'string' ? res.body : new TextDecoder().decode(res.body) };
}

/**
 * The sample: request targets (with the key to send) whose answers two mocks of the same seed,
 * clock and size must give byte for byte. Built by asking `core` (ids and slugs come from its
 * answers), so both mocks must be asked the same list: build it from one, answer it with both.
 * @param perMarket products looked up per marketplace (each with its sales, daily sales and variants).
 */
export function sampleRequests(core: MockCore, perMarket = 40): { url: string; headers: Record<string, string> }[] {
  const out: { url: string; headers: Record<string, string> }[] = [];
  const n = core.options.products;
  for (const m of ['a', 'b'] as const) {
    const base = `/v3/market_${m}/products`;
    for (const q of QUERIES) {
      out.push({ url: `${base}?${q ? `query=${encodeURIComponent(q)}&` : ''}limit=50`, headers: PAID });
      out.push({ url: `${base}?${q ? `query=${encodeURIComponent(q)}&` : ''}limit=20&page=3`, headers: FREE });
    }
    // Products of every part of the catalog, spread over its indexes (the listing pages reach only the top 1,000).
    const listed: { id: string | number; slug: string; sku: string }[] = [];
    for (let i = 0; i < perMarket; i++) {
      const p = Math.floor(((i + 0.5) * n) / perMarket);
      const id = m === 'a' ? core.world.a.uuidOf(p) : core.world.b.idOf(p);
      const res = get(core, `${base}/${id}`);
      const doc = res.status === 200 ? (JSON.parse(res.body) as { sku?: string; style_id?: string }) : {};
      listed.push({ id, slug: m === 'a' ? core.world.a.slugOf(p) : core.world.b.slugOf(p), sku: doc.sku ?? doc.style_id ?? '' });
    }
    for (const [i, p] of listed.entries()) {
      const key = i % 2 === 0 ? String(p.id) : p.slug;
      out.push({ url: `${base}/${encodeURIComponent(key)}?display[variants]=true&display[prices]=true&display[identifiers]=true`, headers: PAID });
      out.push({ url: `${base}/${encodeURIComponent(key)}`, headers: FREE });
      out.push({ url: `${base}/${encodeURIComponent(String(p.id))}/sales?limit=50`, headers: PAID });
      out.push({ url: `${base}/${encodeURIComponent(key)}/sales/daily`, headers: PAID });
      if (p.sku) {
        out.push({ url: `${base}?query=${encodeURIComponent(p.sku)}`, headers: PAID });
        out.push({ url: `${base}?query=${encodeURIComponent(p.sku.slice(0, 6))}`, headers: PAID });
      }
    }
  }
  return out;
}
