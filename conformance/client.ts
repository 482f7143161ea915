/**
 * The suite's HTTP client (Node's fetch, undici): one place for rate limiting, timeouts, the
 * request budget, the body cap, redirects (reported, not followed) and 429 back-off
 * (`Retry-After` honoured, then exponential). It never throws: every failure becomes an
 * {@link Exchange} with `error` set, so a bad server yields findings, not a crash.
 */
import type { ConformanceOptions } from './options.js';
import type { Exchange } from './types.js';

const MAX_RETRIES_429 = 3;
const MAX_RETRY_WAIT_MS = 30_000;

/** Credentials of a request. */
export type Auth = Exchange['auth'];

/** Parses `Retry-After`: delta seconds or an HTTP date; undefined when absent or unusable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** HTTP client of one run. */
export class ApiClient {
  /** Requests sent so far, retries included. */
  requests = 0;
  /** Every exchange, in the order made (cached repeats are not added twice). */
  readonly exchanges: Exchange[] = [];
  private readonly options: ConformanceOptions;
  private readonly cache = new Map<string, Promise<Exchange>>();
  private nextSlot = 0;

  constructor(options: ConformanceOptions) {
    this.options = options;
  }

  /** Maps the contract's path (`/v3/market_a/...`) to the server's (`--path-segment`). */
  mapPath(path: string): string {
    return path.replace(/^\/v3\/(market_a|market_b)(?=\/|$)/, (_m, seg: string) => `/v3/${this.options.pathSegments[seg] ?? seg}`);
  }

  /** The absolute URL of a contract path with query parameters. */
  url(path: string, query: Record<string, string | number | boolean> = {}): string {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return `${this.options.baseUrl}${this.mapPath(path)}${qs ? `?${qs}` : ''}`;
  }

  /**
   * GETs a contract path once per (URL, credentials); later calls return the same exchange.
   * @param operationId the contract operation the request is for (`''` for none).
   * @param path the contract path with its parameters filled in, such as `/v3/market_b/products/12`.
   */
  get(operationId: string, path: string, query: Record<string, string | number | boolean> = {}, auth: Auth = 'main'): Promise<Exchange> {
    const url = this.url(path, query);
    const key = `${auth} ${url}`;
    let pending = this.cache.get(key);
    if (!pending) {
      pending = this.send(operationId, url, auth, 'GET').then((ex) => {
        this.exchanges.push(ex);
        return ex;
      });
      this.cache.set(key, pending);
    }
    return pending;
  }

  /** Sends a request with another method (not cached), for the read-only checks. */
  async request(operationId: string, path: string, method: string, auth: Auth = 'main'): Promise<Exchange> {
    const ex = await this.send(operationId, this.url(path), auth, method);
    this.exchanges.push(ex);
    return ex;
  }

  private headersFor(auth: Auth): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json, application/problem+json' };
    if (auth === 'main') {
      Object.assign(h, this.options.headers);
      if (this.options.apiKey) h.authorization = `Bearer ${this.options.apiKey}`;
    } else if (auth === 'free' && this.options.freeKey) {
      h.authorization = `Bearer ${this.options.freeKey}`;
    }
    return h;
  }

  private async pace(): Promise<void> {
    if (this.options.rateLimit <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + 1000 / this.options.rateLimit;
    if (slot > now) await sleep(slot - now);
  }

  private async send(operationId: string, url: string, auth: Auth, method: string): Promise<Exchange> {
    const started = Date.now();
    const base: Exchange = { operationId, auth, request: { method, url }, headers: {}, text: '', ms: 0 };
    for (let attempt = 0; ; attempt++) {
      if (this.requests >= this.options.maxRequests) {
        return { ...base, error: `not sent: the request budget (--max-requests ${this.options.maxRequests}) is used up`, ms: Date.now() - started };
      }
      await this.pace();
      this.requests++;
      const ex = await this.once(base, url, auth, method);
      ex.ms = Date.now() - started;
      if (ex.status !== 429) return ex;
      const wait = retryAfterMs(ex.headers['retry-after']) ?? 1000 * 2 ** attempt;
      if (attempt >= MAX_RETRIES_429 || wait > MAX_RETRY_WAIT_MS) {
        return { ...ex, error: `rate limited: still 429 after ${attempt + 1} attempt(s) (Retry-After ${ex.headers['retry-after'] ?? 'absent'})` };
      }
      await sleep(wait);
    }
  }

  private async once(base: Exchange, url: string, auth: Auth, method: string): Promise<Exchange> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      const res = await fetch(url, { method, headers: this.headersFor(auth), redirect: 'manual', signal: controller.signal });
      const headers: Record<string, string> = {};
      res.headers.forEach((v, k) => { headers[k] = v; });
      const ex: Exchange = { ...base, status: res.status, headers };
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel().catch(() => undefined);
        return { ...ex, error: `redirected (${res.status}) to ${headers.location ?? 'nowhere'}; the suite does not follow redirects` };
      }
      const { text, tooLarge } = await readCapped(res, this.options.maxBodyBytes);
      ex.text = text;
      if (tooLarge) return { ...ex, error: `the body is larger than ${this.options.maxBodyBytes} bytes; read no further` };
      try {
        ex.json = text.length > 0 ? JSON.parse(text) : undefined;
      } catch {
        ex.json = undefined;
      }
      return ex;
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const reason = controller.signal.aborted
        ? `no complete answer within ${this.options.timeoutMs} ms (--timeout)`
        : `${e.cause?.code ?? e.name}: ${e.cause?.message ?? e.message}`;
      return { ...base, error: reason };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Reads at most `cap` bytes of a body as UTF-8. */
async function readCapped(res: Response, cap: number): Promise<{ text: string; tooLarge: boolean }> {
  if (!res.body) return { text: '', tooLarge: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      return { text: Buffer.concat(chunks).toString('utf8'), tooLarge: true };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), tooLarge: false };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
