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
 * When the store is away (Redis stopped or unreachable, the primary or Redis not answering within
 * {@link STORE_TIMEOUT_MS}, whatever the reason, or answering something that is not a count),
 * the process keeps answering and counts alone in memory (so the limit holds per process: N
 * replicas allow at most N times it); it logs that once, and once again when the store is back,
 * and then counts there again. A store that answers well-formed lies is capped by the process's
 * own count (at most twice the limit per window); {@link guardedLimiter} states the promise. Keys in Redis expire with their
 * window (bounded, like the memory limiter); a key's Redis name is a hash of it, so no API key is
 * written to Redis. rate-limiter-flexible and ioredis are loaded only when a shared store is
 * asked for (ioredis alone takes about half a second to load on a busy machine).
 */
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import type { RateLimitStore } from '../options.js';
import { ANONYMOUS, type LimitDecision, type RateLimit } from './rate-limit.js';

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
    return guardedLimiter(rl, { name: 'cluster', limit, log, ready: async () => void (await rl), close: nothing });
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
  return guardedLimiter(
    connecting.then((c) => c.rl),
    { name: shown(store), limit, log, ready, close },
  );
}

/** rate-limiter-flexible refuses with a `RateLimiterRes` (over the count) and fails with an `Error` (the store is away). */
const isRefusal = (err: unknown): err is { msBeforeNext: number } => !(err instanceof Error) && typeof err === 'object' && err !== null && typeof (err as { msBeforeNext?: unknown }).msBeforeNext === 'number';

/** The part of a rate-limiter-flexible limiter the fallback asks: `consume` one point of a key. */
export interface StoreLimiter {
  consume(key: string): Promise<unknown>;
}

/** A store's answer is believed only when it is a count: a whole `consumedPoints` ≥ 1 and a wait within one window. */
function isCount(answer: unknown, maxWaitMs: number): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const { consumedPoints, msBeforeNext } = answer as { consumedPoints?: unknown; msBeforeNext?: unknown };
  return typeof consumedPoints === 'number' && Number.isInteger(consumedPoints) && consumedPoints >= 1 && typeof msBeforeNext === 'number' && msBeforeNext >= 0 && msBeforeNext <= maxWaitMs;
}

/**
 * This process's own count of what it allowed, per caller, in a fixed window opened by the
 * caller's first request here. It decides while the store is away (at most the limit per window,
 * as the memory store would), and caps what a store may allow: a store that answers "allowed"
 * more than twice the limit in one of these windows is not believed (an honest fixed-window
 * store allows at most twice the limit in any span of one window length, across its own window
 * boundary). Callers are configured keys or {@link ANONYMOUS}: bounded like the memory store.
 */
class Ledger {
  private readonly windows = new Map<string, { start: number; allowed: number }>();
  private lastSweep = 0;

  constructor(
    private readonly limit: RateLimit,
    private readonly clock: () => number,
  ) {}

  /** The caller's window now (opened or renewed). */
  private windowOf(caller: string): { start: number; allowed: number } {
    const now = this.clock();
    if (now - this.lastSweep >= this.limit.windowMs) {
      this.lastSweep = now;
      for (const [c, w] of this.windows) if (now - w.start >= this.limit.windowMs) this.windows.delete(c);
    }
    let w = this.windows.get(caller);
    if (!w || now - w.start >= this.limit.windowMs) this.windows.set(caller, (w = { start: now, allowed: 0 }));
    return w;
  }

  private refusal(w: { start: number }): LimitDecision {
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((w.start + this.limit.windowMs - this.clock()) / 1000)) };
  }

  /** Decides alone (the store is away): allowed while this process allowed fewer than the limit in the window. */
  alone(caller: string): LimitDecision {
    const w = this.windowOf(caller);
    if (w.allowed >= this.limit.count) return this.refusal(w);
    w.allowed++;
    return { allowed: true };
  }

  /** The store allowed the request: allowed unless this process already allowed twice the limit in the window. */
  believe(caller: string): LimitDecision {
    const w = this.windowOf(caller);
    if (w.allowed >= 2 * this.limit.count) return this.refusal(w);
    w.allowed++;
    return { allowed: true };
  }

  /** Windows held now (one per caller seen in the current window at most). */
  get size(): number {
    return this.windows.size;
  }
}

/** What {@link guardedLimiter} needs besides the store. */
export interface GuardOptions {
  /** The store's name for messages (`cluster`, `redis://HOST:PORT`). */
  name: string;
  limit: RateLimit;
  log: (line: string) => void;
  ready?: () => Promise<void>;
  close?: () => Promise<void>;
  /** How long one request waits for the store, in ms. Default {@link STORE_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Wall clock in ms since epoch (UTC); tests pass their own. */
  clock?: () => number;
}

/**
 * A store with the fallback: a decision for every request within `timeoutMs`, whatever the
 * store does (issue 29, class R of docs/threat-model.md). The promise, per process and per
 * caller, in a window of the limit's length opened by the caller's first request here:
 * - the store answers a count in time: its decision, but never more than twice the limit
 *   allowed here (a lying store is capped; an honest one never reaches that);
 * - the store does not answer in time (paused, partitioned, a promise that never settles), fails,
 *   or answers something that is not a count: this process decides alone, at most the limit in
 *   the window counting what it allowed before (logged once per outage).
 * So, per caller and window: exactly the limit between all processes while the store answers
 * truthfully; at most N × the limit for N processes while it is away; at most one limit more
 * when it comes back within a window (it counted from zero); and at most 2N × the limit when
 * it answers well-formed lies.
 */
export function guardedLimiter(store: Promise<StoreLimiter>, o: GuardOptions): SharedLimiter & { readonly ledgerSize: number } {
  const ledger = new Ledger(o.limit, o.clock ?? Date.now);
  const timeoutMs = o.timeoutMs ?? STORE_TIMEOUT_MS;
  let away = false;
  let capped = false;
  const back = (): void => {
    if (!away) return;
    away = false;
    o.log(`rate limit: the ${o.name} store answers again; counting there`);
  };
  const gone = (why: string): void => {
    if (away) return;
    away = true;
    o.log(`rate limit: the ${o.name} store does not answer (${why}); this process counts alone in memory until it is back`);
  };
  /** The store's answer, or a timeout as a rejection with an Error. */
  const ask = (caller: string): Promise<unknown> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([store.then((rl) => rl.consume(storeKeyOf(caller))), late]).finally(() => clearTimeout(timer));
  };
  return {
    store: o.name,
    ready: o.ready ?? (async () => undefined),
    close: o.close ?? (async () => undefined),
    get ledgerSize() {
      return ledger.size;
    },
    async take(caller) {
      let answer: unknown;
      try {
        answer = await ask(caller);
      } catch (err) {
        if (isRefusal(err) && Number.isFinite(err.msBeforeNext) && err.msBeforeNext >= 0 && err.msBeforeNext <= o.limit.windowMs + timeoutMs) {
          back();
          return { allowed: false, retryAfterS: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
        }
        gone(err instanceof Error ? err.message : 'an answer that is not a count');
        return ledger.alone(caller);
      }
      if (!isCount(answer, o.limit.windowMs + timeoutMs)) {
        gone('an answer that is not a count');
        return ledger.alone(caller);
      }
      back();
      const decision = ledger.believe(caller);
      if (!decision.allowed && !capped) {
        capped = true;
        o.log(`rate limit: the ${o.name} store allowed more than twice the limit to one caller in one window; this process refuses past that`);
      }
      return decision;
    },
  };
}
