/**
 * `--rate-limit-store redis://...` (issue 22): replicas share one rate limit through a real
 * Redis (Debian's `redis-server`, started here on a free loopback port without persistence and
 * stopped after). Two separate mock processes, as two replicas would be:
 * - exactly 10 of 30 requests of one key are answered between them, and the anonymous bucket is
 *   one bucket for both;
 * - Redis's keys are the callers seen, hashed, each expiring with its window (bounded);
 * - Redis stopped: each process keeps answering and counts alone in memory (logged once);
 *   Redis back: they count in Redis again, exactly.
 * Skipped, with the reason in its name, only where `redis-server` is not installed (CI installs it).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, listeningUrl } from '../helpers/cli.js';
import { guardedLimiter, keyPrefixOf, storeKeyOf } from '../../mocks/http/limit-stores.js';
import { ANONYMOUS } from '../../mocks/http/rate-limit.js';
import { OptionError, parseRateLimitStore, resolveMockOptions } from '../../mocks/index.js';
import { skipNote } from '../helpers/skip-reporter.js';

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
const PREFIX = keyPrefixOf({ count: 10, windowMs: 60_000 });

/** A free loopback port (bound, read, released). */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Starts redis-server on the port and resolves once it accepts connections. */
function startRedis(port: number): Promise<ChildProcessByStdio<null, Readable, Readable>> {
  const child = spawn(REDIS_SERVER as string, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
    child.stdout.on('data', (d) => {
      out += String(d);
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
}

const stop = (child: ChildProcessByStdio<null, Readable, Readable>): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** One GET on a fresh connection: status and Retry-After. */
function get(url: string, authorization?: string): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { connection: 'close' };
    if (authorization !== undefined) headers.authorization = authorization;
    const req = request(url, { agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface Replica {
  child: ChildProcessByStdio<null, Readable, Readable>;
  url: string;
  stderr: () => string;
}

async function startReplica(redisPort: number): Promise<Replica> {
  const child = spawn(
    process.execPath,
    [BIN, 'mock', '--port', '0', '--products', '100', '--now', '2026-01-15', '--rate-limit', '10/min', '--rate-limit-store', `redis://127.0.0.1:${redisPort}`, '--key', 'during=Pro', '--key', 'after=Pro', '--key', 'probe=Pro'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (d) => {
    err += String(d);
  });
  const { url } = await listeningUrl(child, 60_000);
  return { child, url, stderr: () => err };
}

/** 30 requests, alternating between the replicas (as a load balancer would spread them). */
async function spread(replicas: Replica[], authorization: string | undefined, n = 30): Promise<{ status: number; retryAfter?: string }[]> {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await get(`${(replicas[i % replicas.length] as Replica).url}/v3/market_b/products?limit=1&i=${i}`, authorization));
  return out;
}

const count = (answers: { status: number }[], status: number): number => answers.filter((a) => a.status === status).length;

async function until(what: string, test: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('--rate-limit-store parsing', () => {
  it('accepts memory, cluster and Redis URLs; refuses anything else with what to write', () => {
    for (const ok of ['memory', 'cluster', 'redis://127.0.0.1:6379', 'redis://redis:6379/2', 'rediss://cache.example:6380']) expect(parseRateLimitStore(ok)).toBe(ok);
    for (const bad of ['', 'redis', 'mem', 'http://127.0.0.1:6379', 'redis://', 'redis://h:99999', 'redis://h:1/x/y']) expect(() => parseRateLimitStore(bad), bad).toThrow(OptionError);
  });

  it('a store without --rate-limit is refused: there would be nothing to count', () => {
    expect(() => resolveMockOptions({ rateLimitStore: 'redis://127.0.0.1:6379' })).toThrow(/needs --rate-limit/);
    expect(resolveMockOptions({ rateLimitStore: 'cluster', rateLimit: { count: 1, windowMs: 1000 } }).rateLimitStore).toBe('cluster');
  });

  it('Redis not there at start: the mock starts anyway, answers, counts alone, and says so once', async () => {
    const closed = await freePort();
    const replica = await startReplica(closed);
    try {
      const answers = await spread([replica], 'demo-free', 12);
      expect(count(answers, 200)).toBe(10);
      expect(count(answers, 429)).toBe(2);
      expect(replica.stderr().match(/store does not answer/g)).toHaveLength(1);
    } finally {
      await stop(replica.child);
    }
  }, 30_000);
});

describe.skipIf(!REDIS_SERVER)(`replicas sharing one limit in Redis${skipNote(!REDIS_SERVER, 'redis-server is not installed; apt-get install redis-server')}`, () => {
  let redisPort = 0;
  let redis: ChildProcessByStdio<null, Readable, Readable>;
  let replicas: Replica[] = [];
  let client: Redis;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    replicas = await Promise.all([startReplica(redisPort), startReplica(redisPort)]);
    client = new Redis(redisPort, '127.0.0.1', { lazyConnect: true, enableOfflineQueue: true, retryStrategy: (t) => Math.min(t * 100, 500) });
    client.on('error', () => undefined);
    await client.connect();
  }, 90_000);

  afterAll(async () => {
    client?.disconnect();
    await Promise.all(replicas.map((r) => stop(r.child)));
    if (redis) await stop(redis);
  });

  it('two processes answer exactly 10 of 30 requests of one key between them; the rest 429 with Retry-After', async () => {
    const answers = await spread(replicas, 'demo-free');
    expect(count(answers, 200)).toBe(10);
    expect(count(answers, 429)).toBe(20);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
    }
    // Each replica answered some of the 10: the count is shared, not split.
    expect(
      count(
        answers.filter((_, i) => i % 2 === 0),
        200,
      ),
    ).toBeGreaterThan(0);
    expect(
      count(
        answers.filter((_, i) => i % 2 === 1),
        200,
      ),
    ).toBeGreaterThan(0);
  });

  it('the anonymous bucket is one bucket for both: no key, unknown keys and malformed ones share 10', async () => {
    const answers = [...(await spread(replicas, undefined, 10)), ...(await spread(replicas, 'no-such-key', 10)), ...(await spread(replicas, `Bearer ${'x'.repeat(300)}`, 10))];
    // Anonymous callers are counted before authentication: 10 reach it (401), the rest are 429.
    expect(count(answers, 401)).toBe(10);
    expect(count(answers, 429)).toBe(20);
  });

  it('Redis holds one key per caller seen, named by a hash (no API key in Redis), each expiring with the window', async () => {
    const keys = (await client.keys(`${PREFIX}*`)).sort();
    expect(keys).toEqual([`${PREFIX}:${storeKeyOf(ANONYMOUS)}`, `${PREFIX}:${storeKeyOf('demo-free')}`].sort());
    expect(keys.join(' ')).not.toContain('demo-free');
    for (const key of keys) {
      const ttl = await client.pttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(60_000);
    }
  });

  it('Redis stopped: both keep answering, each counting alone (logged once); Redis back: exact again', async () => {
    await stop(redis);
    const during = await spread(replicas, 'during');
    // 15 requests each, 10 allowed by each process's own window.
    expect(count(during, 200)).toBe(20);
    expect(count(during, 429)).toBe(10);
    for (const r of replicas) expect(r.stderr().match(/store does not answer/g)).toHaveLength(1);

    redis = await startRedis(redisPort);
    // Each process finds Redis again on its own (retries at most a second apart); a probe key shows when.
    for (const r of replicas) {
      await until('the replica to count in Redis again', async () => {
        await get(`${r.url}/v3/market_b/products?limit=1`, 'probe');
        return r.stderr().includes('answers again');
      });
    }
    const after = await spread(replicas, 'after');
    expect(count(after, 200)).toBe(10);
    expect(count(after, 429)).toBe(20);
    for (const r of replicas) expect(r.stderr().match(/store does not answer/g)).toHaveLength(1);
  }, 60_000);
});

describe('a paused or lying store never allows more than the promise (issue 29, guardedLimiter)', () => {
  const limit = { count: 10, windowMs: 60_000 };
  /** A fake store and a clock standing still inside one window. */
  const guarded = (consume: (key: string) => Promise<unknown>, lines: string[] = []) => guardedLimiter(Promise.resolve({ consume }), { name: 'fake', limit, log: (l) => lines.push(l), timeoutMs: 30, clock: () => 1_000_000 });
  const allowedOf = async (take: (c: string) => Promise<{ allowed: boolean }>, n: number, caller = 'demo-free'): Promise<number> => {
    let allowed = 0;
    for (let i = 0; i < n; i++) if ((await take(caller)).allowed) allowed++;
    return allowed;
  };
  /** rate-limiter-flexible's answer for the n-th point of a window. */
  const res = (n: number) => ({ consumedPoints: n, remainingPoints: Math.max(0, limit.count - n), msBeforeNext: 30_000, isFirstInDuration: n === 1 });

  it('a store whose promises never settle: every request is decided in time, 10 of 30 allowed, logged once', async () => {
    const lines: string[] = [];
    const limiter = guarded(() => new Promise(() => undefined), lines);
    expect(await allowedOf((c) => limiter.take(c), 30)).toBe(10);
    expect(lines.filter((l) => l.includes('does not answer'))).toHaveLength(1);
  });

  it('a store that answers garbage (no count, NaN, negative, a refusal with no wait) is away: 10 of 30', async () => {
    const garbage: (() => Promise<unknown>)[] = [
      () => Promise.resolve(undefined),
      () => Promise.resolve('OK'),
      () => Promise.resolve({ consumedPoints: Number.NaN, msBeforeNext: 1000 }),
      () => Promise.resolve({ consumedPoints: -5, msBeforeNext: 1000 }),
      () => Promise.resolve({ consumedPoints: 1, msBeforeNext: Number.POSITIVE_INFINITY }),
      () => Promise.reject({ msBeforeNext: Number.NaN }),
      () => Promise.reject({ msBeforeNext: -1 }),
      () => Promise.reject(new Error('ECONNRESET')),
    ];
    for (const answer of garbage) {
      const limiter = guarded(answer);
      expect(await allowedOf((c) => limiter.take(c), 30), String(answer)).toBe(10);
    }
  });

  it('a store that always says "allowed, first request" is capped at twice the limit per window (an honest store never reaches it)', async () => {
    const lines: string[] = [];
    const liar = guarded(() => Promise.resolve(res(1)), lines);
    expect(await allowedOf((c) => liar.take(c), 100)).toBe(20);
    expect(lines.some((l) => l.includes('more than twice the limit'))).toBe(true);
    // An honest store: its own count decides, and the cap never refuses what it allows.
    let n = 0;
    const honest = guarded(() => (++n <= limit.count ? Promise.resolve(res(n)) : Promise.reject({ msBeforeNext: 30_000 })));
    expect(await allowedOf((c) => honest.take(c), 30)).toBe(10);
  });

  it('a store that flaps (away, back, away) allows at most the limit alone plus what it counted: never more than twice the limit', async () => {
    let i = 0;
    let counted = 0;
    // Every third request the store does not answer; otherwise it counts honestly from zero.
    const flapping = guarded(() => (++i % 3 === 0 ? new Promise(() => undefined) : ++counted <= limit.count ? Promise.resolve(res(counted)) : Promise.reject({ msBeforeNext: 30_000 })));
    const allowed = await allowedOf((c) => flapping.take(c), 60);
    expect(allowed).toBeGreaterThanOrEqual(10);
    expect(allowed).toBeLessThanOrEqual(20);
  });

  it('invented callers never reach it: the ledger holds one window per caller it is given', async () => {
    const limiter = guarded(() => new Promise(() => undefined));
    for (const c of [ANONYMOUS, 'demo-free', ANONYMOUS, 'demo-free']) await limiter.take(c);
    expect(limiter.ledgerSize).toBe(2);
  });
});
