/**
 * `key-type-headers` judges the answers to the write methods too (round 4 left-over: the proxy
 * judged them, the live suite did not). A server that drops `X-Key-Type` and `X-Quota-Current`
 * only from its 405s (production note, Credentials: every response carries them) fails the check;
 * the mock passes; with `--no-write-methods` nothing of the kind is sent or judged.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { listenLoopback, listeningMock, stopServer } from '../helpers/servers.js';

let mock: Awaited<ReturnType<typeof listeningMock>>;
let front: ReturnType<typeof createServer>;
let frontUrl: string;

/** Forwards every request to the mock; drops the two key headers from its 405 answers. */
function stripping405(target: string): ReturnType<typeof createServer> {
  return createServer((req, res) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers as IncomingHttpHeaders)) if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value;
    fetch(new URL(req.url ?? '/', target), { method: req.method ?? 'GET', headers })
      .then(async (up) => {
        const body = Buffer.from(await up.arrayBuffer());
        const out: Record<string, string> = {};
        up.headers.forEach((value, name) => {
          if (name === 'content-encoding' || name === 'transfer-encoding' || name === 'connection' || name === 'keep-alive') return;
          if (up.status === 405 && (name === 'x-key-type' || name === 'x-quota-current')) return;
          out[name] = value;
        });
        out['content-length'] = String(body.length);
        res.writeHead(up.status, out).end(req.method === 'HEAD' ? undefined : body);
      })
      .catch(() => res.writeHead(502).end());
  });
}

beforeAll(async () => {
  mock = await listeningMock({ seed: 'key-type-405' });
  front = stripping405(mock.url);
  frontUrl = await listenLoopback(front);
}, 60_000);
afterAll(async () => {
  await stopServer(front);
  await mock.close();
});

const options = { apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0, checks: ['key-type-headers'] };

describe('key-type-headers on the answers to write methods', () => {
  it('the mock: every 405 carries both headers, and four more answers per operation are judged', async () => {
    /** Answers judged per operation: the passing rows are summed up, "(N responses judged)". */
    const judged = async (writeMethods: boolean): Promise<Map<string, number>> => {
      const r = await runConformance({ ...options, baseUrl: mock.url, writeMethods });
      const rows = r.results.filter((x) => x.check === 'key-type-headers');
      expect(rows.filter((x) => x.outcome === 'fail').map((x) => x.message)).toEqual([]);
      return new Map(rows.map((x) => [x.operation, Number(/\((\d+) responses judged\)/.exec(x.message)?.[1] ?? 1)]));
    };
    const withWrites = await judged(true);
    const without = await judged(false);
    expect(withWrites.size).toBe(8);
    for (const [op, n] of withWrites) expect(n - (without.get(op) ?? 0), op).toBe(4);
  }, 120_000);

  it('a server that drops them only from its 405s fails, once per operation and method', async () => {
    const r = await runConformance({ ...options, baseUrl: frontUrl });
    const failed = r.results.filter((x) => x.check === 'key-type-headers' && x.outcome === 'fail');
    expect(failed.length).toBe(32);
    expect(new Set(failed.map((x) => x.operation)).size).toBe(8);
    expect(failed[0]?.message).toMatch(/^the (POST|PUT|PATCH|DELETE) 405 answer has no X-Key-Type header$/);
  }, 120_000);

  it('--no-write-methods: no write method is sent, none is judged', async () => {
    const r = await runConformance({ ...options, baseUrl: frontUrl, writeMethods: false });
    const rows = r.results.filter((x) => x.check === 'key-type-headers');
    expect(rows.filter((x) => x.outcome === 'fail')).toEqual([]);
    expect(rows.some((x) => x.request !== undefined && x.request.method !== 'GET')).toBe(false);
  }, 120_000);
});
