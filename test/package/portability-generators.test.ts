/**
 * Portability gate (issue 19): two zod code generators users feed the contract to,
 * @hey-api/openapi-ts (zod plugin) and orval (zod client), generate from openapi.yaml without
 * error; their output type-checks under `tsc --strict`; their response schemas accept a crawl
 * of the mock's answers (every operation) and reject broken bodies (a timestamp without an offset, a non-UTC marketplace A timestamp, a
 * pagination `meta` where there is none, a string rank, a string B id). Both generators need
 * Node >= 22.18, so this file lives in test/package, which CI runs on Node 22 and 24; on an
 * older Node it is skipped.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync, copyFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContractValidator } from '../../contract/index.js';
import { createMockServer } from '../../mocks/index.js';
import { ROOT } from './consumer.js';
import { skipNote } from '../helpers/skip-reporter.js';

const run = promisify(execFile);
const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
const supported = major > 22 || (major === 22 && minor >= 18);
const validator = new ContractValidator();
const ops = validator.operations.map((o) => o.operationId);
const cap = (s: string): string => s[0]!.toUpperCase() + s.slice(1);

interface Parser {
  safeParse(v: unknown): { success: boolean };
}
type Schemas = Record<string, Parser>;
let dir = '';
let hey: Schemas = {};
let orval: Schemas = {};
const crawl: { op: string; url: string; body: unknown }[] = [];

/** Answers of the default-shaped mock for every operation: searches, lookups (plain and expanded), sales, daily series. */
function crawlMock(): void {
  const m = createMockServer({ now: Date.UTC(2026, 1, 6), products: 500, seed: 'portability' });
  const get = (op: string, url: string): any => {
    const res = m.core.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } });
    expect(res.status, url).toBe(200);
    const body = JSON.parse(res.body);
    crawl.push({ op, url, body });
    return body;
  };
  for (const q of ['', 'jordan', 'adidas', 'nike dunk']) {
    const a = get('searchMarketAProducts', `/v3/market_a/products?limit=5&query=${encodeURIComponent(q)}`);
    const b = get('searchMarketBProducts', `/v3/market_b/products?limit=5&query=${encodeURIComponent(q)}`);
    for (const p of a.data.slice(0, 3)) {
      get('getMarketAProduct', `/v3/market_a/products/${p.slug}`);
      get('getMarketAProduct', `/v3/market_a/products/${p.id}?display[variants]=true&display[prices]=true&display[identifiers]=true`);
      get('listMarketAProductSales', `/v3/market_a/products/${p.id}/sales`);
      get('listMarketAProductDailySales', `/v3/market_a/products/${p.id}/sales/daily`);
    }
    for (const p of b.data.slice(0, 3)) {
      get('getMarketBProduct', `/v3/market_b/products/${p.id}`);
      get('listMarketBProductSales', `/v3/market_b/products/${p.id}/sales`);
      get('listMarketBProductDailySales', `/v3/market_b/products/${p.slug}/sales/daily`);
    }
  }
}

beforeAll(async () => {
  if (!supported) return;
  dir = mkdtempSync(join(tmpdir(), 'rk-zod-'));
  copyFileSync(join(ROOT, 'openapi.yaml'), join(dir, 'openapi.yaml'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'orval.config.mjs'), `export default { api: { input: './openapi.yaml', output: { client: 'zod', target: './orval/api.zod.ts', mode: 'single' } } };\n`);
  const node = process.execPath;
  await run(node, [join(ROOT, 'node_modules/@hey-api/openapi-ts/bin/run.js'), '-i', 'openapi.yaml', '-o', 'hey', '-p', '@hey-api/typescript', 'zod', '--no-log-file', '-s'], { cwd: dir });
  await run(node, [join(ROOT, 'node_modules/orval/dist/bin/orval.mjs'), '--config', 'orval.config.mjs'], { cwd: dir });
  // tsc --strict over both outputs; compiled JavaScript is what the schema tests load.
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, noUncheckedIndexedAccess: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', outDir: 'out', skipLibCheck: false },
      files: ['hey/zod.gen.ts', 'hey/index.ts', 'hey/types.gen.ts', 'orval/api.zod.ts'],
    }),
  );
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
  await run(node, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir });
  hey = (await import(pathToFileURL(join(dir, 'out/hey/zod.gen.js')).href)) as Schemas;
  orval = (await import(pathToFileURL(join(dir, 'out/orval/api.zod.js')).href)) as Schemas;
  crawlMock();
}, 240_000);

describe.skipIf(!supported)(`zod generators read the contract alike${skipNote(!supported, 'the generators need Node >= 22.18; runs in the Node 22/24 package tests of .ci/run')}`, () => {
  const generators = { hey: (op: string) => hey[`z${cap(op)}Response`], orval: (op: string) => orval[`${cap(op)}Response`] };

  it('generated a response schema for every operation, with no section signs in the code', () => {
    for (const op of ops) {
      expect(generators.hey(op), `hey ${op}`).toBeDefined();
      expect(generators.orval(op), `orval ${op}`).toBeDefined();
    }
    expect(readFileSync(join(dir, 'hey/types.gen.ts'), 'utf8')).not.toContain('§');
    expect(readFileSync(join(dir, 'orval/api.zod.ts'), 'utf8')).not.toContain('§');
  });

  it('the crawl covers every operation and is valid for the contract (Ajv)', () => {
    expect(new Set(crawl.map((c) => c.op))).toEqual(new Set(ops));
    for (const c of crawl) {
      const ok = validator.operation(c.op as never).responses.find((r) => r.status === '200')!;
      expect(validator.validateAt(ok.schemaPointer, c.body), c.url).toEqual([]);
    }
  });

  it.each(Object.keys(generators))('%s accepts every answer of the crawl', (name) => {
    const schemaOf = generators[name as keyof typeof generators];
    const rejected = crawl.filter((c) => !schemaOf(c.op)!.safeParse(c.body).success).map((c) => c.url);
    expect(rejected).toEqual([]);
  });

  const first = (op: string): any => structuredClone(crawl.find((c) => c.op === op)!.body);
  const broken: [string, string, (b: any) => void][] = [
    ['a sale timestamp without an offset', 'listMarketAProductSales', (b) => (b.data[0].created_at = '2026-01-14T09:00:00')],
    ['a B updated_at with a space for T', 'getMarketBProduct', (b) => (b.data.updated_at = '2026-01-14 09:00:00-05:00')],
    ['a -05:00 marketplace A product timestamp (§2.2 asks UTC)', 'getMarketAProduct', (b) => (b.data.created_at = '2026-01-14T09:00:00-05:00')],
    ['a daily date that is not midnight', 'listMarketBProductDailySales', (b) => (b.data[0].date = '2026-01-14T01:00:00Z')],
    ['a pagination meta on B1', 'searchMarketBProducts', (b) => (b.meta = { page: 1 })],
    ['a string rank', 'getMarketAProduct', (b) => (b.data.rank = '12')],
    ['a string B id', 'getMarketBProduct', (b) => (b.data.id = '104053')],
    ['no data', 'listMarketBProductSales', (b) => delete b.data],
  ];
  it.each(broken)('both generators and Ajv reject %s', (_, op, mutate) => {
    const body = first(op);
    mutate(body);
    const ok = validator.operation(op as never).responses.find((r) => r.status === '200')!;
    expect(validator.validateAt(ok.schemaPointer, body).length).toBeGreaterThan(0);
    expect(generators.hey(op)!.safeParse(body).success).toBe(false);
    expect(generators.orval(op)!.safeParse(body).success).toBe(false);
  });

  const accepted: [string, string][] = [
    ['a +00:00 sale timestamp (UTC written with a zero offset)', '2026-01-14T09:00:00+00:00'],
    ['a +01:00 sale timestamp (the description asks RFC 3339 of a sale; UTC is a should-level production rule)', '2026-01-14T09:00:00+01:00'],
  ];
  it.each(accepted)('both generators and Ajv accept %s', (_, at) => {
    const body = first('listMarketAProductSales');
    body.data[0].created_at = at;
    const ok = validator.operation('listMarketAProductSales').responses.find((r) => r.status === '200')!;
    expect(validator.validateAt(ok.schemaPointer, body)).toEqual([]);
    expect(generators.hey('listMarketAProductSales')!.safeParse(body).success).toBe(true);
    expect(generators.orval('listMarketAProductSales')!.safeParse(body).success).toBe(true);
  });
});
