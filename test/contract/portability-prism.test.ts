/**
 * Portability gate (issue 19): Prism's validating proxy (`prism proxy openapi.yaml UPSTREAM
 * --errors`) judges response bodies against the contract. A deliberately broken upstream
 * (missing `data`, `rank` as a string, non-UUID ids) gets a violation for each. The same proxy
 * over a copy of the contract with a `jsonSchemaDialect` line validates nothing (Prism's schema
 * compilation fails silently): proof the gate can fail, and why the contract has no such line.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/prism.js';
import { stopServer } from '../helpers/servers.js';
import { BIN, contractCopy, startTool, type Started } from '../helpers/tools.js';

/** Broken bodies by path, each 200 application/json. */
const BROKEN: Record<string, unknown> = {
  '/v3/market_b/products/104053': { meta: null },
  '/v3/market_a/products/jordan-1-low': { data: { rank: '12' }, meta: null },
  '/v3/market_a/products/jordan-1-low/sales': { data: [{ product_id: 'not-a-uuid', variant_id: 'size-10', amount: 1, created_at: '2026-01-01T00:00:00Z' }] },
  '/v3/market_a/products/jordan-1-low/sales/daily': { data: [{ product_id: '441f89a4-f3d8-4814-8c7f-29cd70ed52e5', avg_amount: 1, orders: 1, date: '2026-01-01T00:00:00+01:00' }] },
};

let upstream: Server;
let upstreamUrl = '';
const proxies: Started[] = [];

async function proxy(file: string): Promise<string> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  proxies.push(await startTool(join(BIN, 'prism'), ['proxy', file, upstreamUrl, '--errors', '--host', '127.0.0.1', '--port', String(port), '-v', 'warn'], `${base}/v3/market_b/products/104053`, 60_000));
  return base;
}

async function violations(base: string, path: string): Promise<{ status: number; codes: string[] }> {
  const res = await fetch(base + path, { headers: { authorization: 'Bearer demo-premium' } });
  const body = (await res.json()) as { validation?: { code: string; location: string[] }[] };
  return { status: res.status, codes: (body.validation ?? []).map((v) => `${v.location.slice(2).join('.')} ${v.code}`) };
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const body = BROKEN[(req.url ?? '').split('?')[0] as string] ?? { data: [] };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  const addr = upstream.address();
  upstreamUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}, 60_000);
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.stop()));
  await stopServer(upstream);
});

describe("Prism's validating proxy judges bodies with openapi.yaml", () => {
  let base = '';
  beforeAll(async () => {
    base = await proxy(contractCopy().file);
  }, 90_000);

  it('flags a missing data', async () => {
    expect(await violations(base, '/v3/market_b/products/104053')).toEqual({ status: 500, codes: expect.arrayContaining([' required']) });
  });
  it('flags rank as a string', async () => {
    const v = await violations(base, '/v3/market_a/products/jordan-1-low');
    expect(v.status).toBe(500);
    expect(v.codes).toContain('data.rank type');
  });
  it('flags non-UUID ids', async () => {
    const v = await violations(base, '/v3/market_a/products/jordan-1-low/sales');
    expect(v.codes).toEqual(expect.arrayContaining(['data.0.product_id format', 'data.0.variant_id format']));
  });
  it('flags a date that is not UTC', async () => {
    const v = await violations(base, '/v3/market_a/products/jordan-1-low/sales/daily');
    expect(v.codes).toContain('data.0.date pattern');
  });
});

describe('the gate can fail: with a jsonSchemaDialect line Prism validates nothing', () => {
  it('lets the same broken bodies through', async () => {
    const { file } = contractCopy((t) => t.replace(/^openapi: 3\.1\.0\n/, 'openapi: 3.1.0\njsonSchemaDialect: https://spec.openapis.org/oas/3.1/dialect/base\n'));
    const base = await proxy(file);
    expect(await violations(base, '/v3/market_b/products/104053')).toEqual({ status: 200, codes: [] });
    expect((await violations(base, '/v3/market_a/products/jordan-1-low')).status).toBe(200);
  }, 90_000);
});
