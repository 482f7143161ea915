/**
 * Deprecations announced by the mock (issue 32): `deprecated: true` with `x-deprecated-at`,
 * `x-sunset` and `x-successor` on an operation of a contract copy → `Deprecation` (RFC 9745),
 * `Sunset` (RFC 8594) and `Link: <...>; rel="successor-version"` on its answers; other operations
 * carry none. Through the built CLI (`mock --deprecations FILE`) and the contract helper alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deprecationHeadersOf, type JsonObject } from '../../contract/index.js';
import { BIN, listeningUrl, runCli } from '../helpers/cli.js';

const original = readFileSync(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), 'utf8');
const MARK = '      operationId: listMarketBProductDailySales\n';
const copy = original.replace(MARK, () => `${MARK}      deprecated: true\n      x-deprecated-at: '2026-11-01T00:00:00Z'\n      x-sunset: '2027-06-30'\n      x-successor: /v4/market_b/products/{id_or_slug}/sales/daily\n`);
const dir = mkdtempSync(join(tmpdir(), 'resale-kit-deprecation-'));
const file = join(dir, 'deprecated.yaml');
writeFileSync(file, copy);

describe('deprecationHeadersOf', () => {
  it('finds the deprecated operation and nothing in the contract itself', () => {
    expect(copy).not.toBe(original);
    expect(deprecationHeadersOf(parse(original) as JsonObject).size).toBe(0);
    const found = deprecationHeadersOf(parse(copy) as JsonObject);
    expect([...found.keys()]).toEqual(['listMarketBProductDailySales']);
    expect(found.get('listMarketBProductDailySales')).toEqual({
      deprecation: `@${Date.UTC(2026, 10, 1) / 1000}`,
      sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
      link: '</v4/market_b/products/{id_or_slug}/sales/daily>; rel="successor-version"',
    });
  });

  it('without a date says @0, and drops a malformed sunset and an unsafe successor', () => {
    const bare = original.replace(MARK, () => `${MARK}      deprecated: true\n      x-sunset: soon\n      x-successor: "a b>"\n`);
    expect(deprecationHeadersOf(parse(bare) as JsonObject).get('listMarketBProductDailySales')).toEqual({ deprecation: '@0' });
  });
});

describe('mock --deprecations FILE', () => {
  let child: ReturnType<typeof spawn>;
  let url = '';
  beforeAll(async () => {
    const started = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--products', '50', '--now', '2026-01-15T00:00:00Z', '--deprecations', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    url = (await listeningUrl(started)).url;
  }, 60_000);
  afterAll(() => {
    child.kill();
  });

  it('sends Deprecation, Sunset and Link on the deprecated operation only', async () => {
    const auth = { authorization: 'Bearer demo-premium' };
    const list = (await (await fetch(`${url}/v3/market_b/products?limit=1`, { headers: auth })).json()) as { data: { id: string }[] };
    const id = list.data[0]?.id ?? '';
    const deprecated = await fetch(`${url}/v3/market_b/products/${id}/sales/daily`, { headers: auth });
    expect(deprecated.status).toBe(200);
    expect(deprecated.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 10, 1) / 1000}`);
    expect(deprecated.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    expect(deprecated.headers.get('link')).toBe('</v4/market_b/products/{id_or_slug}/sales/daily>; rel="successor-version"');
    const other = await fetch(`${url}/v3/market_b/products/${id}`, { headers: auth });
    expect(other.status).toBe(200);
    expect(other.headers.get('deprecation')).toBeNull();
    expect(other.headers.get('sunset')).toBeNull();
  });

  it('refuses a file that is not a contract (exit 2)', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'not: [a contract');
    const run = await runCli(['mock', '--port', '0', '--deprecations', bad]);
    expect(run.code).toBe(2);
  });
});
