/**
 * Traffic (issue 15): the validation proxy, recordings, replay and offline judging.
 * - the proxy in front of the clean mock flags nothing and changes no byte of any answer;
 * - in front of mutants it flags their answers (x-contract-violations > 0);
 * - a conformance run through the proxy with a recording passes; the recording replayed by the
 *   mock passes the same suite; judged offline (--from-har) it passes, and a recording of a
 *   mutant fails;
 * - no key appears in any recording, line or report, also when the upstream echoes it;
 * - an unreachable upstream is a 502 problem.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_ONLY_CHECKS, runConformance, toJson } from '../../conformance/index.js';
import { loadHar, startProxy } from '../../traffic/index.js';
import { createMockServer } from '../../mocks/index.js';
import { NOW } from '../helpers/mock.js';
import { stopServer } from '../helpers/servers.js';
import { rawRequest } from '../helpers/raw-http.js';

const PAID = 'PAID-KEY-7f3e9a1c55';
const FREE = 'FREE-KEY-2b8d4e6f00';
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

async function mock(options: { mutant?: string } = {}): Promise<string> {
  const { server, url } = await createMockServer({ now: NOW, products: 300, seed: 'traffic', keys: { [PAID]: 'Pro', [FREE]: 'Free' }, ...options }).listen();
  closers.push(() => stopServer(server));
  return url;
}

async function proxy(upstream: string, record?: string): Promise<{ url: string; lines: string[]; close: () => Promise<import('../../conformance/index.js').Report> }> {
  const lines: string[] = [];
  const p = await startProxy({ upstream, record, onLine: (l) => lines.push(l) });
  let closed = false;
  const close = async () => {
    closed = true;
    return p.close();
  };
  closers.push(async () => (closed ? undefined : p.close()));
  return { url: p.url, lines, close };
}

const judge = (baseUrl: string, extra: Partial<Parameters<typeof runConformance>[0]> = {}) => runConformance({ baseUrl, apiKey: PAID, freeKey: FREE, rateLimit: 0, ...extra });
const tmp = (name: string): string => join(mkdtempSync(join(tmpdir(), 'traffic-')), name);

const SAMPLE = ['/v3/market_a/products?query=jordan&limit=5', '/v3/market_b/products?query=nike', '/v3/market_a/products?limit=0', '/v3/market_b/products/no-such-product', '/', '/schemas/ProblemDetails.json'];

describe('validation proxy', () => {
  it('in front of the clean mock: every answer byte for byte, no violation', async () => {
    const upstream = await mock();
    const p = await proxy(upstream);
    for (const path of SAMPLE) {
      const direct = await fetch(upstream + path, { headers: { authorization: PAID } });
      const via = await fetch(p.url + path, { headers: { authorization: PAID } });
      expect(via.status, path).toBe(direct.status);
      expect(Buffer.from(await via.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer())), path).toBe(true);
      expect(via.headers.get('x-contract-violations'), path).toBe('0');
      expect(via.headers.get('content-type')).toBe(direct.headers.get('content-type'));
      expect(via.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect(p.lines).toEqual([]);
    // HEAD: the upstream's status and no body, and nothing judged.
    const head = await fetch(`${p.url}/v3/market_b/products?query=nike`, { method: 'HEAD', headers: { authorization: PAID } });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-contract-violations')).toBe('unjudged');
    expect(p.lines).toEqual([]);
  });

  // Newcomer probe (round 4): a conformance run through the proxy gave 32 key-type-headers violations, all on 405s to write methods.
  it('a whole conformance run through the proxy in front of the clean mock: no violation', async () => {
    const p = await proxy(await mock());
    const run = await judge(p.url);
    expect(run.summary.verdict).toBe('pass');
    expect(p.lines.filter((l) => l.startsWith('VIOLATION'))).toEqual([]);
  }, 120_000);

  it.each([
    ['rank-as-string', '/v3/market_a/products?query=jordan', /response-schema/],
    ['b2-no-variants', '/v3/market_b/products?query=nike', /./],
    ['errors-not-problem', '/v3/market_b/products/no-such-product', /problem-details/],
    ['text-content-type', '/v3/market_b/products?query=nike', /content-type/],
  ])('in front of mutant %s: flags its answers', async (mutant, path, check) => {
    const p = await proxy(await mock({ mutant }));
    let target = path;
    if (mutant === 'b2-no-variants') {
      const found = (await (await fetch(p.url + path, { headers: { authorization: PAID } })).json()) as { data: { id: number }[] };
      target = `/v3/market_b/products/${found.data[0]?.id}`;
    }
    const res = await fetch(p.url + target, { headers: { authorization: PAID } });
    await res.arrayBuffer();
    expect(Number(res.headers.get('x-contract-violations'))).toBeGreaterThan(0);
    expect(p.lines.join('\n')).toMatch(check);
    expect(p.lines.join('\n')).toMatch(/^VIOLATION /m);
  });

  it('an unreachable upstream is a 502 problem', async () => {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
    const port = (s.address() as { port: number }).port;
    await new Promise<void>((r) => s.close(() => r()));
    const p = await proxy(`http://127.0.0.1:${port}`);
    const res = await fetch(`${p.url}/v3/market_b/products`);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(((await res.json()) as { detail: string }).detail).toMatch(/cannot be reached/);
  });
});

describe('validation proxy, hostile requests', () => {
  it.each(['http://[::1/x', 'http://[', '//', '*'])('target %j: a 400 problem, and the proxy keeps serving', async (target) => {
    const p = await proxy(await mock());
    const res = await rawRequest(Number(new URL(p.url).port), `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect((await fetch(`${p.url}/v3/market_b/products?limit=1`, { headers: { authorization: PAID } })).status).toBe(200);
  });
});

describe('validation proxy, slow upstream', () => {
  it('an upstream that does not answer in time is a 504 problem', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    closers.push(() => stopServer(silent));
    const lines: string[] = [];
    const p = await startProxy({ upstream: `http://127.0.0.1:${(silent.address() as { port: number }).port}`, timeoutMs: 300, onLine: (l) => lines.push(l) });
    closers.push(() => p.close());
    const res = await fetch(`${p.url}/v3/market_b/products`);
    expect(res.status).toBe(504);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/did not answer within 300 ms/);
  });
});

describe('record, replay, judge offline', () => {
  it('a run through the proxy is recorded; the replay and the recording pass the same suite; a mutant recording fails', async () => {
    const har = tmp('clean.har');
    const p = await proxy(await mock(), har);
    const live = await judge(p.url);
    expect(live.summary.verdict).toBe('pass');
    const proxied = await p.close();
    expect(proxied.summary.mustFailed).toBe(0);
    const text = readFileSync(har, 'utf8');
    expect(text).not.toContain(PAID);
    expect(text).not.toContain(FREE);
    const recording = loadHar(har);
    // Every request, the suite's HEADs (head-like-get: one per search operation) included: the
    // recording holds every exchange (outside attacker, finding 15; a replay answers a HEAD from
    // its recorded HEAD, else from the recorded GET).
    expect(recording.har.log.entries.length).toBe(live.requests);
    expect(recording.har.log.entries.filter((e) => e.request.method === 'HEAD')).toHaveLength(2);
    // Tiers told apart without the keys: four callers (paid, free, none, and auth-required's key no server issued).
    expect(new Set(recording.har.log.entries.map((e) => e._resaleKitCaller)).size).toBe(4);

    // Replayed by the mock (the seeded world behind it is of another seed: only the recording answers).
    const { server, url } = await createMockServer({ now: NOW, products: 50, seed: 'other', keys: { [PAID]: 'Pro', [FREE]: 'Free' }, replay: recording }).listen();
    closers.push(() => stopServer(server));
    const replayed = await judge(url);
    expect(replayed.summary.verdict).toBe('pass');
    const unrecorded = await fetch(`${url}/v3/market_b/products?query=never-asked`, { headers: { authorization: PAID } });
    expect(unrecorded.status).toBe(404);
    expect(((await unrecorded.json()) as { detail: string }).detail).toMatch(/No answer is recorded for GET \/v3\/market_b\/products/);

    // --replay-fallback: an unrecorded request is answered by the seeded world instead.
    const fallback = await createMockServer({ now: NOW, products: 50, seed: 'other', replay: recording, replayFallback: true }).listen();
    closers.push(() => stopServer(fallback.server));
    expect((await fetch(`${fallback.url}/v3/market_b/products?query=never-asked`, { headers: { authorization: 'demo-free' } })).status).toBe(200);

    // Judged offline: the same verdicts as live.
    const offline = await judge('http://127.0.0.1:9', { replay: recording });
    expect(offline.summary.verdict).toBe('pass');
    // The checks of HTTP semantics (other methods, HEAD, conditional requests) are judged live only.
    const judgedLive = (r: { check: string }): boolean => !LIVE_ONLY_CHECKS.includes(r.check);
    expect(offline.results.map((r) => `${r.check} ${r.operation} ${r.outcome}`)).toEqual(live.results.filter(judgedLive).map((r) => `${r.check} ${r.operation} ${r.outcome}`));

    // A recording of a mutant fails offline.
    const badHar = tmp('mutant.har');
    const bad = await proxy(await mock({ mutant: 'b2-no-variants' }), badHar);
    await judge(bad.url);
    await bad.close();
    const badOffline = await judge('http://127.0.0.1:9', { replay: loadHar(badHar) });
    expect(badOffline.summary.verdict).toBe('fail');
    expect(badOffline.results.some((r) => r.check === 'b2-variants' && r.outcome === 'fail')).toBe(true);
  }, 120_000);

  it('requests a recording does not hold make their checks skip, with that reason', async () => {
    const har = tmp('partial.har');
    const p = await proxy(await mock(), har);
    await fetch(`${p.url}/v3/market_a/products?query=jordan&limit=10`, { headers: { authorization: `Bearer ${PAID}` } });
    await p.close();
    const report = await judge('http://127.0.0.1:9', { replay: loadHar(har) });
    expect(report.summary.verdict).toBe('inconclusive');
    expect(report.results.some((r) => r.outcome === 'skip' && /not in the recording/.test(r.message))).toBe(true);
  }, 60_000);

  it('a key the upstream echoes is in no recording, line or report', async () => {
    const echo: Server = createServer((req, res) => {
      const body = JSON.stringify({ title: 'Unauthorized', status: 401, detail: `key ${req.headers.authorization} rejected, \\u0050${PAID.slice(1)}` });
      res.writeHead(401, { 'content-type': 'application/problem+json', 'x-echo': String(req.headers.authorization) }).end(body);
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', () => r()));
    closers.push(() => stopServer(echo));
    const har = tmp('echo.har');
    const p = await proxy(`http://127.0.0.1:${(echo.address() as { port: number }).port}`, har);
    await (await fetch(`${p.url}/v3/market_b/products/12/sales`, { headers: { authorization: `Bearer ${PAID}` } })).arrayBuffer();
    const report = await p.close();
    for (const text of [readFileSync(har, 'utf8'), p.lines.join('\n'), toJson(report)]) {
      expect(text).not.toContain(PAID);
      expect(text).not.toContain(PAID.slice(1, 12));
    }
  });
});

// Outside attacker, round 4: `proxy --upstream file:///x` was refused as "--base-url must be ...", a flag the proxy has not.
describe('startProxy refuses an upstream that is no http(s) origin, naming --upstream', () => {
  it.each(['file:///etc/passwd', 'ftp://127.0.0.1/x', 'not a url', 'http://user:pa/ss@127.0.0.1:1'])('%s', async (upstream) => {
    const refusal = await startProxy({ upstream }).then(
      (p) => {
        void p.close();
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(refusal).toMatch(/^--upstream /);
    expect(refusal).not.toMatch(/--base-url|pa\/ss/);
  });
});
