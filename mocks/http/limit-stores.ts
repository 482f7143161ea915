/**
 * Shared rate-limit stores for the node:http adapter (`--rate-limit-store`), on
 * rate-limiter-flexible: the node:cluster primary for the `--workers` of one server
 * (`RateLimiterCluster` in the workers, `RateLimiterClusterMaster` in the primary), and Redis
 * (`RateLimiterRedis` over ioredis) for replicas on several machines. The same fixed window as
 * the core's in-memory limiter (mocks/http/rate-limit.ts): a window per caller opens with its
 * first request and lasts the limit's window; over the count, 429 with `Retry-After` in whole
 * seconds (§8 decision).
 *
 * Node-only (node:cluster, node:crypto, TCP to Redis): the core never imports this file; the
 * adapter (mocks/http/server.ts) asks the store and hands the decision to the core
 * (`MockRequest.limit`).
 *
 * When the store is away (Redis stopped or unreachable, the primary not answering within
 * {@link STORE_TIMEOUT_MS}), the process keeps answering and counts alone in memory (so the
 * limit holds per process: N replicas allow at most N times it); it logs that once, and once
 * again when the store is back, and then counts there again. Keys in Redis expire with their
 * window (bounded, like the memory limiter); a key's Redis name is a hash of it, so no API key is
 * written to Redis. rate-limiter-flexible and ioredis are loaded only when a shared store is
 * asked for (ioredis alone takes about half a second to load on a busy machine).
 */
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitStore } from '../options.js';
import { ANONYMOUS, RateLimiter, type LimitDecision, type RateLimit } from './rate-limit.js';

/** How long a request waits for the store (ms) before the process decides alone. */
export const STORE_TIMEOUT_MS = 1000;
/** Longest wait between two attempts to reach Redis again (ms). */
export const REDIS_RETRY_MAX_MS = 1000;
/** How long `ready` waits for the first connection to Redis at start (ms). */
export const REDIS_CONNECT_WAIT_MS = 3000;

/** A rate limit counted outside this process. */
export interface SharedLimiter {
  /** Where it counts, for messages (`cluster`, `redis://HOST:PORT`; never a password). */
  readonly store: string;
  /** Counts one request of `caller` (a configured key or `ANONYMOUS`) and decides it. Never rejects. */
  take(caller: string): Promise<LimitDecision>;
  /** Resolves when the store answers, or fails a first time, or after a bounded wait (the fallback covers the rest). */
  ready(): Promise<void>;
  /** Lets go of the store's connection. */
  close(): Promise<void>;
}

/** The prefix of every Redis key: the limit is part of it, so servers with other limits do not share windows. */
export const keyPrefixOf = (limit: RateLimit): string => `resale-kit:rate-limit:${limit.count}/${limit.windowMs}ms`;

/** The store's name of a caller: `anonymous`, or `key:` and a SHA-256 of the key (the key itself is a secret). */
export const storeKeyOf = (caller: string): string => (caller === ANONYMOUS ? 'anonymous' : `key:${createHash('sha256').update(caller).digest('hex').slice(0, 32)}`);

/** A store URL without user or password, for messages. */
const shown = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'redis';
  }
};

/**
 * The node:cluster primary's part of `--rate-limit-store cluster`: answers the workers'
 * `RateLimiterCluster` questions. Call once in the primary, before forking.
 */
export async function serveClusterLimits(): Promise<void> {
  const { RateLimiterClusterMaster } = await import('rate-limiter-flexible');
  new RateLimiterClusterMaster();
}

/** ioredis options: fail fast while Redis is away (the fallback decides) instead of queueing requests. */
const REDIS_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: STORE_TIMEOUT_MS,
  connectTimeout: STORE_TIMEOUT_MS,
  retryStrategy: (times: number): number => Math.min(times * 100, REDIS_RETRY_MAX_MS),
  lazyConnect: false,
};

/**
 * The shared limiter of these options in this process, or undefined when the core's own
 * in-memory limiter decides (`memory`, or `cluster` outside a node:cluster worker).
 * @param limit the limit (requests per window; the window in whole seconds, as `N/s`, `N/min`, `N/h` give).
 * @param log where the store's state changes go (one line each), e.g. stderr.
 */
export function createSharedLimiter(store: RateLimitStore, limit: RateLimit, log: (line: string) => void): SharedLimiter | undefined {
  const duration = Math.max(1, Math.round(limit.windowMs / 1000));
  const keyPrefix = keyPrefixOf(limit);
  if (store === 'memory') return undefined;
  if (store === 'cluster') {
    if (!cluster.isWorker) return undefined;
    const rl = import('rate-limiter-flexible').then(({ RateLimiterCluster }) => new RateLimiterCluster({ keyPrefix, points: limit.count, duration, timeoutMs: STORE_TIMEOUT_MS }));
    const nothing = async (): Promise<void> => undefined;
    return resilient('cluster', rl, limit, log, async () => void (await rl), nothing);
  }
  const connecting = Promise.all([import('ioredis'), import('rate-limiter-flexible')]).then(([{ Redis }, { RateLimiterRedis }]) => {
    const client = new Redis(store, REDIS_OPTIONS);
    // Connection errors are reported by take() (once per outage); without a listener ioredis prints each one.
    client.on('error', () => undefined);
    return { client, rl: new RateLimiterRedis({ storeClient: client, keyPrefix, points: limit.count, duration, rejectIfRedisNotReady: true }) };
  });
  const ready = async (): Promise<void> => {
    const { client } = await connecting;
    if (client.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, REDIS_CONNECT_WAIT_MS);
      function done(): void {
        clearTimeout(timer);
        client.off('ready', done).off('error', done);
        resolve();
      }
      // Ready, or the first attempt failed (Redis is away: the fallback answers until it is back).
      client.once('ready', done).once('error', done);
    });
  };
  const close = async (): Promise<void> => (await connecting).client.disconnect();
  return resilient(
    shown(store),
    connecting.then((c) => c.rl),
    limit,
    log,
    ready,
    close,
  );
}

/** rate-limiter-flexible refuses with a `RateLimiterRes` (over the count) and fails with an `Error` (the store is away). */
const isRefusal = (err: unknown): err is { msBeforeNext: number } => !(err instanceof Error) && typeof err === 'object' && err !== null && typeof (err as { msBeforeNext?: unknown }).msBeforeNext === 'number';

/** A store with the fallback: a decision for every request, whatever the store's state. */
function resilient(name: string, limiter: Promise<RateLimiterAbstract>, limit: RateLimit, log: (line: string) => void, ready: () => Promise<void>, close: () => Promise<void>): SharedLimiter {
  const fallback = new RateLimiter(limit);
  let away = false;
  const back = (): void => {
    if (!away) return;
    away = false;
    log(`rate limit: the ${name} store answers again; counting there`);
  };
  return {
    store: name,
    ready,
    close,
    async take(caller) {
      try {
        const rl = await limiter;
        await rl.consume(storeKeyOf(caller));
        back();
        return { allowed: true };
      } catch (err) {
        if (isRefusal(err)) {
          back();
          return { allowed: false, retryAfterS: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
        }
        if (!away) {
          away = true;
          log(`rate limit: the ${name} store does not answer (${err instanceof Error ? err.message : String(err)}); this process counts alone in memory until it is back`);
        }
        return fallback.take(caller);
      }
    },
  };
}
