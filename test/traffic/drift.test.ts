/**
 * Drift (issue 25): a recording of a server that says more than the contract (an extra member,
 * a new enum value, an undeclared 409 and a new header) yields exactly those overlay actions,
 * each with `x-source: traffic` and its evidence count; the overlay, applied with a standard
 * overlay tool (openapi-format), gives a contract against which the same recording judges clean.
 * The server is the mock (real answers) behind a small rewriting layer; the recording is made by
 * `proxy --record`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openapiOverlay } from 'openapi-format';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractValidator, loadContract, type OpenApiDocument } from '../../contract/index.js';
import { startProxy } from '../../traffic/index.js';
import { DriftCollector, driftOf, MAX_FINDINGS } from '../../traffic/drift/drift.js';
import { judgeRecording } from '../../traffic/offline/judge-recording.js';
import { overlayOf, type OverlayDocument } from '../../traffic/drift/overlay.js';
import { runCli } from '../helpers/cli.js';
import { mock } from '../helpers/mock.js';
import { stopServer } from '../helpers/servers.js';

const dir = mkdtempSync(join(tmpdir(), 'drift-'));
const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) await stopServer(s);
});

/** The mock, plus: `meta.facets` on A1, a delivery option `express_overnight` on A2 prices, a 409 on B3 page 9, `x-request-id` on every answer. */
async function driftingServer(): Promise<string> {
  const m = mock({ seed: 'drift' });
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const answer = m.core.respond({ method: req.method ?? 'GET', url, headers: { authorization: String(req.headers.authorization ?? '') } });
    let body = answer.body;
    let status = answer.status;
    const headers: Record<string, string> = { ...answer.headers, 'x-request-id': 'req-0001' };
    if (/^\/v3\/market_b\/products\/\d+\/sales\?page=9/.test(url)) {
      status = 409;
      headers['content-type'] = 'application/problem+json';
      body = JSON.stringify({ title: 'Conflict', status: 409, detail: 'the sales index is being rebuilt' });
    } else if (status === 200 && url.startsWith('/v3/market_a/products?')) {
      const doc = JSON.parse(body);
      doc.meta.facets = { brand: [{ value: 'Nike', count: 12 }] };
      body = JSON.stringify(doc);
    } else if (status === 200 && url.includes('display[prices]=true')) {
      const doc = JSON.parse(body);
      doc.data.variants[0].prices.push({ price: 0, asks: 0, type: 'express_overnight' });
      body = JSON.stringify(doc);
    }
    delete headers['content-length'];
    res.writeHead(status, headers).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

let har: string;
beforeAll(async () => {
  har = join(dir, 'drift.har');
  const p = await startProxy({ upstream: await driftingServer(), record: har });
  const get = async (path: string): Promise<any> => (await fetch(p.url + path, { headers: { authorization: 'demo-premium' } })).json();
  const found = await get('/v3/market_a/products?query=jordan&limit=5');
  await get('/v3/market_a/products?query=dunk&limit=5');
  await get(`/v3/market_a/products/${found.data[0].id}?display[variants]=true&display[prices]=true&display[identifiers]=true`);
  const b = await get('/v3/market_b/products?query=nike&limit=3');
  await get(`/v3/market_b/products/${b.data[0].id}/sales?page=9`);
  await p.close();
}, 60_000);

describe('drift from a recording', () => {
  it('yields exactly the actions for the extra member, the enum value, the 409 and the header', async () => {
    const { recorded, report } = await judgeRecording({ path: har });
    // Before: the new enum value is a must-level failure of the schema.
    expect(report.summary.verdict).toBe('fail');
    const overlay = overlayOf(driftOf(recorded), har);
    const actions = overlay.actions.map((a) => `${a.target} ${JSON.stringify(a.update)} ${a['x-evidence']}`);
    expect(actions).toEqual([
      `$.components.schemas.MarketAPrice.properties.type.enum ["express_overnight"] 1`,
      `$.paths['/v3/market_a/products'].get.responses['200'] {"headers":{"x-request-id":{"description":"Seen 2 times in traffic on searchMarketAProducts; first example: \`\\"req-0001\\"\`","x-source":"traffic","schema":{"type":"string"}}}} 2`,
      `$.paths['/v3/market_a/products/{id_or_slug}'].get.responses['200'] {"headers":{"x-request-id":{"description":"Seen 1 times in traffic on getMarketAProduct; first example: \`\\"req-0001\\"\`","x-source":"traffic","schema":{"type":"string"}}}} 1`,
      `$.paths['/v3/market_b/products'].get.responses['200'] {"headers":{"x-request-id":{"description":"Seen 1 times in traffic on searchMarketBProducts; first example: \`\\"req-0001\\"\`","x-source":"traffic","schema":{"type":"string"}}}} 1`,
      `$.components.schemas.MarketASearchMeta {"properties":{"facets":{"type":"object","description":"Seen 2 times in traffic on searchMarketAProducts; first example: \`{\\"brand\\":[{\\"value\\":\\"Nike\\",\\"count\\":12}]}\`","x-source":"traffic"}}} 2`,
      `$.paths['/v3/market_b/products/{id}/sales'].get.responses {"409":{"description":"Seen in traffic (1 answers); describe when the service answers it.","x-source":"traffic","headers":{"x-key-type":{"x-source":"traffic","schema":{"type":"string"}},"x-quota-current":{"x-source":"traffic","schema":{"type":"string"}},"x-request-id":{"x-source":"traffic","schema":{"type":"string"}}},"content":{"application/problem+json":{"schema":{"$ref":"#/components/schemas/ProblemDetails"}}}}} 1`,
    ]);
    for (const a of overlay.actions) expect(a['x-source']).toBe('traffic');
  });

  it('the overlay applied with openapi-format gives a contract against which the recording judges clean', async () => {
    const out = join(dir, 'drift.yaml');
    const res = await runCli(['conformance', '--from-har', har, '--drift', out]);
    expect(res.stderr).toMatch(/undeclared-status 409/);
    expect(res.stderr).toMatch(/never applied here/);
    const overlay = parse(readFileSync(out, 'utf8')) as OverlayDocument;
    expect(overlay.overlay).toBe('1.0.0');
    expect(overlay.actions).toHaveLength(6);
    const applied = await openapiOverlay(structuredClone(loadContract()) as never, { overlaySet: overlay as never });
    expect(applied.resultData.totalUnusedActions).toBe(0);
    const contract = applied.data as unknown as OpenApiDocument;
    // The repository's contract is untouched: only the copy changed.
    expect(JSON.stringify(loadContract())).not.toContain('express_overnight');
    const again = await judgeRecording({ path: har, contract });
    expect(again.report.results.filter((r) => r.outcome === 'fail')).toEqual([]);
    expect(driftOf(again.recorded, new ContractValidator(contract)).filter((d) => d.kind !== 'never-seen')).toEqual([]);
  }, 30_000);

  it('a status only `default` covers is undeclared; a header the operation declares on another response is not drift on its problem responses', () => {
    const validator = new ContractValidator();
    const sales = validator.operation('listMarketBProductSales');
    // The premises: the contract has a `default` response here, and declares X-Key-Type and X-Quota-Current on the 200, not on the 500.
    expect(sales.responses.some((r) => r.status === 'default')).toBe(true);
    expect(sales.responses.find((r) => r.status === '200')?.headers.map((h) => h.name)).toEqual(expect.arrayContaining(['x-key-type', 'x-quota-current']));
    const declaredOn500 = sales.responses.find((r) => r.status === '500')?.headers.map((h) => h.name);
    expect(declaredOn500).toBeDefined();
    expect(declaredOn500).not.toContain('x-key-type');
    const problem = (status: number) => ({
      operationId: 'listMarketBProductSales' as const,
      auth: 'main' as const,
      request: { method: 'GET', url: 'http://x/v3/market_b/products/1/sales' },
      status,
      headers: { 'content-type': 'application/problem+json', 'x-key-type': 'Pro', 'x-quota-current': '5', 'x-request-id': 'req-1' },
      text: '',
      ms: 0,
      json: { title: 'Problem', status },
    });
    const c = new DriftCollector(validator);
    c.add(problem(500));
    c.add(problem(409));
    c.add(problem(418));
    const found = c.findings().filter((d) => d.kind !== 'never-seen');
    expect(found.map((d) => `${d.kind} ${d.name} ${d.pointer}`)).toEqual([
      'undeclared-header x-request-id /components/responses/InternalServerError',
      'undeclared-status 409 /paths/~1v3~1market_b~1products~1{id}~1sales/get/responses',
      'undeclared-status 418 /paths/~1v3~1market_b~1products~1{id}~1sales/get/responses',
    ]);
    // A new status's action declares every header it was seen with (the new entry has none yet).
    expect(found.find((d) => d.name === '409')?.headers).toEqual(['x-key-type', 'x-quota-current', 'x-request-id']);
  });

  it('a server inventing member names without end: findings stay bounded, and the rest is counted', () => {
    const ex = (i: number) => ({
      operationId: 'getMarketBProduct' as const,
      auth: 'main' as const,
      request: { method: 'GET', url: 'http://x/v3/market_b/products/1' },
      status: 200,
      headers: { 'content-type': 'application/json' },
      text: '',
      ms: 0,
      json: { data: { id: 1, [`extra_${i}`]: i }, meta: null },
    });
    const c = new DriftCollector();
    for (let i = 0; i < MAX_FINDINGS + 500; i++) c.add(ex(i));
    expect(c.findings().filter((d) => d.kind === 'undeclared-member')).toHaveLength(MAX_FINDINGS);
    expect(c.dropped).toBe(500);
  });

  it('a recording of the clean mock, its 404 and 422 answers included, shows no drift (docs/traffic.md)', async () => {
    const clean = join(dir, 'clean.har');
    const m = mock({ seed: 'drift' });
    const server = createServer((req, res) => {
      const a = m.core.respond({ method: 'GET', url: req.url ?? '/', headers: { authorization: 'demo-premium' } });
      res.writeHead(a.status, a.headers).end(a.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    servers.push(server);
    const p = await startProxy({ upstream: `http://127.0.0.1:${(server.address() as { port: number }).port}`, record: clean });
    const hits = (await (await fetch(`${p.url}/v3/market_b/products?query=nike&limit=3`)).json()) as { data: { id: number }[] };
    await (await fetch(`${p.url}/v3/market_b/products/${hits.data[0]?.id}`)).arrayBuffer();
    // 404 and 422 carry X-Key-Type and X-Quota-Current, which the contract declares on them (newcomer probe: the page said otherwise).
    expect((await fetch(`${p.url}/v3/market_b/products/no-such-product`)).status).toBe(404);
    expect((await fetch(`${p.url}/v3/market_a/products?limit=0`)).status).toBe(422);
    await p.close();
    const { recorded } = await judgeRecording({ path: clean });
    const found = driftOf(recorded);
    expect(found.filter((d) => d.kind !== 'never-seen')).toEqual([]);
    // Declared members never seen are reported (with where), never turned into actions.
    expect(overlayOf(found, clean).actions).toEqual([]);
  }, 30_000);
});
