/**
 * `resale-kit compat --contract NEW --har RECORDING` (issue 32 item 2, docs/contract-evolution.md):
 * a recording of the conformance suite against the mock (every answer a real answer of the mock,
 * made here through `proxy --record`), judged against copies of openapi.yaml edited here:
 * exit 0 under the same contract and under additive changes; exit 1 under a removed operation, a
 * new required parameter, a removed member, a changed type and a value now refused; server changes
 * and deprecated uses reported apart without failing; the browser and mitmproxy formats too; no
 * secret of a recorded URL printed; exit 2 on unreadable input.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { createMockServer } from '../../mocks/index.js';
import { startProxy } from '../../traffic/index.js';
import { compatExitCode, compatOf, MAX_COMPAT_FINDINGS, type CompatReport } from '../../traffic/compat/index.js';
import { chromeHar, firefoxHar, mitmproxyHar, type Exchanged } from '../fixtures/recordings/formats.js';
import { BIN, runCli, runToEnd } from '../helpers/cli.js';
import { call, mock as coreMock, NOW } from '../helpers/mock.js';
import { stopServer } from '../helpers/servers.js';

const PAID = 'PAID-COMPAT-7d2e4b10';
const FREE = 'FREE-COMPAT-0c9a3f55';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONTRACT = join(ROOT, 'openapi.yaml');
const dir = mkdtempSync(join(tmpdir(), 'compat-'));
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

const A1 = '/v3/market_a/products';
const B4 = '/v3/market_b/products/{id_or_slug}/sales/daily';

type Doc = any;
/** A copy of openapi.yaml, parsed, edited by `edit`, written as `name`; returns its path. */
function copy(name: string, edit: (doc: Doc) => void = () => undefined): string {
  const doc = parse(readFileSync(CONTRACT, 'utf8')) as Doc;
  edit(doc);
  const path = join(dir, name);
  writeFileSync(path, stringify(doc));
  return path;
}

/** The edits: each a contract copy (written once). */
const EDITS = {
  same: () => copy('same.yaml'),
  additive: () =>
    copy('additive.yaml', (d) => {
      d.paths['/v3/market_b/products/{id_or_slug}/sales/weekly'] = { get: { ...structuredClone(d.paths[B4].get), operationId: 'listMarketBProductWeeklySales' } }; // an operation added
      d.components.schemas.MarketAPrice.properties.currency = { type: 'string' }; // an optional response member added
      d.paths[A1].get.parameters.push({ name: 'colour', in: 'query', required: false, schema: { type: 'string' } }); // an optional parameter added
      d.components.parameters.SearchLimit.schema.maximum = 200; // a limit loosened
    }),
  removedOperation: () => copy('removed-operation.yaml', (d) => delete d.paths[B4]),
  requiredParameter: () => copy('required-parameter.yaml', (d) => d.paths[A1].get.parameters.push({ name: 'region', in: 'query', required: true, schema: { type: 'string' } })),
  removedMember: () =>
    copy('removed-member.yaml', (d) => {
      const s = d.components.schemas.MarketAProduct;
      delete s.properties.weekly_orders;
      s.required = s.required.filter((m: string) => m !== 'weekly_orders');
    }),
  changedType: () =>
    copy('changed-type.yaml', (d) => {
      d.components.schemas.MarketAPrice.properties.asks = { type: 'string' };
    }),
  removedParameter: () =>
    copy('removed-parameter.yaml', (d) => {
      d.paths[A1].get.parameters = d.paths[A1].get.parameters.filter((p: { $ref?: string }) => p.$ref !== '#/components/parameters/SearchQuery');
    }),
  valueRefused: () =>
    copy('value-refused.yaml', (d) => {
      d.components.parameters.SearchLimit.schema.maximum = 5;
    }),
  serverOnly: () =>
    copy('server-only.yaml', (d) => {
      const s = d.components.schemas.MarketADailySales;
      s.properties.currency = { type: 'string' };
      s.required.push('currency'); // NEW promises more: the consumer is fine, the server must change
    }),
  deprecated: () =>
    copy('deprecated.yaml', (d) => {
      Object.assign(d.paths[B4].get, { deprecated: true, 'x-sunset': '2027-01-31', 'x-successor': '/v4/market_b/products/{id_or_slug}/sales/daily' });
      d.components.parameters.SearchLimit.deprecated = true;
      d.components.parameters.SearchLimit['x-sunset'] = '2027-03-01';
      Object.assign(d.components.schemas.MarketAProduct.properties.rank, { deprecated: true });
    }),
};
const contracts = {} as Record<keyof typeof EDITS, string>;

let suiteHar: string;
beforeAll(async () => {
  for (const [k, make] of Object.entries(EDITS)) contracts[k as keyof typeof EDITS] = make();
  const { server, url } = await createMockServer({ now: NOW, products: 300, seed: 'compat', keys: { [PAID]: 'Pro', [FREE]: 'Free' } }).listen();
  closers.push(() => stopServer(server));
  suiteHar = join(dir, 'suite.har');
  const p = await startProxy({ upstream: url, record: suiteHar });
  const run = await runConformance({ baseUrl: p.url, apiKey: PAID, freeKey: FREE, rateLimit: 0 });
  await p.close();
  expect(run.summary.verdict).toBe('pass');
}, 180_000);

const kinds = (r: CompatReport, side = 'consumer'): string[] => [...new Set(r.findings.filter((f) => f.side === side).map((f) => `${f.kind} ${f.operation} ${f.where}`))].sort();

describe('a recording of the suite against the mock, under contract copies (library)', () => {
  it('the same contract: no finding at all, every exchange of the API judged', () => {
    const r = compatOf(contracts.same, suiteHar);
    expect(r.findings).toEqual([]);
    expect(r.exchanges).toBeGreaterThan(50);
    expect(r.summary).toEqual({ consumer: 0, server: 0, deprecation: 0 });
  });

  it('additive changes (an operation, an optional member, an optional parameter, a loosened limit): no consumer break', () => {
    expect(compatOf(contracts.additive, suiteHar).findings).toEqual([]);
  });

  it('a removed operation: every recorded call of it that worked', () => {
    const r = compatOf(contracts.removedOperation, suiteHar);
    expect(compatExitCode(r)).toBe(1);
    expect(kinds(r)).toEqual([`operation-gone listMarketBProductDailySales GET ${B4}`]);
    expect(r.findings[0]?.count).toBeGreaterThan(0);
  });

  it('a new required parameter', () => {
    expect(kinds(compatOf(contracts.requiredParameter, suiteHar))).toEqual(['parameter-required searchMarketAProducts query.region']);
  });

  it('a removed member: received in every A1, A2 answer, no longer promised', () => {
    const found = kinds(compatOf(contracts.removedMember, suiteHar));
    expect(found).toContain('member-not-promised getMarketAProduct /data/weekly_orders');
    expect(found).toContain('member-not-promised searchMarketAProducts /data/*/weekly_orders');
    expect(found.every((f) => f.startsWith('member-not-promised ') && f.endsWith('/weekly_orders'))).toBe(true);
  });

  it('a changed type: the member typed differently for the consumer, and the answer refused for the server', () => {
    const r = compatOf(contracts.changedType, suiteHar);
    expect(kinds(r)).toEqual(['member-type-changed getMarketAProduct /data/variants/*/prices/*/asks']);
    const found = r.findings.find((f) => f.side === 'consumer');
    expect(found?.message).toMatch(/NEW types it differently: must be string/);
    // Counted in exchanges, not values: at most the recorded A2 exchanges that asked for prices.
    const withPrices = JSON.parse(readFileSync(suiteHar, 'utf8')).log.entries.filter((e: { request: { url: string } }) => e.request.url.includes('display%5Bprices%5D=true') || e.request.url.includes('display[prices]=true')).length;
    expect(found?.count).toBeGreaterThan(0);
    expect(found?.count).toBeLessThanOrEqual(withPrices);
  });

  it('a removed query parameter the consumer sent (the suite also sends one no contract declares: not judged)', () => {
    expect(kinds(compatOf(contracts.removedParameter, suiteHar))).toEqual(['parameter-removed searchMarketAProducts query.query']);
  });

  it('a value now refused: a recorded limit above the new maximum', () => {
    const found = kinds(compatOf(contracts.valueRefused, suiteHar));
    expect(found).toContain('parameter-refused searchMarketAProducts query.limit');
    expect(found).toContain('parameter-refused searchMarketBProducts query.limit');
  });

  it('a new required response member: a server change, reported apart, no consumer break', () => {
    const r = compatOf(contracts.serverOnly, suiteHar);
    expect(r.summary.consumer).toBe(0);
    expect(compatExitCode(r)).toBe(0);
    expect(kinds(r, 'server')).toEqual(['answer-refused listMarketAProductDailySales /data/*']);
    expect(r.findings[0]?.message).toBe("NEW refuses the recorded answer: must have required property 'currency'");
  });

  it('deprecated parts: recorded uses of the operation, the parameter and the member, with their sunset; no consumer break', () => {
    const r = compatOf(contracts.deprecated, suiteHar);
    expect(r.summary.consumer).toBe(0);
    expect(compatExitCode(r)).toBe(0);
    const found = kinds(r, 'deprecation');
    expect(found).toContain(`deprecated-operation listMarketBProductDailySales GET ${B4}`);
    expect(found).toContain('deprecated-parameter searchMarketAProducts query.limit');
    expect(found).toContain('deprecated-member getMarketAProduct /data/rank');
    const op = r.findings.find((f) => f.kind === 'deprecated-operation');
    expect(op).toMatchObject({ sunset: '2027-01-31', successor: '/v4/market_b/products/{id_or_slug}/sales/daily' });
    expect(r.findings.find((f) => f.kind === 'deprecated-parameter')?.sunset).toBe('2027-03-01');
  });
});

describe('resale-kit compat (the built command line)', () => {
  it('exit 0 under the same contract and additive changes; exit 1 under each break', async () => {
    const codes: Record<string, number | null> = {};
    for (const k of ['same', 'additive', 'removedOperation', 'requiredParameter', 'removedMember', 'changedType'] as const) codes[k] = (await runCli(['compat', '--contract', contracts[k], '--har', suiteHar])).code;
    expect(codes).toEqual({ same: 0, additive: 0, removedOperation: 1, requiredParameter: 1, removedMember: 1, changedType: 1 });
  }, 240_000);

  it('prints the break and its first exchange, and writes JSON and Markdown reports', async () => {
    const json = join(dir, 'compat.json');
    const md = join(dir, 'compat.md');
    const r = await runCli(['compat', '--contract', contracts.removedOperation, '--har', suiteHar, '--report', `json=${json}`, '--report', `markdown=${md}`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Consumer breaks/m);
    expect(r.stdout).toMatch(/operation-gone {2}listMarketBProductDailySales {2}GET \/v3\/market_b\/products\/\{id_or_slug\}\/sales\/daily/);
    expect(r.stdout).toMatch(/^BREAKS: 1 consumer break\(s\), 0 server change\(s\)/m);
    const report = JSON.parse(readFileSync(json, 'utf8')) as CompatReport;
    expect(report.summary.consumer).toBe(1);
    expect(readFileSync(md, 'utf8')).toMatch(/^## Consumer compatibility: BREAKS/);
    expect(readFileSync(md, 'utf8')).toContain('| operation-gone | listMarketBProductDailySales |');
  }, 60_000);

  it('exit 2: a missing recording, a file that is not a contract, a bad --report, a report over the recording (left as it was)', async () => {
    const notContract = join(dir, 'not-a-contract.yaml');
    writeFileSync(notContract, 'hello: world\n');
    const missing = await runCli(['compat', '--contract', contracts.same, '--har', join(dir, 'absent.har')]);
    const bad = await runCli(['compat', '--contract', notContract, '--har', suiteHar]);
    const format = await runCli(['compat', '--contract', contracts.same, '--har', suiteHar, '--report', `junit=${join(dir, 'x.xml')}`]);
    const before = readFileSync(suiteHar);
    const over = await runCli(['compat', '--contract', contracts.same, '--har', suiteHar, '--report', `json=${suiteHar}`]);
    expect(over.stderr).toMatch(/--report json= and --har name the same file/);
    expect(readFileSync(suiteHar).equals(before)).toBe(true);
    expect([missing.code, bad.code, format.code, over.code]).toEqual([2, 2, 2, 2]);
    expect(missing.stderr).toMatch(/cannot read the recording/);
    expect(bad.stderr).toMatch(/not an OpenAPI 3.x document/);
    expect(format.stderr).toMatch(/--report must be json=FILE or markdown=FILE/);
  }, 60_000);
});

describe('every recording format the kit reads, and recorded secrets', () => {
  /** Real answers of the mock core to a front end's requests (one with a secret in its query). */
  function answers(): Exchanged[] {
    const m = coreMock({ seed: 'compat-formats' });
    const urls = ['/v3/market_a/products?query=jordan&limit=20&api_key=SEKRET-QUERY-91', '/v3/market_b/products?query=dunk'];
    const first = call(m, urls[0] as string).body.data[0];
    urls.push(`/v3/market_a/products/${first.id}?display[variants]=true&display[prices]=true`);
    return urls.map((url) => {
      const a = call(m, url);
      return { url, status: a.status, headers: a.headers, body: a.text };
    });
  }

  it.each([
    ['Chrome', chromeHar],
    ['Firefox', firefoxHar],
    ['mitmproxy', mitmproxyHar],
  ] as const)(
    '%s: exit 0 under the same contract, 1 under a value now refused; the secret query value never printed',
    async (name, make) => {
      const har = join(dir, `${name}.har`);
      writeFileSync(har, JSON.stringify(make('https://user:PASSWORD-77@api.example.test', answers())));
      const same = await runCli(['compat', '--contract', contracts.same, '--har', har]);
      expect(same.code, same.stdout + same.stderr).toBe(0);
      expect(same.stdout).toMatch(/in 3 exchange\(s\) of the API/);
      const md = join(dir, `${name}.md`);
      const changed = await runCli(['compat', '--contract', contracts.valueRefused, '--har', har, '--report', `markdown=${md}`]);
      expect(changed.code).toBe(1);
      expect(changed.stdout).toMatch(/parameter-refused {2}searchMarketAProducts {2}query\.limit/);
      expect(changed.stdout).toContain('api_key=[redacted]');
      for (const text of [same.stdout, same.stderr, changed.stdout, changed.stderr, readFileSync(md, 'utf8')]) {
        expect(text).not.toContain('SEKRET-QUERY-91');
        expect(text).not.toContain('PASSWORD-77');
      }
    },
    60_000,
  );
});

describe('a hostile recording', () => {
  it('member names without end, with terminal controls: findings capped with a note, nothing raw on the terminal', async () => {
    const m = coreMock({ seed: 'compat-hostile' });
    const first = call(m, '/v3/market_a/products?query=jordan').body.data[0];
    const url = `/v3/market_a/products/${first.id}`;
    const a = call(m, url);
    for (let i = 0; i < MAX_COMPAT_FINDINGS + 500; i++) a.body.data[`x\u001b[31m${i}`] = i;
    const har = join(dir, 'hostile.har');
    writeFileSync(har, JSON.stringify(chromeHar('https://api.example.test', [{ url, status: a.status, headers: a.headers, body: JSON.stringify(a.body) }])));
    const r = compatOf(contracts.same, har);
    expect(r.findings.length).toBe(MAX_COMPAT_FINDINGS);
    expect(r.notes).toContain(`500 further findings not kept: at most ${MAX_COMPAT_FINDINGS} distinct findings are listed`);
    const cli = await runCli(['compat', '--contract', contracts.same, '--har', har]);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toMatch(/member-not-promised {2}getMarketAProduct {2}\/data\/x/);
    expect(cli.stdout).not.toContain('\u001b');
  }, 60_000);
});

describe('docs/contract-evolution.md', () => {
  const doc = readFileSync(join(ROOT, 'docs/contract-evolution.md'), 'utf8');
  const commands = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => (m[1] ?? '').split('\n'))
    .filter((l) => l.startsWith('npx resale-kit compat '))
    .map((l) => l.slice('npx '.length));

  it('runs its compat command as written, on the example recording: exit 0 and the report it names', async () => {
    expect(commands.length).toBe(1);
    const cwd = mkdtempSync(join(tmpdir(), 'resale-kit-compat-doc-'));
    writeFileSync(join(cwd, 'proposed.yaml'), readFileSync(contracts.additive, 'utf8'));
    const recordings = join(cwd, 'examples/recordings');
    await runToEnd('mkdir', ['-p', recordings]);
    writeFileSync(join(recordings, 'browsing-session.har'), readFileSync(join(ROOT, 'examples/recordings/browsing-session.har')));
    const r = await runToEnd(process.execPath, [BIN, ...(commands[0] as string).split(' ').slice(1)], { cwd });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^COMPATIBLE: 0 consumer break\(s\)/m);
    expect(readFileSync(join(cwd, 'reports/compat.md'), 'utf8')).toMatch(/^## Consumer compatibility: compatible/);
  }, 60_000);
});
