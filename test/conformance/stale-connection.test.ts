/**
 * A kept-alive connection the server has already closed (vendor probe, round 4: 38 of 45 runs on
 * a loaded host reported `ECONNRESET: socket hang up` findings the servers never caused). The
 * suite's client sends such a request once more on a fresh connection; a server that resets
 * every fresh connection too is still reported.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, resolveConformanceOptions } from '../../conformance/index.js';
import { rawServer } from '../helpers/traffic.js';

const OK = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"data":[]}';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

/** A server that answers the first request of each connection and resets the connection on its second (`resetAll`: on every request). */
async function server(resetAll = false): Promise<{ url: string; connections: () => number }> {
  const seen = new WeakMap<object, number>();
  const s = await rawServer((_head, socket) => {
    const n = (seen.get(socket) ?? 0) + 1;
    seen.set(socket, n);
    if (resetAll || n > 1) socket.resetAndDestroy();
    else socket.write(OK);
  });
  closers.push(s.close);
  return s;
}

const clientOf = (url: string): ApiClient => new ApiClient(resolveConformanceOptions({ baseUrl: url, rateLimit: 0, timeoutMs: 5000 }, ['transport']));

describe('a stale kept-alive connection', () => {
  it('is not a finding: the request is sent again on a fresh connection', async () => {
    const s = await server();
    const client = clientOf(s.url);
    try {
      const first = await client.request('', '/v3/market_a/products?query=a', 'GET', 'none');
      const second = await client.request('', '/v3/market_a/products?query=b', 'GET', 'none');
      expect(first.status).toBe(200);
      expect(second.error).toBeUndefined();
      expect(second.status).toBe(200);
      expect(s.connections()).toBe(2);
    } finally {
      client.close();
    }
  });

  it('a server that resets every connection is still reported, after one more try at most', async () => {
    const s = await server(true);
    const client = clientOf(s.url);
    try {
      const ex = await client.request('', '/v3/market_a/products?query=a', 'GET', 'none');
      expect(ex.status).toBeUndefined();
      expect(ex.error).toMatch(/ECONNRESET/);
      expect(s.connections()).toBeLessThanOrEqual(2);
    } finally {
      client.close();
    }
  });
});
