/**
 * The mock's rate limiter (`--rate-limit N/min`; §8 decision: over the limit, 429 with
 * `Retry-After` in seconds). A fixed window per caller, with memory bounded by design:
 * - a caller is a configured key, or one shared bucket for every request without a known key
 *   ({@link ANONYMOUS}), so text a client invents is counted but never stored;
 * - windows that have ended are swept away once per window length.
 * This is the core's limiter: Node-free and synchronous, the `memory` store of
 * `--rate-limit-store`, and MSW's. For all `--workers` of one server (`cluster`) and for
 * replicas (`redis://...`), the node:http adapter asks a shared store instead
 * (mocks/http/limit-stores.ts) and hands its decision to the core. Why not rate-limiter-flexible's
 * memory store here too: its entry requires `cluster` and `crypto` (Node-only, so not in a
 * browser's bundle), and it decides asynchronously while the core answers synchronously.
 */

/** A limit: `count` requests per `windowMs` milliseconds. */
export interface RateLimit {
  count: number;
  windowMs: number;
}

/** What the limiter decided for one request: allowed, or refused with a wait in whole seconds. */
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterS: number };

/** The caller id of every request that carries no configured key (missing, unknown, malformed). */
export const ANONYMOUS = '';

/** A fixed-window limiter keyed by caller id; never holds more windows than live callers. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  /**
   * @param limit requests per window.
   * @param clock wall clock in ms since epoch (UTC); tests pass their own.
   */
  constructor(
    private readonly limit: RateLimit,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Counts one request of `caller` and decides it.
   * @param caller a configured key or {@link ANONYMOUS}; never raw request text.
   */
  take(caller: string): LimitDecision {
    const now = this.clock();
    const { count, windowMs } = this.limit;
    if (now - this.lastSweep >= windowMs) this.sweep(now);
    let w = this.windows.get(caller);
    if (!w || now - w.start >= windowMs) this.windows.set(caller, (w = { start: now, count: 0 }));
    w.count++;
    if (w.count <= count) return { allowed: true };
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) };
  }

  /** Windows held now (one per caller seen in the current window at most). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [caller, w] of this.windows) if (now - w.start >= this.limit.windowMs) this.windows.delete(caller);
  }
}
