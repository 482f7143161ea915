/**
 * Connections held open (finding 19 of test/outside/attack-findings.md, class C of
 * docs/threat-model.md): one client that opens hundreds of connections and sends half a request
 * on each used every file descriptor of the mock and of the proxy, and every other request was
 * reset. Both listeners now cap connections per remote address and in all, and drop a client
 * that does not finish a request's head within 10 s (contract/connections.ts `boundConnections`,
 * `listenerOptions`). The greedy client connects from 127.0.0.2 (Linux routes 127.0.0.0/8 to
 * loopback), the legitimate one from 127.0.0.1.
 */
import { connect, type Socket } from 'node:net';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningMock } from '../helpers/servers.js';
import { LISTENER_BOUNDS } from '../../contract/index.js';
import { lineProxy } from '../helpers/traffic.js';

let mock: Awaited<ReturnType<typeof listeningMock>>;
let proxy: Awaited<ReturnType<typeof lineProxy>>;

beforeAll(async () => {
  mock = await listeningMock({ products: 50 });
  proxy = await lineProxy({ upstream: mock.url, timeoutMs: 10_000 });
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await mock?.close();
});

/** Opens `n` connections from `localAddress` that each send half a request head; resolves with them once each is connected or closed. */
async function halfSent(port: number, n: number, localAddress: string): Promise<{ sockets: Socket[]; open: () => number }> {
  const sockets: Socket[] = [];
  const closed = new Set<Socket>();
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<void>((resolve) => {
          const s = connect({ port, host: '127.0.0.1', localAddress });
          sockets.push(s);
          s.on('error', () => undefined);
          // Read what the server sends (a 408), so its close is seen.
          s.resume();
          s.on('close', () => {
            closed.add(s);
            resolve();
          });
          s.on('connect', () => {
            s.write('GET /v3/market_b/products HTTP/1.1\r\nHost: a\r\n');
            resolve();
          });
        }),
    ),
  );
  // Let the server see (and refuse) every connection.
  await new Promise((r) => setTimeout(r, 500));
  return { sockets, open: () => sockets.filter((s) => !closed.has(s) && !s.destroyed).length };
}

/** A legitimate GET from 127.0.0.1: its status, or the error's code. */
function legit(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const r = request(`${url}/v3/market_b/products?limit=1`, { headers: { authorization: 'Bearer demo-premium' }, localAddress: '127.0.0.1', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    r.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    r.setTimeout(10_000, () => r.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    r.end();
  });
}

describe.each([
  ['the mock', () => mock.url],
  ['the proxy', () => proxy.url],
])('%s bounds the connections one client holds (finding 19)', (_name, urlOf) => {
  it(`keeps at most ${LISTENER_BOUNDS.maxPerAddress} connections from one address, and answers another address meanwhile`, async () => {
    const port = Number(new URL(urlOf()).port);
    const greedy = await halfSent(port, LISTENER_BOUNDS.maxPerAddress + 60, '127.0.0.2');
    try {
      expect(greedy.open()).toBeLessThanOrEqual(LISTENER_BOUNDS.maxPerAddress);
      expect(greedy.open()).toBeGreaterThan(LISTENER_BOUNDS.maxPerAddress / 2);
      expect(await legit(urlOf())).toBe(200);
    } finally {
      for (const s of greedy.sockets) s.destroy();
    }
  }, 60_000);

  it(`drops a connection whose request head does not arrive within ${LISTENER_BOUNDS.headersTimeoutMs / 1000} s`, async () => {
    const port = Number(new URL(urlOf()).port);
    const slow = await halfSent(port, 3, '127.0.0.1');
    const startedOpen = slow.open();
    // Node's default would hold them 60 s (checked every 30 s); the bound is 10 s checked every second.
    await new Promise((r) => setTimeout(r, LISTENER_BOUNDS.headersTimeoutMs + 5_000));
    expect(startedOpen).toBe(3);
    expect(slow.open()).toBe(0);
    for (const s of slow.sockets) s.destroy();
  }, 60_000);
});
