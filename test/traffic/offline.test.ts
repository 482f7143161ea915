/**
 * Offline judging (issue 25): `conformance --from-har FILE` with no server and no key.
 * Recordings of the four kinds, every answer a real answer of the mock (made here, not committed):
 * - a suite run through `proxy --record`: offline gives the live run's rows and verdict;
 * - a browsing session through the proxy (ordinary requests, no suite): every exchange judged,
 *   the pair checks judged from the pairs it holds, the others "not judged" with what to record;
 * - a Chrome devtools export and a Firefox devtools export (HAR 1.2 as those tools write it:
 *   HTTP/2 pseudo headers, `_resourceType`, compressed sizes, base64 bodies, status 0 entries,
 *   page assets), and a mitmproxy HAR export;
 * - a broken answer in any of them is caught; bad entries are skipped with the entry and field named.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { startProxy } from '../../traffic/index.js';
import { judgeRecording } from '../../traffic/offline/judge-recording.js';
import { readHarEntries } from '../../traffic/har/read.js';
import { createMockServer } from '../../mocks/index.js';
import { runCli } from '../helpers/cli.js';
import { call, mock as coreMock, NOW } from '../helpers/mock.js';
import { stopServer } from '../helpers/servers.js';
import { chromeHar, firefoxHar, mitmproxyHar, type Exchanged } from '../fixtures/recordings/formats.js';

const PAID = 'PAID-OFFLINE-5c1d9e7a';
const FREE = 'FREE-OFFLINE-3a6b2f80';
const dir = mkdtempSync(join(tmpdir(), 'offline-'));
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

async function upstream(mutant?: string): Promise<string> {
  const { server, url } = await createMockServer({ now: NOW, products: 300, seed: 'offline', keys: { [PAID]: 'Pro', [FREE]: 'Free' }, ...(mutant ? { mutant } : {}) }).listen();
  closers.push(() => stopServer(server));
  return url;
}

/** A browsing session through `proxy --record`: ordinary requests a front end makes. */
async function browse(base: string, key: string): Promise<void> {
  const get = async (path: string): Promise<any> => (await fetch(base + path, { headers: { authorization: key } })).json();
  const a = await get('/v3/market_a/products?query=jordan&limit=20');
  const first = a.data[0];
  await get(`/v3/market_a/products/${first.id}`);
  await get(`/v3/market_a/products/${first.slug}`);
  await get(`/v3/market_a/products/${first.id}?display[variants]=true&display[prices]=true`);
  // An endless list: three pages of sales.
  for (const page of [1, 2, 3]) await get(`/v3/market_a/products/${first.id}/sales?limit=100&page=${page}`);
  await get(`/v3/market_a/products/${first.id}/sales/daily`);
  const b = await get('/v3/market_b/products?query=dunk');
  const hit = b.data[0];
  await get(`/v3/market_b/products/${hit.id}`);
  await get(`/v3/market_b/products/${hit.id}`); // a reload: the same request twice
  await get(`/v3/market_b/products/${hit.id}/sales/daily`);
  await get(`/v3/market_b/products/${hit.slug}/sales/daily`);
  await get('/v3/market_b/products/no-such-product');
}

let suiteHar: string;
let liveRows: string[];
let liveVerdict: string;

beforeAll(async () => {
  suiteHar = join(dir, 'suite.har');
  const p = await startProxy({ upstream: await upstream(), record: suiteHar });
  const live = await runConformance({ baseUrl: p.url, apiKey: PAID, freeKey: FREE, rateLimit: 0 });
  await p.close();
  liveRows = live.results.map((r) => `${r.check} ${r.operation} ${r.outcome} ${r.message}`);
  liveVerdict = live.summary.verdict;
}, 120_000);

describe('a suite run recorded through the proxy, judged offline without keys', () => {
  it('gives the same rows and verdict as the live run', async () => {
    const { report, callers } = await judgeRecording({ path: suiteHar });
    // Four callers: the paid and free keys, none, and auth-required's key no server issued, whose 401s name no tier.
    expect(callers.map((c) => c.tier ?? '(no tier)').sort()).toEqual(['(no tier)', 'Free', 'Pro', 'none']);
    expect(report.summary.verdict).toBe(liveVerdict);
    expect(liveVerdict).toBe('pass');
    // envelope-schema-document differs by design: live, the $schema URLs name the upstream, not the
    // proxy under test ("not on the server under test"); the recording stores the upstream's URLs,
    // and holds no $schema document, so offline it is not judged and says what to record.
    const schemaDoc = (row: string): boolean => row.startsWith('envelope-schema-document ');
    expect(liveRows.filter(schemaDoc).every((r) => / skip not judged: \$schema .* is not on the server under test/.test(r))).toBe(true);
    const offline = report.results.filter((r) => r.check !== 'same-request-same-answer').map((r) => `${r.check} ${r.operation} ${r.outcome} ${r.message}`);
    expect(offline.filter(schemaDoc)).toEqual([
      'envelope-schema-document * skip not judged: the recording holds no JSON Schema document a $schema URL names. Record: GET the $schema URL of an answer (for example .../schemas/MarketAProductResponse.json)',
    ]);
    // The checks of HTTP semantics are judged live only (other methods, HEAD, conditional requests): offline they say so; key-type-headers is live only too (a recording need not keep every header).
    const live = (row: string): boolean => /^(read-only-methods|method-not-allowed|head-like-get|conditional-get|key-type-headers) /.test(row);
    expect(offline.filter(live).every((r) => r.includes('not judged: a recording answers by method, URL and caller only'))).toBe(true);
    expect(offline.filter((r) => !schemaDoc(r) && !live(r))).toEqual(liveRows.filter((r) => !schemaDoc(r) && !live(r)));
  }, 60_000);

  it('on the command line: exit 0 with no --base-url and no key', async () => {
    const res = await runCli(['conformance', '--from-har', suiteHar]);
    expect(res.stdout).toMatch(/^PASS: /m);
    expect(res.code).toBe(0);
  }, 60_000);
});

describe('a browsing session recorded through the proxy', () => {
  let har: string;
  beforeAll(async () => {
    har = join(dir, 'browse.har');
    const p = await startProxy({ upstream: await upstream(), record: har });
    await browse(p.url, `Bearer ${PAID}`);
    await p.close();
  }, 60_000);

  it('judges every exchange and the pairs it holds; the rest say what to record', async () => {
    const { report, recorded } = await judgeRecording({ path: har });
    expect(recorded.length).toBe(14);
    const row = (check: string) => report.results.filter((r) => r.check === check);
    for (const check of ['response-schema', 'envelope-data', 'id-types', 'content-type'])
      expect(
        row(check).some((r) => r.outcome === 'pass'),
        check,
      ).toBe(true);
    // The pairs, and the requests other cross-exchange checks make where the session made exactly them.
    for (const check of ['lookup-slug-id-same', 'search-matches-lookup', 'daily-matches-sales', 'b4-id-or-slug', 'same-request-same-answer', 'a2-prices-flag', 'a2-variants-flag', 'a2-no-variants-without-flag', 'premium-entitled']) {
      expect(
        row(check).some((r) => r.outcome === 'pass'),
        `${check}: ${JSON.stringify(row(check))}`,
      ).toBe(true);
    }
    expect(report.results.filter((r) => r.outcome === 'fail')).toEqual([]);
    // A3's variant rules need requests a front end did not make: not judged, so inconclusive.
    expect(report.summary.verdict).toBe('inconclusive');
    expect(row('a3-variant-filter')[0]?.message).toMatch(/not judged/);
    expect(row('identifiers-not-entitled')[0]?.message).toMatch(/not judged/);
  }, 60_000);

  it.each([
    ['b2-no-variants', 'b2-variants'],
    ['prices-not-filled', 'a2-prices-flag'],
    ['slug-lookup-other-product', 'lookup-slug-id-same'],
    ['search-not-lookup', 'search-matches-lookup'],
    ['daily-mismatch', 'daily-matches-sales'],
    ['daily-not-midnight', 'daily-one-per-day'],
  ])(
    'a browsing session of mutant %s fails %s offline',
    async (mutant, check) => {
      const bad = join(dir, `browse-${mutant}.har`);
      const p = await startProxy({ upstream: await upstream(mutant), record: bad });
      await browse(p.url, `Bearer ${PAID}`);
      await p.close();
      const { report } = await judgeRecording({ path: bad });
      expect(report.results.filter((r) => r.outcome === 'fail').map((r) => r.check)).toContain(check);
    },
    60_000,
  );

  it('on the command line a broken recording exits 1 and names the check', async () => {
    const bad = join(dir, 'browse-cli-bad.har');
    const p = await startProxy({ upstream: await upstream('b2-no-variants'), record: bad });
    await browse(p.url, `Bearer ${PAID}`);
    await p.close();
    const res = await runCli(['conformance', '--from-har', bad]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/b2-variants/);
  }, 60_000);

  it('checks lacking pairs say "not judged: the recording holds no …" and what to record', async () => {
    const only = join(dir, 'one.har');
    const p = await startProxy({ upstream: await upstream(), record: only });
    await fetch(`${p.url}/v3/market_b/products?query=nike`, { headers: { authorization: PAID } });
    await p.close();
    const { report } = await judgeRecording({ path: only });
    const msg = (check: string) => report.results.find((r) => r.check === check)?.message ?? '';
    expect(msg('lookup-slug-id-same')).toMatch(/^not judged: the recording holds no lookup of one product both by its id and by its slug.*Record:/);
    expect(msg('daily-matches-sales')).toMatch(/^not judged: the recording holds no per-sale list and daily series/);
    expect(msg('same-request-same-answer')).toMatch(/^not judged: the recording holds no request answered twice/);
  }, 60_000);
});

/** Real answers of the mock for a browser's requests (no HTTP: the core answers). */
function mockAnswers(key: string | null, mutant?: string): Exchanged[] {
  const m = coreMock({ seed: 'offline', ...(mutant ? { mutant } : {}) } as never);
  const search = call(m, '/v3/market_a/products?query=jordan&limit=5', key);
  const first = search.body.data[0];
  const urls = ['/v3/market_a/products?query=jordan&limit=5', `/v3/market_a/products/${first.id}`, `/v3/market_a/products/${first.slug}`, '/v3/market_b/products?query=dunk&limit=3'];
  return urls.map((url) => {
    const res = m.core.respond({ method: 'GET', url, headers: key === null ? {} : { authorization: key } });
    return { url, status: res.status, headers: res.headers, body: res.body };
  });
}

describe('the example recording shipped for the README', () => {
  it('examples/recordings/browsing-session.har: nine exchanges judged, nothing fails, inconclusive with what to record', async () => {
    const { report, recorded } = await judgeRecording({ path: fileURLToPath(new URL('../../examples/recordings/browsing-session.har', import.meta.url)) });
    expect(recorded.length).toBe(9);
    expect(report.summary.fail).toBe(0);
    expect(report.summary.verdict).toBe('inconclusive');
    expect(report.results.find((r) => r.check === 'lookup-slug-id-same')?.outcome).toBe('pass');
    // What blocks the verdict says what to record (optional checks, which judge only what the answers allow, block nothing).
    expect(report.summary.notJudged.filter((n) => !n.allowed).every((n) => /not judged: the recording holds no|no response of the kind/.test(n.reason))).toBe(true);
  });
});

describe('browser devtools and mitmproxy exports', () => {
  const kinds = { chrome: chromeHar, firefox: firefoxHar, mitmproxy: mitmproxyHar } as const;
  it.each(Object.keys(kinds))('%s: every API exchange judged clean, page assets and failed requests not judged', async (kind) => {
    const path = join(dir, `${kind}.har`);
    // The API behind a gateway's path prefix: found from its /v3/ on.
    writeFileSync(path, JSON.stringify(kinds[kind as keyof typeof kinds]('https://gw.example.test/resale-api', mockAnswers('demo-premium'))));
    const { report, recorded, unjudged } = await judgeRecording({ path });
    expect(recorded.length).toBe(4);
    expect(unjudged.notApi).toBeGreaterThan(0);
    expect(report.results.filter((r) => r.outcome === 'fail')).toEqual([]);
    expect(report.results.find((r) => r.check === 'response-schema' && r.outcome === 'pass')).toBeDefined();
    expect(report.results.find((r) => r.check === 'lookup-slug-id-same')?.outcome).toBe('pass');
    expect(report.results.find((r) => r.check === 'search-matches-lookup')?.outcome).toBe('pass');
  });

  it.each(Object.keys(kinds))('%s: a broken answer fails', async (kind) => {
    const path = join(dir, `${kind}-bad.har`);
    writeFileSync(path, JSON.stringify(kinds[kind as keyof typeof kinds]('https://api.example.test', mockAnswers('demo-premium', 'rank-as-string'))));
    const { report } = await judgeRecording({ path });
    expect(report.summary.verdict).toBe('fail');
    expect(report.results.some((r) => r.check === 'response-schema' && r.outcome === 'fail')).toBe(true);
  });

  it('a sanitized export (no Authorization, no X-Key-Type): the caller is unknown, and no tier rule is judged on it', async () => {
    const path = join(dir, 'chrome-sanitized.har');
    const m = coreMock({ seed: 'offline' });
    const answers = ['/v3/market_a/products?query=jordan', '/v3/market_a/products?query=jordan&limit=5'].map((url) => {
      const res = m.core.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } });
      const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => !/^x-key-type$/i.test(k)));
      return { url, status: res.status, headers, body: res.body };
    });
    const har = chromeHar('https://api.example.test', answers);
    for (const e of har.log.entries as { request: { headers: { name: string }[] } }[]) e.request.headers = e.request.headers.filter((h) => h.name !== 'authorization');
    writeFileSync(path, JSON.stringify(har));
    const { report, callers } = await judgeRecording({ path });
    expect(callers).toEqual([{ caller: 'unknown', exchanges: 2 }]);
    expect(report.results.filter((r) => r.outcome === 'fail')).toEqual([]);
    // Told that this caller had no key, the rule that a search needs one is judged, and fails.
    const told = await judgeRecording({ path, tiers: { unknown: 'none' } });
    expect(told.report.results.find((r) => r.check === 'auth-required' && r.outcome === 'fail')?.message).toMatch(/answered 200 without a key; expected 401/);
  });

  it('a body stored still gzip-compressed (base64, Content-Encoding: gzip) is judged as the JSON it holds', async () => {
    const path = join(dir, 'gzip.har');
    const har = mitmproxyHar('https://api.example.test', mockAnswers('demo-premium').slice(0, 1));
    const entry = (har.log.entries as { response: { headers: { name: string; value: string }[]; content: { text: string; encoding?: string } } }[])[0];
    if (!entry) throw new Error('no entry');
    const plain = entry.response.content.encoding === 'base64' ? Buffer.from(entry.response.content.text, 'base64') : Buffer.from(entry.response.content.text);
    entry.response.content = { ...entry.response.content, text: gzipSync(plain).toString('base64'), encoding: 'base64' };
    entry.response.headers.push({ name: 'Content-Encoding', value: 'gzip' });
    writeFileSync(path, JSON.stringify(har));
    const { report } = await judgeRecording({ path });
    expect(report.results.find((r) => r.check === 'response-schema')?.outcome).toBe('pass');
  });

  it('the key a browser export keeps is in no output', async () => {
    const path = join(dir, 'chrome-key.har');
    writeFileSync(path, JSON.stringify(chromeHar('https://api.example.test', mockAnswers('demo-premium', 'rank-as-string'))));
    const report = join(dir, 'chrome-key.json');
    const res = await runCli(['conformance', '--from-har', path, '--report', `json=${report}`]);
    expect(res.code).toBe(1);
    for (const text of [res.stdout, res.stderr, readFileSync(report, 'utf8')]) expect(text).not.toContain('demo-premium');
  }, 30_000);
});

describe('hostile recordings', () => {
  it('bad entries are skipped with the entry and field named; nothing crashes', async () => {
    const path = join(dir, 'hostile.har');
    const good = chromeHar('https://api.example.test', mockAnswers('demo-premium')).log.entries[0];
    const entries: unknown[] = [
      good,
      null,
      { request: { method: 'GET', url: 'not a url' }, response: { status: 200 } },
      { request: { method: 'GET', url: 'https://x.test/v3/market_b/products' }, response: { status: 1e9 } },
      { request: { method: 'GET', url: 'https://x.test/v3/market_b/products', headers: [{ name: 'a b', value: 'x' }] }, response: { status: 200 } },
      { request: { method: 'GET', url: 'https://x.test/v3/market_b/products' }, response: { status: 200, headers: [{ name: 'x', value: 'a\r\nb' }] } },
      { request: { method: 'GET', url: 'https://x.test/v3/market_b/products' }, response: { status: 200, content: { text: 42 } } },
      { request: { method: 'GET', url: 'https://x.test/v3/market_b/products' }, response: { status: 200, content: { text: '%%%', encoding: 'base64' } } },
      { request: { method: 'GET', url: 'https://x.test/v3/market_b/products' } },
    ];
    writeFileSync(path, JSON.stringify({ log: { version: '1.2', entries } }));
    const problems: string[] = [];
    const read = readHarEntries(path, (p) => problems.push(p.message));
    expect(read.length).toBe(1);
    expect(problems).toEqual([
      'entry 1 skipped: /log/entries/1 must be object',
      'entry 2 skipped: /log/entries/2/request/url must be an absolute URL, got "not a url"',
      'entry 3 skipped: /log/entries/3/response/status must be <= 599 (an HTTP status; 0 when the recording holds no answer)',
      'entry 4 skipped: /log/entries/4/request/headers/0/name is not a header name: "a b"',
      'entry 5 skipped: /log/entries/5/response/headers/0/value holds CR, LF or NUL',
      'entry 6 skipped: /log/entries/6/response/content/text must be string',
      'entry 7 skipped: /log/entries/7/response/content/text is not base64 although content.encoding says so',
      "entry 8 skipped: /log/entries/8 must have required property 'response'",
    ]);
    const res = await runCli(['conformance', '--from-har', path]);
    expect(res.stderr).toMatch(/warning: --from-har: 8 entries of .* skipped:\n {2}entry 1 skipped: \/log\/entries\/1 /);
    expect(res.stderr).toContain('entry 2 skipped: /log/entries/2/request/url');
    expect(res.stderr).not.toMatch(/\n\s+at /); // no stack trace
    for (const text of ['{', '[]', '{"log":{}}', '']) {
      writeFileSync(path, text);
      const bad = await runCli(['conformance', '--from-har', path]);
      expect(bad.code, text).toBe(2);
      expect(bad.stderr).toMatch(/error: --from-har: .*(not JSON|not a HAR file)/);
    }
  }, 60_000);

  it('--tier names a caller of the recording; an unknown one is a usage error', async () => {
    const path = join(dir, 'firefox-tier.har');
    const har = firefoxHar('https://api.example.test', mockAnswers('demo-free'));
    writeFileSync(path, JSON.stringify(har));
    const { callers } = await judgeRecording({ path });
    expect(callers.map((c) => c.tier)).toEqual(['Free']);
    const retiered = await judgeRecording({ path, tiers: { [callers[0]?.caller as string]: 'Pro' } });
    expect(retiered.callers[0]?.tier).toBe('Pro');
    const res = await runCli(['conformance', '--from-har', path, '--tier', 'nobody=Pro']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/the recording has no caller "nobody"/);
  }, 30_000);
});
