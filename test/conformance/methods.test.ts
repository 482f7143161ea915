/**
 * The read-only API's HTTP semantics (§1, RFC 9110): the suite sends POST, PUT, PATCH and DELETE
 * to every operation (no body, ids that cannot exist) and HEAD to the searches; the mock passes;
 * a server that accepts a write fails at must level, one that refuses without 405 and Allow at
 * should level, one whose HEAD carries a body at should level; `--no-write-methods` sends none.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { createMockServer } from '../../mocks/index.js';

const NOW = Date.UTC(2026, 10, 20);
const closers: { close: () => void }[] = [];
afterAll(() => {
  for (const c of closers) c.close();
});

/** The mock behind a wrapper that may answer some requests itself (a defect of the server under test). */
async function serverWith(defect: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<string> {
  const mock = createMockServer({ products: 200, now: NOW, port: 0 });
  const server = createServer((req, res) => {
    if (!defect(req, res)) mock.handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(server);
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const CHECKS = ['read-only-methods', 'method-not-allowed', 'head-like-get'];

async function judge(url: string, extra: { writeMethods?: boolean } = {}) {
  const r = await runConformance({ baseUrl: url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0, checks: CHECKS, ...extra });
  const of = (id: string) => r.results.filter((x) => x.check === id);
  return { r, of, failed: (id: string) => of(id).some((x) => x.outcome === 'fail') };
}

describe('read-only methods', () => {
  it('the mock passes all three, and every write method was sent to every operation with no body', async () => {
    const seen: { method: string; length: string | undefined; url: string }[] = [];
    const url = await serverWith((req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') seen.push({ method: req.method ?? '', length: req.headers['content-length'], url: req.url ?? '' });
      return false;
    });
    const { r, failed, of } = await judge(url);
    for (const id of CHECKS) {
      expect(failed(id), id).toBe(false);
      expect(
        of(id).some((x) => x.outcome === 'pass'),
        id,
      ).toBe(true);
    }
    expect(r.summary.verdict).toBe('pass');
    expect(seen).toHaveLength(8 * 4);
    expect(new Set(seen.map((s) => s.method))).toEqual(new Set(['POST', 'PUT', 'PATCH', 'DELETE']));
    for (const s of seen) expect(s.length ?? '0').toBe('0');
  }, 60_000);

  it('a server that answers DELETE with 200 fails read-only-methods at must level', async () => {
    const url = await serverWith((req, res) => {
      if (req.method !== 'DELETE') return false;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":null}');
      return true;
    });
    const { r, of } = await judge(url);
    const failures = of('read-only-methods').filter((x) => x.outcome === 'fail');
    expect(failures.length).toBe(8);
    expect(failures.every((x) => x.level === 'must')).toBe(true);
    expect(r.summary.verdict).toBe('fail');
  }, 60_000);

  it('a refusal without 405, or without Allow, fails method-not-allowed at should level', async () => {
    const url = await serverWith((req, res) => {
      if (req.method === 'GET' || req.method === 'HEAD') return false;
      res.writeHead(req.method === 'POST' ? 404 : 405, { 'content-type': 'application/problem+json' }).end('{"title":"no","status":405,"detail":"no"}');
      return true;
    });
    const { r, of } = await judge(url);
    const failures = of('method-not-allowed').filter((x) => x.outcome === 'fail');
    expect(failures.length).toBe(8 * 4);
    expect(failures.every((x) => x.level === 'should')).toBe(true);
    expect(of('read-only-methods').some((x) => x.outcome === 'fail')).toBe(false);
    expect(r.summary.verdict).toBe('pass');
  }, 60_000);

  it('a HEAD refused with 405 fails head-like-get (HEAD is supported wherever GET is)', async () => {
    const refusing = await serverWith((req, res) => {
      if (req.method !== 'HEAD') return false;
      res.writeHead(405, { allow: 'GET' }).end();
      return true;
    });
    const bad = await judge(refusing);
    expect(bad.failed('head-like-get')).toBe(true);
    expect(bad.of('head-like-get').every((x) => x.outcome !== 'fail' || x.level === 'should')).toBe(true);
  }, 60_000);

  it('--no-write-methods (writeMethods: false) sends no write method and does not run the two checks', async () => {
    const seen: string[] = [];
    const url = await serverWith((req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') seen.push(req.method ?? '');
      return false;
    });
    const { r, of } = await judge(url, { writeMethods: false });
    expect(seen).toEqual([]);
    expect(of('read-only-methods')).toEqual([]);
    expect(of('method-not-allowed')).toEqual([]);
    expect(r.summary.verdict).toBe('pass');
  }, 60_000);
});

describe('caching: ETag, 304, Cache-Control', () => {
  it('the mock sends ETag and Cache-Control on 200 answers, 304 without a body to a matching If-None-Match, 200 to another', async () => {
    const { url, server } = await createMockServer({ products: 100, now: NOW }).listen();
    closers.push(server);
    const api = `${url}/v3/market_b/products?query=nike`;
    const first = await fetch(api, { headers: { authorization: 'demo-free' } });
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[0-9a-f]{16}-[0-9a-z]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await fetch(api, { headers: { authorization: 'demo-free', 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const weak = await fetch(api, { headers: { authorization: 'demo-free', 'if-none-match': `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const other = await fetch(api, { headers: { authorization: 'demo-free', 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
    const otherQuery = await fetch(`${url}/v3/market_b/products?query=adidas`, { headers: { authorization: 'demo-free' } });
    expect(otherQuery.headers.get('etag')).not.toBe(etag);
  });

  it('conditional-get passes on the mock and fails on the mutant etag-ignored', async () => {
    const good = await createMockServer({ products: 100, now: NOW }).listen();
    const bad = await createMockServer({ products: 100, now: NOW, mutant: 'etag-ignored' }).listen();
    closers.push(good.server, bad.server);
    const ok = await runConformance({ baseUrl: good.url, apiKey: 'demo-premium', rateLimit: 0, checks: ['conditional-get'] });
    expect(ok.results.filter((x) => x.check === 'conditional-get').map((x) => x.outcome)).toEqual(['pass', 'pass']);
    const ko = await runConformance({ baseUrl: bad.url, apiKey: 'demo-premium', rateLimit: 0, checks: ['conditional-get'] });
    const failed = ko.results.filter((x) => x.check === 'conditional-get' && x.outcome === 'fail');
    expect(failed).toHaveLength(2);
    expect(failed.every((x) => x.level === 'should')).toBe(true);
  }, 60_000);
});
