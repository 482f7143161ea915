/**
 * Levels from the description first (issue 28): a value that breaks the description's own type
 * is a must-level finding on every operation, even where the contract also holds a production or
 * decision constraint on the same member (`lowest_ask: {type: number, minimum: 0, x-source:
 * production, x-source-keywords: [minimum]}`); a value that breaks only the production or
 * decision constraint keeps that constraint's level. Data-driven over several fields.
 */
import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { createMockServer } from '../../mocks/index.js';

const NOW = Date.UTC(2026, 10, 20);
const closers: { close: () => void }[] = [];
afterAll(() => {
  for (const c of closers) c.close();
});

type Edit = (body: any, path: string) => void;
const each = (list: unknown, f: (x: any) => void): void => {
  if (Array.isArray(list)) list.forEach(f);
};

/** The mock, with every JSON answer edited by `edit` (a defect of the server under test). */
async function editedServer(edit: Edit): Promise<string> {
  const mock = createMockServer({ products: 200, now: NOW });
  const server = createServer(async (req, res) => {
    const out = await mock.core.respond({ method: req.method ?? 'GET', url: req.url ?? '/', headers: { authorization: String(req.headers.authorization ?? ''), prefer: req.headers.prefer } });
    let body = out.body;
    if (out.status === 200 && String(out.headers['content-type'] ?? '').includes('json') && !/^\/schemas\//.test(req.url ?? '')) {
      const json = JSON.parse(body);
      edit(json, new URL(req.url ?? '/', 'http://x').pathname);
      body = JSON.stringify(json);
    }
    const { 'content-length': _l, ...headers } = out.headers;
    res.writeHead(out.status, headers).end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(server);
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const lookupA = (p: string) => /^\/v3\/market_a\/products\/[^/]+$/.test(p);
const lookupB = (p: string) => /^\/v3\/market_b\/products\/[^/]+$/.test(p);

// [case, edit, the member's pointer pattern, expected level of response-schema's finding there]
const CASES: [string, Edit, RegExp, 'must' | 'should' | 'info'][] = [
  ['A variant lowest_ask null (description: number)', (b, p) => lookupA(p) && each(b.data?.variants, (v) => (v.lowest_ask = null)), /\/variants\/\d+\/lowest_ask$/, 'must'],
  ['A variant lowest_ask -1 (production: never negative)', (b, p) => lookupA(p) && each(b.data?.variants, (v) => (v.lowest_ask = -1)), /\/variants\/\d+\/lowest_ask$/, 'should'],
  ['B variant lowest_ask as a string (description: number)', (b, p) => lookupB(p) && each(b.data?.variants, (v) => (v.lowest_ask = String(v.lowest_ask))), /\/variants\/\d+\/lowest_ask$/, 'must'],
  ['A product weekly_orders 1.5 (description: integer)', (b, p) => lookupA(p) && b.data && (b.data.weekly_orders = 1.5), /\/data\/weekly_orders$/, 'must'],
  ['A product weekly_orders -3 (production: from 0)', (b, p) => lookupA(p) && b.data && (b.data.weekly_orders = -3), /\/data\/weekly_orders$/, 'should'],
  ['A variant total_asks "3" (description: integer)', (b, p) => lookupA(p) && each(b.data?.variants, (v) => (v.total_asks = String(v.total_asks))), /\/variants\/\d+\/total_asks$/, 'must'],
  ['A variant total_asks -1 (decision: a count)', (b, p) => lookupA(p) && each(b.data?.variants, (v) => (v.total_asks = -1)), /\/variants\/\d+\/total_asks$/, 'info'],
  ['A3 sale amount null (description: number)', (b, p) => /\/market_a\/.*\/sales$/.test(p) && each(b.data, (s) => (s.amount = null)), /\/data\/\d+\/amount$/, 'must'],
  ['B4 daily orders "2" (description: integer)', (b, p) => /\/market_b\/.*\/sales\/daily$/.test(p) && each(b.data, (d) => (d.orders = String(d.orders))), /\/data\/\d+\/orders$/, 'must'],
  ['B product release_date not a date (description: timestamp; production also allows "")', (b, p) => lookupB(p) && b.data && (b.data.release_date = '2026-13-45'), /\/data\/release_date$/, 'must'],
];

describe('the level of a schema finding follows the source of the rule it breaks, description first', () => {
  it.each(CASES)(
    '%s',
    async (_name, edit, pointer, level) => {
      const url = await editedServer(edit);
      const r = await runConformance({ baseUrl: url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0, checks: ['response-schema'] });
      const found = r.results.filter((x) => x.check === 'response-schema' && x.outcome === 'fail' && pointer.test(x.location ?? ''));
      expect(found.length, 'a finding at the member').toBeGreaterThan(0);
      expect([...new Set(found.map((x) => x.level))]).toEqual([level]);
    },
    60_000,
  );
});
