/**
 * The suite's HTTP client, on node:http(s): one place for rate limiting, timeouts, the run's
 * time bound, the request budget, the body cap, redirects (reported, not followed) and 429
 * back-off. It never throws and never lets a socket error escape: every failure becomes an
 * {@link Exchange} with `error` set, so a bad server yields findings, not a crash.
 *
 * Why node:http and not fetch: fetch (undici) decodes content encodings (a server sending
 * 2,000 `Content-Encoding` values made it fail with an error event nobody could catch), turns
 * an unsolicited `100 Continue` into a failed request, and hides the raw bytes the suite
 * needs to see (a BOM, bytes that are not UTF-8). Here 1xx answers are skipped as HTTP says,
 * bodies are read as bytes and never decoded, and every stream has an error handler.
 *
 * `Retry-After` is honoured only within bounds: one wait is at most {@link MAX_RETRY_WAIT_MS}
 * and never past the run's `--max-time`; after {@link GIVE_UP_AFTER_429} requests in a row
 * that stayed rate limited, later 429 answers are not retried at all.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { OperationId } from '../contract/index.js';
import { MAX_DEPTH, scanBody } from './json-scan.js';
import { mainKeyOf, type ConformanceOptions } from './options.js';
import { OVER_BUDGET, UNKNOWN_KEY, type Exchange } from './types.js';

/** Exchanges that failed because a kept-alive connection was already closed by the server (sent again once). */
const STALE_CONNECTION = new WeakSet<Exchange>();

/** The error of a request a recording (`--from-har`) has no answer for; its checks skip. */
export const NOT_RECORDED = 'not in the recording';

/** Retries of one request answered 429. */
export const MAX_RETRIES_429 = 3;
/** Longest single wait for `Retry-After` (ms); a longer one is not waited for. */
export const MAX_RETRY_WAIT_MS = 30_000;
/** Requests in a row that ended rate limited, after which 429 is no longer retried. */
export const GIVE_UP_AFTER_429 = 3;

/** Credentials of a request. */
export type Auth = Exchange['auth'];

/** Parses `Retry-After`: delta seconds or an HTTP date; undefined when absent or unusable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,10}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** HTTP client of one run. Call {@link ApiClient.close} when the run ends. */
export class ApiClient {
  /** Requests sent so far, retries included. */
  requests = 0;
  /** Every exchange, in the order made (cached repeats are not added twice). */
  readonly exchanges: Exchange[] = [];
  /** When the run must end (ms since epoch, UTC): `--max-time` after the client was made. */
  readonly deadline: number;
  private readonly options: ConformanceOptions;
  private readonly cache = new Map<string, Promise<Exchange>>();
  private readonly agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 4 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 4 }) };
  private nextSlot = 0;
  private limitedInARow = 0;

  constructor(options: ConformanceOptions) {
    this.options = options;
    this.deadline = Date.now() + options.maxTimeMs;
  }

  /** Milliseconds left before `--max-time`. */
  remainingMs(): number {
    return Math.max(0, this.deadline - Date.now());
  }

  /** Maps the contract's path (`/v3/market_a/...`) to the server's (`--path-segment`). */
  mapPath(path: string): string {
    const segments = this.options.pathSegments;
    return path.replace(/^\/v3\/([^/]+)(?=\/|$)/, (_m, seg: string) => `/v3/${Object.hasOwn(segments, seg) ? segments[seg] : seg}`);
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
  get(operationId: OperationId | '', path: string, query: Record<string, string | number | boolean> = {}, auth: Auth = 'main'): Promise<Exchange> {
    const url = this.url(path, query);
    const key = `${auth} ${auth === 'main' || auth === 'free' ? this.keyForm : ''} ${url}`;
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

  /**
   * Sends a request with another method, or extra header fields (not cached), for the checks of
   * HTTP semantics (conformance/checks/methods.ts): no body is ever sent.
   * @param extra header fields added to the credentials (`If-None-Match`, ...).
   */
  async request(operationId: OperationId | '', path: string, method: string, auth: Auth = 'main', extra: Record<string, string> = {}): Promise<Exchange> {
    // Judged by the check that sent it (its verdicts carry the exchange), not by the response
    // checks: a HEAD or a 304 has no body to judge, a 405 is judged for what it is by that check.
    return this.send(operationId, this.url(path), auth, method, extra);
  }

  /** Closes kept-alive connections. */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /**
   * How keys are sent: `bearer` (`Authorization: Bearer <key>`, the default) or `bare`
   * (`Authorization: <key>`), which the runner chooses when the server refuses Bearer and takes
   * the bare key (production accepts both; `auth-forms` reports the refusal).
   */
  keyForm: 'bearer' | 'bare' = 'bearer';

  private headersFor(auth: Auth): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json, application/problem+json', 'accept-encoding': 'identity' };
    const form = (key: string, as: 'bearer' | 'bare' = this.keyForm): string => (as === 'bare' ? key : `Bearer ${key}`);
    // Without --api-key the free key is the main key (newcomer probe: a --free-key-only run sent
    // discovery and the free operations' checks no key, and a conformant server failed on its 401s).
    const mainKey = mainKeyOf(this.options);
    if (auth === 'main') {
      Object.assign(h, this.options.headers);
      if (mainKey) h.authorization = form(mainKey);
    } else if ((auth === 'bare' || auth === 'bearer') && mainKey) {
      h.authorization = form(mainKey, auth);
    } else if (auth === 'free' && this.options.freeKey) {
      h.authorization = form(this.options.freeKey);
    } else if (auth === 'unknown') {
      h.authorization = form(UNKNOWN_KEY);
    }
    // The userinfo of --base-url, as Node would send it: Basic authentication where no key is sent.
    if (this.options.basicAuth && h.authorization === undefined) h.authorization = this.options.basicAuth;
    return h;
  }

  private async pace(): Promise<void> {
    // Offline (a recording answers): there is no server to be polite to.
    if (this.options.rateLimit <= 0 || this.options.replay) return;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + 1000 / this.options.rateLimit;
    if (slot > now) await sleep(Math.min(slot - now, this.remainingMs()));
  }

  private async send(operationId: OperationId | '', url: string, auth: Auth, method: string, extra: Record<string, string> = {}): Promise<Exchange> {
    const started = Date.now();
    const base: Exchange = { operationId, auth, request: Object.keys(extra).length > 0 ? { method, url, headers: { ...extra } } : { method, url }, headers: {}, text: '', ms: 0 };
    let staleRetried = false;
    for (let attempt = 0; ; attempt++) {
      if (this.requests >= this.options.maxRequests) {
        return { ...base, error: `${OVER_BUDGET}the request budget (--max-requests ${this.options.maxRequests}) is used up`, ms: Date.now() - started };
      }
      if (this.remainingMs() <= 0) {
        return { ...base, error: `${OVER_BUDGET}the run's time bound (--max-time ${Math.round(this.options.maxTimeMs / 1000)} s) is used up`, ms: Date.now() - started };
      }
      await this.pace();
      this.requests++;
      const ex = await this.once(base, url, auth, method, extra);
      ex.ms = Date.now() - started;
      if (STALE_CONNECTION.has(ex) && !staleRetried) {
        // The kept-alive connection was closed by the server as the request went out (node's
        // `reusedSocket` race, common on a loaded host): sent once more on a fresh connection.
        staleRetried = true;
        continue;
      }
      if (ex.status !== 429) {
        if (ex.status !== undefined) this.limitedInARow = 0;
        return ex;
      }
      const retryAfter = ex.headers['retry-after'];
      const wait = retryAfterMs(retryAfter) ?? 1000 * 2 ** attempt;
      const why =
        this.limitedInARow >= GIVE_UP_AFTER_429
          ? `the server has kept answering 429 (${this.limitedInARow} requests in a row); not retried`
          : attempt >= MAX_RETRIES_429
            ? `still 429 after ${attempt + 1} attempts`
            : wait > MAX_RETRY_WAIT_MS
              ? `Retry-After asks for ${Math.round(wait / 1000)} s, longer than the suite waits (${MAX_RETRY_WAIT_MS / 1000} s); not retried`
              : wait >= this.remainingMs()
                ? `Retry-After asks for ${Math.round(wait / 1000)} s, past the run's time bound (--max-time); not retried`
                : undefined;
      if (why) {
        this.limitedInARow++;
        return { ...ex, error: `rate limited: ${why} (Retry-After ${retryAfter ?? 'absent'})` };
      }
      await sleep(wait);
    }
  }

  private once(base: Exchange, url: string, auth: Auth, method: string, extra: Record<string, string> = {}): Promise<Exchange> {
    const replay = this.options.replay;
    if (replay) {
      // Offline (`--from-har`): the answer recorded for this request and this caller.
      const entry = replay.find(method, url, this.headersFor(auth).authorization);
      if (!entry) return Promise.resolve({ ...base, error: `${NOT_RECORDED} (${replay.source})` });
      const headers = Object.create(null) as Record<string, string>;
      for (const h of entry.response.headers) headers[h.name.toLowerCase()] = Object.hasOwn(headers, h.name.toLowerCase()) ? `${headers[h.name.toLowerCase()]}, ${h.value}` : h.value;
      return Promise.resolve(withBody({ ...base, status: entry.response.status, headers }, replay.bodyOf(entry)));
    }
    return new Promise((resolve) => {
      let settled = false;
      let req: ReturnType<typeof httpRequest> | undefined;
      const limitMs = Math.max(1, Math.min(this.options.timeoutMs, this.remainingMs()));
      const finish = (ex: Exchange): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(ex);
      };
      const timer = setTimeout(() => {
        const why = limitMs < this.options.timeoutMs ? `no complete answer before the run's time bound (--max-time)` : `no complete answer within ${this.options.timeoutMs} ms (--timeout)`;
        finish({ ...base, error: why });
        req?.destroy();
      }, limitMs);
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        finish({ ...base, error: 'the request URL is not valid' });
        return;
      }
      const https = target.protocol === 'https:';
      try {
        req = (https ? httpsRequest : httpRequest)(target, { method, headers: { ...this.headersFor(auth), ...extra }, agent: https ? this.agents.https : this.agents.http });
      } catch (err) {
        finish({ ...base, error: `the request could not be sent: ${(err as Error).message}` });
        return;
      }
      let responded = false;
      req.on('error', (err: Error & { code?: string }) => {
        const ex: Exchange = { ...base, error: `${err.code ?? err.name}: ${err.message}` };
        if (!responded && req?.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) STALE_CONNECTION.add(ex);
        finish(ex);
      });
      req.on('response', (res) => {
        responded = true;
        this.read(res, base, finish);
      });
      req.end();
    });
  }

  /** Reads a response (never decoded, at most the body cap) into an exchange. */
  private read(res: IncomingMessage, base: Exchange, finish: (ex: Exchange) => void): void {
    res.on('error', (err: Error & { code?: string }) => finish({ ...base, error: `${err.code ?? err.name}: ${err.message}` }));
    const headers = collectHeaders(res.rawHeaders);
    const ex: Exchange = { ...base, status: res.statusCode, headers };
    const status = res.statusCode ?? 0;
    // 304 Not Modified answers a conditional request (conditional-get): not a redirect.
    if (status >= 300 && status < 400 && status !== 304) {
      finish({ ...ex, error: `redirected (${status}) to ${headers.location ?? 'nowhere'}; the suite does not follow redirects` });
      res.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > this.options.maxBodyBytes) {
        // Settle first: destroying the stream emits 'aborted' at once.
        finish({ ...ex, text: Buffer.concat(chunks).toString('utf8'), error: `the body is larger than ${this.options.maxBodyBytes} bytes; read no further` });
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.on('aborted', () => finish({ ...ex, error: 'the connection closed before the body was complete' }));
    res.on('end', () => {
      if (!res.complete) {
        finish({ ...ex, error: 'the connection closed before the body was complete' });
        return;
      }
      finish(withBody(ex, Buffer.concat(chunks)));
    });
  }
}

/** Header values by lower-case name (repeated ones joined with `, `), in an object with no prototype. */
export function collectHeaders(raw: string[]): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    out[name] = Object.hasOwn(out, name) ? `${out[name]}, ${value}` : value;
  }
  return out;
}

/** The exchange with its body: text (UTF-8, BOM removed), the scan, and the parsed JSON when it is usable. */
export function withBody(ex: Exchange, bytes: Buffer): Exchange {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = (bom ? bytes.subarray(3) : bytes).toString('utf8');
  const scan = scanBody(bytes, text);
  const out: Exchange = { ...ex, text, scan };
  if (scan.depth > MAX_DEPTH) return out; // not parsed: a finding, and no recursion on it later
  try {
    out.json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    out.json = undefined;
  }
  return out;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
