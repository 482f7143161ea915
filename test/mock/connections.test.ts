/**
 * Connections (issue 29, class C): what a client invents or withholds does not grow the mock's
 * memory without bound.
 * - Six clients that each pipeline 2,000 requests on one connection and never read an answer:
 *   the mock stops reading a connection while its unread answers exceed a bound
 *   (contract/connections.ts, used by mocks/http/server.ts), so its memory grows by a bounded
 *   amount, every request of theirs is still answered in order once they read, and a legitimate
 *   request on another connection is answered.
 * - 50,000 requests with random 1 KB API keys: no store of the mock keeps an invented key (the
 *   rate limiter holds one window per configured key plus one anonymous window).
 * The spawned mock is the built one (dist/), with its response cache off so that what is
 * measured is the connections, not the cache's own (bounded) memory. Memory is read after a full
 * garbage collection (see GC_PROBE); no timing is asserted beyond generous "answers within N s".
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { request, Agent } from 'node:http';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, listeningUrl } from '../helpers/cli.js';
import { openSocket, pipeline } from '../helpers/pipeline.js';
import { createMockCore } from '../../mocks/index.js';
import { ANONYMOUS, RateLimiter } from '../../mocks/http/rate-limit.js';

let child: ChildProcessByStdio<null, Readable, Readable>;
let url = '';
let port = 0;

/**
 * Loaded into the mock's process (`--import`, with `--expose-gc`): on SIGUSR2 it runs a full
 * garbage collection and prints the process's memory, so the test reads what is retained, not
 * garbage a later collection would free.
 */
const GC_PROBE = `process.on('SIGUSR2', () => { globalThis.gc(); process.stderr.write('MEMORY ' + JSON.stringify(process.memoryUsage()) + '\\n'); });`;
let stderr = '';

beforeAll(async () => {
  child = spawn(
    process.execPath,
    ['--expose-gc', '--import', `data:text/javascript,${encodeURIComponent(GC_PROBE)}`, BIN, 'mock', '--port', '0', '--host', '127.0.0.1', '--products', '2000', '--now', '2026-01-15', '--response-cache', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  ({ url } = await listeningUrl(child, 60_000));
  port = Number(new URL(url).port);
}, 90_000);
afterAll(() => {
  child?.kill('SIGKILL');
});

/** Memory figures of the mock after a full garbage collection, in bytes (`process.memoryUsage()`). */
interface Retained {
  rss: number;
  heapUsed: number;
  /** Memory of Buffers and other objects outside the V8 heap (answers held for a socket are here). */
  external: number;
}

/**
 * The mock's memory after a full garbage collection. `heapUsed + external` is what it keeps;
 * RSS after a collection still moves by tens of MiB with the allocator's and V8's page reuse
 * (measured here: two runs of the same load, +35 MiB then -61 MiB), so it is printed, not judged.
 */
async function retained(): Promise<Retained> {
  const seen = stderr.length;
  child.kill('SIGUSR2');
  const end = Date.now() + 10_000;
  for (;;) {
    const line = /MEMORY (\{[^\n]*\})/.exec(stderr.slice(seen));
    if (line) return JSON.parse(line[1] as string) as Retained;
    if (Date.now() > end) throw new Error(`the mock printed no memory figures: ${stderr.slice(seen, seen + 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
const kept = (m: Retained): number => m.heapUsed + m.external;

/** One GET on a fresh connection: the status, or 0 when nothing answers within `timeoutMs`. */
function status(path: string, authorization = 'demo-free', timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { agent: false, headers: { authorization, connection: 'close' }, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** A large answer (a page of 100 products, about 250 KB), different for every `n` so no two answers share bytes. */
const bigGet = (n: number): string => `GET /v3/market_a/products?limit=100&page=${(n % 20) + 1}&n=${n} HTTP/1.1\r\nhost: mock\r\nauthorization: demo-premium\r\n\r\n`;

describe('clients that pipeline and never read (issue 29)', () => {
  it('six clients pipelining 2,000 requests each and reading nothing grow the mock by a bounded amount; a legitimate request is answered', async () => {
    // Warm up: every code path and page once, so what follows measures only the held connections.
    expect(
      await pipeline(
        port,
        Array.from({ length: 40 }, (_, i) => bigGet(i)),
        40,
        'x-key-type',
      ),
    ).toHaveLength(40);
    const before = await retained();
    const greedy: Socket[] = [];
    for (let c = 0; c < 6; c++) {
      const s = await openSocket(port);
      s.on('error', () => undefined);
      s.pause(); // never read
      s.write(Array.from({ length: 2000 }, (_, i) => bigGet(c * 2000 + i)).join(''));
      greedy.push(s);
    }
    // Let the mock read and answer what it will.
    await new Promise((r) => setTimeout(r, 3000));
    const held = await retained();
    const grown = kept(held) - kept(before);
    console.log(`mock after a full GC: heap+external ${mib(kept(before))} MiB (RSS ${mib(before.rss)}) before, ${mib(kept(held))} MiB (RSS ${mib(held.rss)}) with 6 x 2,000 unread pipelined answers (+${mib(grown)} MiB)`);
    // Measured here (heap + external after a full GC): +67 MiB before the gate, and a legitimate
    // request on another connection got no answer within 10 s; +13 MiB with it (1 MiB of answers
    // per connection, and the parsed requests of one read each).
    expect(grown).toBeLessThan(30 * 2 ** 20);
    expect(await status('/v3/market_b/products?limit=1')).toBe(200);
    for (const s of greedy) s.destroy();
  }, 120_000);

  it('one connection of 1,500 pipelined `Prefer: delay=60000` requests grows the mock by a bounded amount, freed when the client leaves (finding 11)', async () => {
    const before = await retained();
    const s = await openSocket(port);
    s.on('error', () => undefined);
    s.write(Array.from({ length: 1500 }, (_, i) => bigGet(50_000 + i).replace('\r\n\r\n', '\r\nprefer: delay=60000\r\n\r\n')).join(''));
    await new Promise((r) => setTimeout(r, 5000));
    const held = await retained();
    s.destroy();
    await new Promise((r) => setTimeout(r, 1000));
    const after = await retained();
    console.log(`mock after a full GC: heap+external ${mib(kept(before))} MiB before, ${mib(kept(held))} MiB with 1,500 delayed answers pipelined on one connection, ${mib(kept(after))} MiB after the client left`);
    // Measured by the attacker before the gate: RSS +636 MB in 30 s, kept after the client left.
    expect(kept(held) - kept(before)).toBeLessThan(30 * 2 ** 20);
    expect(kept(after) - kept(before)).toBeLessThan(10 * 2 ** 20);
    expect(await status('/v3/market_b/products?limit=1')).toBe(200);
  }, 120_000);

  it('a client that pipelines 2,000 requests and then reads gets every answer, in order', async () => {
    const paths = Array.from({ length: 2000 }, (_, i) => `/v3/market_b/products?limit=20&page=${(i % 20) + 1}&n=${i}`);
    const answers = await pipeline(
      port,
      paths.map((p) => `GET ${p} HTTP/1.1\r\nhost: mock\r\nauthorization: demo-premium\r\n\r\n`),
      paths.length,
      'x-quota-current',
      60_000,
    );
    expect(answers).toHaveLength(2000);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // The quota counter of one key rises by one per answer: the answers came back in order.
    const quotas = answers.map((a) => Number(a.tag));
    expect(quotas.every((q, i) => i === 0 || q === (quotas[i - 1] as number) + 1)).toBe(true);
  }, 120_000);
});

describe('invented keys (issue 29, round 2 guarantee)', () => {
  it('50,000 requests with random 1 KB keys leave no window in the rate limiter but the anonymous one', () => {
    const core = createMockCore({ products: 50, now: Date.parse('2026-01-15T00:00:00Z'), rateLimit: { count: 1_000_000, windowMs: 60_000 } });
    const limiter = new RateLimiter({ count: 1_000_000, windowMs: 60_000 }, () => 0);
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let seed = 29;
    const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const key = (): string => Array.from({ length: 1024 }, () => chars[Math.floor(random() * chars.length)]).join('');
    let unauthorized = 0;
    for (let i = 0; i < 50_000; i++) {
      const request = { method: 'GET', url: `/v3/market_b/products?limit=1&i=${i % 7}`, headers: { authorization: key() } };
      // The caller the limiter (memory, cluster or Redis) is given: never the invented key.
      const caller = core.limitCaller(request);
      expect(caller).toBe(ANONYMOUS);
      limiter.take(caller as string);
      if (core.respond(request).status === 401) unauthorized++;
    }
    expect(unauthorized).toBe(50_000);
    expect(limiter.size).toBe(1);
    // A configured key has its own window, and only that.
    limiter.take(core.limitCaller({ method: 'GET', url: '/v3/market_b/products?limit=1', headers: { authorization: 'demo-free' } }) as string);
    expect(limiter.size).toBe(2);
  }, 120_000);

  it('the spawned mock is no larger after 50,000 requests with random 1 KB keys than after as many with one 1 KB key', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const keyOf = (i: number): string => `${Array.from({ length: 1024 }, (_, j) => chars[(i * 31 + j * 7 + ((i * j) % 13)) % chars.length]).join('')}${i}`;
    const send = (key: string): Promise<number> =>
      new Promise((resolve) => {
        const req = request(`${url}/v3/market_b/products?limit=1`, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', () => resolve(0));
        req.end();
      });
    const run = async (from: number, to: number, key: (i: number) => string): Promise<void> => {
      for (let i = from; i < to; i += 64) {
        const statuses = await Promise.all(Array.from({ length: Math.min(64, to - i) }, (_, j) => send(key(i + j))));
        expect(statuses.every((s) => s === 401)).toBe(true);
      }
    };
    // The same load with one invented key first: the heap grows to its working size for it.
    const one = keyOf(-1);
    await run(0, 50_000, () => one);
    const afterOne = await retained();
    await run(0, 50_000, keyOf);
    const afterRandom = await retained();
    agent.destroy();
    console.log(
      `mock after a full GC: after 50,000 requests with one 1 KB key heap+external ${mib(kept(afterOne))} MiB, RSS ${mib(afterOne.rss)} MiB; after 50,000 more with random 1 KB keys heap+external ${mib(kept(afterRandom))} MiB, RSS ${mib(afterRandom.rss)} MiB`,
    );
    // Kept at ~690 bytes each, 50,000 invented keys would be +33 MB of heap.
    expect(kept(afterRandom) - kept(afterOne)).toBeLessThan(4 * 2 ** 20);
  }, 240_000);
});
