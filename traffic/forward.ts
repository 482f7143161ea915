/**
 * Forwarding for the validation proxy: framing, hop-by-hop headers, the upstream exchange and
 * its timeouts. What this unit guarantees:
 * - **Framing.** A GET or HEAD request with a body (`Content-Length` > 0 or any
 *   `Transfer-Encoding`) is refused before anything is sent upstream, and the client's
 *   connection is closed after the refusal (its remaining bytes are never read as a request).
 *   Other methods are forwarded with node's own framing (Content-Length or chunked), never with
 *   the client's framing headers, so no byte of a body can be read upstream as another request.
 * - **Hop-by-hop headers** (RFC 9110 §7.6.1): `Connection`, `Keep-Alive`, `Proxy-*`, `TE`,
 *   `Trailer`, `Transfer-Encoding`, `Upgrade`, and every header named in `Connection`, are
 *   dropped in both directions.
 * - **Isolation.** Each request has its own upstream exchange; a socket that saw an error, a
 *   timeout or an abort is destroyed, never returned to the pool.
 * - **Hostile answers.** A status outside 200–599, an upgrade, or a header node cannot send is
 *   reported as a bad upstream answer (the proxy answers 502), never thrown.
 * - **Timeouts** (`--timeout`, milliseconds): bounds the wait for the upstream's response
 *   headers (then 504 if nothing was sent to the client yet), and the idle time between two
 *   chunks of the response body. A timeout after the status line was sent to the client aborts
 *   the client's connection; no byte is ever appended to a started body.
 */
import { Agent as HttpAgent, request as httpRequest, validateHeaderName, validateHeaderValue, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Placed } from './target.js';

/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), lower case. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'trailers', 'transfer-encoding', 'upgrade']);

/**
 * Names (lower case) of the headers in a raw header list that are hop-by-hop: the fixed set,
 * every `Proxy-*` header, and every name listed in a `Connection` header.
 */
export function hopByHopNames(raw: readonly string[]): Set<string> {
  const names = new Set(HOP_BY_HOP);
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() !== 'connection') continue;
    for (const token of (raw[i + 1] as string).split(',')) {
      const t = token.trim().toLowerCase();
      if (t) names.add(t);
    }
  }
  return names;
}

/** True when a lower-case header name is hop-by-hop in a message whose hop-by-hop names are `hop`. */
const isHop = (name: string, hop: ReadonlySet<string>): boolean => hop.has(name) || name.startsWith('proxy-');

/**
 * End-to-end headers of a raw header list, by lower-case name (repeated ones as arrays), with
 * hop-by-hop ones removed.
 * @throws TypeError when a name or value is one node cannot send (the caller answers 502 or 400).
 */
export function endToEnd(raw: readonly string[]): Record<string, string | string[]> {
  const hop = hopByHopNames(raw);
  const out = Object.create(null) as Record<string, string | string[]>;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (isHop(name, hop)) continue;
    const value = raw[i + 1] as string;
    validateHeaderName(name);
    validateHeaderValue(name, value);
    const prev = out[name];
    out[name] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
  }
  return out;
}

/**
 * Why a request may not be forwarded as framed, or undefined when it may: GET and HEAD carry no
 * body here (a body there is how a second request is smuggled past a proxy).
 */
export function framingRefusal(req: Pick<IncomingMessage, 'method' | 'headers'>): string | undefined {
  const te = req.headers['transfer-encoding'];
  const cl = req.headers['content-length'];
  const hasBody = te !== undefined || (cl !== undefined && cl !== '0');
  if (hasBody && (req.method === 'GET' || req.method === 'HEAD')) return `a ${req.method} request may not carry a body (Transfer-Encoding or Content-Length > 0); the connection is closed`;
  return undefined;
}

/** A status the proxy can pass on as a final answer: an integer 200–599. */
export const isFinalStatus = (status: number | undefined): status is number => status !== undefined && Number.isInteger(status) && status >= 200 && status <= 599;

/** A keep-alive agent for one upstream (sockets with an error, timeout or abort are destroyed). */
export function upstreamAgent(upstream: URL): HttpAgent {
  const o = { keepAlive: true, maxFreeSockets: 64, scheduling: 'lifo' as const };
  return upstream.protocol === 'https:' ? new HttpsAgent(o) : new HttpAgent(o);
}

/** How an upstream exchange ended without a usable answer. */
export type ForwardFailure =
  /** Connection refused, reset, DNS, TLS. */
  | { kind: 'unreachable'; detail: string }
  /** The answer was not valid HTTP, or had a status or header the proxy cannot pass on. */
  | { kind: 'bad-answer'; detail: string }
  /** No response headers within the timeout. */
  | { kind: 'timeout'; detail: string };

/** What the caller of {@link forward} is told. */
export interface ForwardEvents {
  /** Response headers arrived, checked: status 200–599 and end-to-end headers node can send. */
  onResponse(up: IncomingMessage, headers: Record<string, string | string[]>): void;
  /** No usable answer (before `onResponse`). */
  onFailure(f: ForwardFailure): void;
  /** The body stalled longer than the timeout after `onResponse` (the exchange is destroyed). */
  onBodyTimeout(): void;
}

/** A running upstream exchange. */
export interface Forwarding {
  /** Destroys the exchange (its socket is not reused). */
  abort(): void;
}

/**
 * Sends one request upstream and reports what came of it, exactly once through `onResponse`
 * or `onFailure` (then possibly `onBodyTimeout`). The request body, if any, is piped with node's
 * own framing. Never throws.
 * @param req the client's request (its body is piped upstream).
 * @param placed where it goes (see target.ts).
 * @param timeoutMs bound on the wait for response headers and on idle time between body chunks.
 */
export function forward(req: IncomingMessage, placed: Placed, agent: HttpAgent, timeoutMs: number, events: ForwardEvents): Forwarding {
  const url = placed.url;
  let done = false;
  let headers: OutgoingHttpHeaders;
  try {
    headers = endToEnd(req.rawHeaders);
  } catch (err) {
    done = true;
    events.onFailure({ kind: 'bad-answer', detail: `the request has a header the proxy cannot forward: ${(err as Error).message}` });
    return { abort: () => undefined };
  }
  headers.host = url.host;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  let out!: ClientRequest;
  let retried = false;
  const bodiless = (req.method === 'GET' || req.method === 'HEAD') && req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0';
  let timer: NodeJS.Timeout | undefined = setTimeout(() => {
    timer = undefined;
    out.destroy();
    if (done) return;
    done = true;
    events.onFailure({ kind: 'timeout', detail: `the upstream ${url.origin} did not answer within ${timeoutMs} ms` });
  }, timeoutMs);
  const stop = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const fail = (f: ForwardFailure): void => {
    stop();
    out.destroy();
    if (done) return;
    done = true;
    events.onFailure(f);
  };
  /** Sends the request (again, after a stale kept-alive connection) with its handlers. */
  const start = (): void => {
    const sent = send({ protocol: url.protocol, hostname: url.hostname, port: url.port, path: placed.pathAndQuery, method: req.method, headers, agent });
    out = sent;
    sent.on('error', (err: Error & { code?: string }) => {
      const code = err.code ?? '';
      // A kept-alive upstream connection the upstream closed just as this request went out (node's
      // documented race, `request.reusedSocket`): a request without a body is sent once more, on a
      // fresh connection, instead of failing the client's request.
      if (!done && !retried && bodiless && sent.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE')) {
        retried = true;
        start();
        out.end();
        return;
      }
      if (code.startsWith('HPE_') || code === 'ERR_HTTP_INVALID_STATUS_CODE') fail({ kind: 'bad-answer', detail: `the upstream ${url.origin} answered something that is not valid HTTP (${code})` });
      else fail({ kind: 'unreachable', detail: `the upstream ${url.origin} cannot be reached (${code || err.message}); is --upstream right and the server running?` });
    });
    // 101 (or any upgrade) is never passed on: the proxy does not tunnel.
    sent.on('upgrade', (_res, socket) => {
      socket.destroy();
      fail({ kind: 'bad-answer', detail: `the upstream ${url.origin} switched protocols, which the proxy does not pass on` });
    });
    sent.on('response', (up) => {
      if (done) {
        up.destroy();
        return;
      }
      if (!isFinalStatus(up.statusCode)) {
        up.destroy();
        fail({ kind: 'bad-answer', detail: `the upstream ${url.origin} answered status ${String(up.statusCode)}, not a final status 200–599` });
        return;
      }
      let outHeaders: Record<string, string | string[]>;
      try {
        outHeaders = endToEnd(up.rawHeaders);
      } catch (err) {
        up.destroy();
        fail({ kind: 'bad-answer', detail: `the upstream ${url.origin} sent a header the proxy cannot pass on: ${(err as Error).message}` });
        return;
      }
      done = true;
      stop();
      // From here the timeout bounds the idle time between body chunks (one timer, refreshed).
      timer = setTimeout(() => {
        timer = undefined;
        up.destroy();
        out.destroy();
        events.onBodyTimeout();
      }, timeoutMs);
      up.on('data', () => timer?.refresh());
      up.on('end', stop);
      up.on('close', stop);
      up.on('error', stop);
      events.onResponse(up, outHeaders);
    });
  };
  start();
  req.on('error', () => out.destroy());
  req.pipe(out);
  return {
    abort: () => {
      stop();
      done = true;
      out.destroy();
    },
  };
}
