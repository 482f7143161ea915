/**
 * The validation proxy (`resale-kit proxy --upstream URL`), as thin orchestration of the traffic
 * units: target placement (target.ts), forwarding (forward.ts), judging (judge.ts) and
 * recording (one call site, `recorder?.record`). What it guarantees:
 * - every request goes to the `--upstream` origin, under its base path, or is refused with a
 *   400 problem (target.ts); GET/HEAD bodies are refused, hop-by-hop headers dropped, malformed
 *   requests answered 400/431/408 problems (forward.ts and the `clientError` handler here);
 * - the upstream's answer is passed on byte for byte (status, end-to-end headers, body) with
 *   `x-contract-violations` and CORS headers added; an answer it cannot pass on (status outside
 *   200–599, an upgrade, a header node cannot send, not HTTP) is a 502 problem, never a crash;
 * - `--judge sync` (default): bodies up to the body cap are buffered, judged within a budget and
 *   sent with `x-contract-violations: N`; larger ones stream through, `unjudged`.
 *   `--judge async`: the answer streams through at once (`x-contract-violations: pending`) and
 *   is judged in a worker thread, off the event loop that forwards (judge-async.ts; bounded
 *   queue, overflow counted as "not judged: overload"); `close()` waits for it (bounded);
 * - memory does not grow with the number of answers (aggregates, not every verdict); `close()`
 *   takes time bounded by the aggregates, not by the run's length.
 * - pipelined requests on one connection are answered in order, at most 16 answers or 1 MiB of
 *   their bodies in flight per connection; later ones wait unforwarded and the connection is not
 *   read meanwhile (`ConnectionGate`, contract/connections.ts).
 * Secrets: every key seen in an `Authorization` header is redacted from every line, report and
 * recording, in every form the suite's redactor knows.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { boundConnections, ConnectionGate, ContractValidator, listenerOptions, matchPath, printableUrl, PROBLEM_TYPES, urlHost, type ProblemKind } from '../contract/index.js';
import type { Check, CheckContext } from '../conformance/index.js';
import { CHECKS } from '../conformance/index.js';
import { ApiClient, collectHeaders, withBody } from '../conformance/index.js';
import { keyOf } from './har/har.js';
import { resolveConformanceOptions, UsageError, type ConformanceOptions } from '../conformance/index.js';
import { credentialSecrets, MIN_SEARCHED, Redactor } from '../conformance/index.js';
import { buildReport, TOOL_VERSION, VOCABULARY } from '../conformance/index.js';
import { terminalSafe } from '../conformance/index.js';
import type { Exchange, Report } from '../conformance/index.js';
import { forward, framingRefusal, upstreamAgent } from './forward.js';
import { createJudge, JUDGE_DEFAULTS, type JudgeMode, type JudgeStats } from './judge.js';
import { createAsyncJudge } from './judge-async.js';
import { createRecorder, type Recorder } from './recorder.js';
import { placeTarget } from './target.js';

/** Options of the proxy. */
export interface ProxyOptions {
  /** The server to forward to, such as `https://staging.example.com` or `http://host/api` (a base path). */
  upstream: string;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Port; 0 picks a free one. Default 0. */
  port?: number;
  /**
   * Milliseconds. Bounds the wait for the upstream's response headers (then a 504 problem) and
   * the idle time between two chunks of its body (then, once the status line was sent, the
   * client's connection is aborted; before, a 504 problem). Default 30 000.
   */
  timeoutMs?: number;
  /** Bodies up to this size (bytes) are judged; larger ones pass through unjudged. Default 5 MiB. */
  maxBodyBytes?: number;
  /** Write a HAR 1.2 recording of every exchange to this path (appended as it goes; see traffic/recorder.ts). */
  record?: string;
  /** With `record`: start a new file (FILE.1.har, ...) before one passes this many bytes; each file is a valid HAR. Default: no rotation. */
  recordMaxBytes?: number;
  /** `sync` (default): judge before answering, `x-contract-violations: N`; `async`: answer first, judge in the background. */
  judge?: JudgeMode;
  /** Milliseconds of checks per answer before the rest is skipped ("not fully judged"). Default 100. */
  judgeBudgetMs?: number;
  /** Answers the async judge may hold waiting (then "not judged: overload"). Default 256. */
  judgeQueue?: number;
  /** Milliseconds `close()` waits for the async judge to judge what is queued (then counted "still waiting"). Default 500. */
  judgeStopWaitMs?: number;
  /** Receives one line per violation, and notes (already redacted and terminal-safe). */
  onLine?: (line: string) => void;
}

/** Counts of a running proxy. */
export interface ProxyStats extends JudgeStats {
  /** Requests refused by the proxy itself (target, framing, malformed). */
  refused: number;
}

/** A running proxy. */
export interface RunningProxy {
  /** The proxy's base URL, such as `http://127.0.0.1:4020`. */
  url: string;
  server: Server;
  /** Answers judged, violations found, and what was not (fully) judged, so far. */
  stats(): ProxyStats;
  /** Stops listening, writes the recording a last time, and returns the report of everything judged. */
  close(): Promise<Report>;
}

/** Keys the proxy remembers for redaction. */
export const MAX_KEYS = 10_000;

const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'x-contract-violations, x-key-type, x-quota-current, retry-after, content-length' };

const problemBody = (kind: ProblemKind, detail: string): string => {
  const { type, title, status } = PROBLEM_TYPES[kind];
  return JSON.stringify({ type, title, status, detail });
};

/** A problem-details answer of the proxy itself; `close` ends the client's connection after it. */
function problem(res: ServerResponse, kind: ProblemKind, detail: string, close = false): void {
  if (res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = problemBody(kind, detail);
  const headers: Record<string, string> = { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)), ...CORS };
  if (close) {
    headers.connection = 'close';
    res.shouldKeepAlive = false;
  }
  // A reason phrase an earlier writeHead was given stays on the response even when node refused
  // it (an upstream's `200 OK\x1b[31m`): cleared, so node writes the status code's own.
  res.statusMessage = '';
  try {
    res.writeHead(PROBLEM_TYPES[kind].status, headers);
  } catch {
    res.destroy();
    return;
  }
  res.end(body);
}

/** The answer to a request node could not parse, written on the socket (`clientError`). */
function onClientError(err: Error & { code?: string }, socket: Socket): void {
  const code = err.code ?? '';
  if (code === 'ECONNRESET' || !socket.writable || (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const kind: ProblemKind = code === 'HPE_HEADER_OVERFLOW' ? 'headers-too-large' : code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'HPE_HEADERS_TIMEOUT' ? 'request-timeout' : 'malformed-request';
  const detail =
    kind === 'headers-too-large'
      ? 'the request headers are larger than the proxy accepts (16 KiB)'
      : kind === 'request-timeout'
        ? 'the request was not received in time'
        : `the request is not valid HTTP/1.1 (${code || 'parse error'}); the connection is closed`;
  const body = problemBody(kind, detail);
  const { status, title } = PROBLEM_TYPES[kind];
  socket.end(`HTTP/1.1 ${status} ${title}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/**
 * Starts the validation proxy.
 * @throws UsageError when the upstream is not an absolute http(s) URL, or has a query or
 *   credentials; Error when the port cannot be bound.
 */
export async function startProxy(p: ProxyOptions): Promise<RunningProxy> {
  // Checked on the URL as given (resolveConformanceOptions takes userinfo out); printed without its secrets.
  let given: URL | undefined;
  try {
    given = new URL(p.upstream);
  } catch {
    given = undefined;
  }
  if (given && (given.username || given.password || given.search || given.hash)) throw new UsageError(`--upstream must be an origin with an optional base path (no credentials, query or fragment): ${printableUrl(p.upstream)}`);
  // Refused here, in the proxy's own words, before the suite's options would name the URL by their flag.
  if (!given || !/^https?:$/.test(given.protocol)) throw new UsageError(`--upstream must be an absolute http(s) URL such as http://127.0.0.1:4010, got ${JSON.stringify(printableUrl(p.upstream))}`);
  const o: ConformanceOptions = resolveConformanceOptions(
    { baseUrl: p.upstream, rateLimit: 0, maxBodyBytes: p.maxBodyBytes, timeoutMs: p.timeoutMs ?? 30_000 },
    CHECKS.map((c) => c.id),
  );
  const upstream = new URL(o.baseUrl);
  if (upstream.username || upstream.password || upstream.search || upstream.hash) throw new UsageError(`--upstream must be an origin with an optional base path (no credentials, query or fragment): ${printableUrl(o.baseUrl)}`);
  const validator = new ContractValidator();
  const client = new ApiClient(o);
  const ctx: CheckContext = {
    options: o,
    client,
    validator,
    discover: () => Promise.reject(new Error('the proxy makes no requests of its own')),
    call: () => Promise.reject(new Error('the proxy makes no requests of its own')),
  };
  const checks: Check[] = CHECKS.filter((c) => c.response);
  // Compile every response schema now, so no answer's time budget is spent compiling.
  validator.compileResponses();
  // Keys learnt from traffic shorter than MIN_SEARCHED are removed from headers only (redact.ts).
  const redactor = new Redactor([], VOCABULARY, { minSearched: MIN_SEARCHED });
  const say = (line: string): void => p.onLine?.(terminalSafe(redactor.text(line)));
  const violation = (check: string, operationId: string, location: string | undefined, message: string, method: string, url: string): void =>
    say(`VIOLATION ${operationId || new URL(url).pathname} ${check} ${location ?? ''} ${message} (${method} ${url})`);
  const judge =
    (p.judge ?? JUDGE_DEFAULTS.mode) === 'async'
      ? createAsyncJudge({
          options: o,
          checkIds: checks.map((c) => c.id),
          budgetMs: p.judgeBudgetMs,
          queueMax: p.judgeQueue,
          stopWaitMs: p.judgeStopWaitMs,
          onViolation: (v) => violation(v.check, v.operationId, v.location, v.message, v.method, v.url),
          onError: say,
        })
      : { mode: 'sync' as const, ...createJudge({ checks, ctx, budgetMs: p.judgeBudgetMs, onViolation: (check, v, ex) => violation(check, ex.operationId, v.location, v.message, ex.request.method, ex.request.url), onError: say }) };
  const recorder: Recorder | undefined = p.record ? createRecorder({ path: p.record, maxBytes: p.recordMaxBytes, redactor, version: TOOL_VERSION, onError: say }) : undefined;
  /** Upstream answers still being received: ended at close, so each is recorded (as cut) before the recording closes. */
  const inFlight = new Set<IncomingMessage>();
  const agent = upstreamAgent(upstream);
  const gate = new ConnectionGate();
  const started = Date.now();
  let refused = 0;
  /** Upstream answers passed back to clients (judged or not): the report's request count. */
  let proxied = 0;

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    res.on('error', () => undefined);
    const startedAt = new Date();
    const key = keyOf(req.headers.authorization);
    // Every key seen is a secret from now on. A client inventing keys cannot grow this without
    // bound: past MAX_KEYS, new keys are still removed from the recording's headers, but no
    // longer searched for in bodies and lines.
    // Every other credential header's value (`X-Auth-Token`, `Cookie`, ...: attacker probe 6) is one too.
    const learnt = key !== undefined ? [key] : [];
    for (let i = 0; i < req.rawHeaders.length && learnt.length < 8; i += 2) learnt.push(...credentialSecrets(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string));
    for (const secret of learnt) if (redactor.size < MAX_KEYS && redactor.add(secret) && redactor.size === MAX_KEYS) say(`note: ${MAX_KEYS} different keys seen; later ones are not searched for in bodies`);
    const framing = framingRefusal(req);
    if (framing) {
      // The body is never read: the connection closes after the refusal.
      refused++;
      problem(res, 'malformed-request', framing, true);
      res.on('finish', () => req.socket.destroySoon());
      return;
    }
    if (req.method === 'OPTIONS') {
      const asked = req.headers['access-control-request-headers'];
      res.writeHead(204, {
        ...CORS,
        'access-control-allow-methods': 'GET, HEAD, OPTIONS',
        'access-control-allow-headers': typeof asked === 'string' && /^[\w\s,-]{1,1024}$/.test(asked) ? asked : 'authorization, prefer, content-type',
        'access-control-max-age': '600',
      });
      res.end();
      req.resume();
      return;
    }
    const placed = placeTarget(upstream, req.url ?? '');
    if (!placed.ok) {
      refused++;
      req.resume();
      problem(res, 'malformed-request', `the proxy forwards only to ${upstream.origin}${upstream.pathname.replace(/\/+$/, '')}/...: ${placed.reason}`);
      return;
    }
    const begun = Date.now();
    const op = validator.operations.find((x) => matchPath(x.path, placed.contractPath));
    // Plain values only: a queued exchange must not keep the request, its socket or the answer alive.
    const about: Pick<Exchange, 'operationId' | 'auth' | 'request'> = { operationId: op?.operationId ?? '', auth: key === undefined ? 'none' : 'main', request: { method: req.method ?? 'GET', url: placed.url.href } };
    const exchangeOf = (status: number, rawHeaders: string[], bytes: Buffer, ms: number): Exchange => withBody({ ...about, status, headers: collectHeaders(rawHeaders), text: '', ms }, bytes);

    const exchange = forward(req, placed, agent, o.timeoutMs, {
      onFailure: (f) => problem(res, f.kind === 'timeout' ? 'upstream-timeout' : f.kind === 'unreachable' ? 'upstream-unreachable' : 'bad-upstream-answer', f.detail),
      // Once the status line is out, a stall aborts the client's connection: never extra bytes.
      onBodyTimeout: () => problem(res, 'upstream-timeout', `the upstream ${upstream.origin} stalled for ${o.timeoutMs} ms while sending its body`),
      onResponse: (up, headers) => {
        const status = up.statusCode as number;
        // What the proxy holds or passes on for this answer counts against its connection's bound.
        // One listener on the hot path: the bytes seen (for a body that never completes) and the connection's charge.
        let bodyBytes = 0;
        up.on('data', (chunk: Buffer) => {
          bodyBytes += chunk.length;
          gate.charge(res, chunk.length);
        });
        const head = (extra: Record<string, string>): boolean => {
          try {
            res.writeHead(status, up.statusMessage, { ...headers, ...CORS, ...extra });
            proxied++;
            return true;
          } catch (err) {
            up.destroy();
            problem(res, 'bad-upstream-answer', `the upstream ${upstream.origin} sent an answer the proxy cannot pass on: ${(err as Error).message}`);
            return false;
          }
        };
        // A body cut short by the upstream (or stalled past the timeout, or endless until the client
        // left): the client's connection is aborted, never completed, and the exchange is still
        // recorded, with the bytes seen and no body (round 4 attacker, L6: it left no HAR entry).
        inFlight.add(up);
        up.on('close', () => {
          inFlight.delete(up);
          if (up.complete) return;
          problem(res, 'bad-upstream-answer', `the upstream ${upstream.origin} closed the connection in the middle of its answer`);
          finish(Buffer.alloc(0), { bytes: bodyBytes, reason: `the body was not complete: the exchange ended after ${bodyBytes} bytes (the upstream closed or stalled, or the client left)` });
        });
        // The one recorder call: every exchange that got an answer is recorded (finding 15), a
        // body over the cap with its size and no text (recorder.ts `bodyLeftOut`), a HEAD without one.
        let recorded = false;
        const finish = (bytes: Buffer, bodyLeftOut?: { bytes: number; reason: string }): void => {
          if (recorded) return;
          recorded = true;
          recorder?.record({
            startedAt,
            method: req.method ?? 'GET',
            url: placed.url.href,
            requestRawHeaders: req.rawHeaders,
            status,
            statusText: up.statusMessage ?? '',
            responseRawHeaders: up.rawHeaders,
            body: bytes,
            ms: Date.now() - begun,
            ...(bodyLeftOut ? { bodyLeftOut } : {}),
          });
        };
        const tooLarge = (bytes: number): { bytes: number; reason: string } => ({ bytes, reason: `${bytes} bytes, larger than ${o.maxBodyBytes} bytes, the largest body the proxy buffers to judge and record` });
        if (req.method === 'HEAD') {
          up.resume();
          if (head({ 'x-contract-violations': 'unjudged' })) {
            res.end();
            finish(Buffer.alloc(0));
          }
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let streaming = false;
        if (judge.mode === 'async') {
          if (!head({ 'x-contract-violations': 'pending' })) return;
          // A full queue: the answer is counted now and its body not kept (unless recording).
          if (!judge.hasRoom()) {
            judge.overloaded();
            if (!recorder) {
              up.pipe(res);
              return;
            }
          }
          const judging = judge.hasRoom();
          up.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (streaming) return;
            if (size > o.maxBodyBytes) {
              streaming = true;
              chunks.length = 0;
            } else chunks.push(chunk);
          });
          up.on('end', () => {
            // A body cut short ends too: the 'close' handler records it as cut, never as whole.
            if (!up.complete) return;
            if (streaming) {
              judge.unjudged(`the body is larger than ${o.maxBodyBytes} bytes`);
              finish(Buffer.alloc(0), tooLarge(size));
              return;
            }
            const bytes = Buffer.concat(chunks);
            // The body's buffer moves to the judging worker unless the recorder still needs it.
            if (judging) judge.submit({ about, status, rawHeaders: up.rawHeaders, body: bytes, ms: Date.now() - begun }, recorder !== undefined);
            finish(bytes);
          });
          up.pipe(res);
          return;
        }
        up.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (streaming) return;
          chunks.push(chunk);
          if (size > o.maxBodyBytes) {
            // Too large to judge: pass it through as it comes.
            streaming = true;
            judge.unjudged(`the body is larger than ${o.maxBodyBytes} bytes`);
            if (!head({ 'x-contract-violations': 'unjudged' })) return;
            for (const c of chunks) res.write(c);
            chunks.length = 0;
            up.pipe(res);
          }
        });
        up.on('end', () => {
          if (!up.complete) return;
          if (streaming) {
            finish(Buffer.alloc(0), tooLarge(size));
            return;
          }
          const bytes = Buffer.concat(chunks);
          const found = judge.judgeNow(exchangeOf(status, up.rawHeaders, bytes, Date.now() - begun));
          const length: Record<string, string> = status === 204 || status === 304 ? {} : { 'content-length': String(bytes.length) };
          if (!head({ ...length, 'x-contract-violations': String(found.length) })) return;
          res.end(bytes);
          finish(bytes);
        });
      },
    });
    // A client that goes away ends its upstream exchange (the socket is not reused).
    res.on('close', () => {
      if (!res.writableFinished) exchange.abort();
    });
  };

  // Nothing a client sends may stop the proxy: a request it cannot forward is a 400 problem.
  // Pipelined requests are answered in order, each connection's unread answers bounded (contract/connections.ts).
  // Connections are capped in all and per address, slow request heads dropped (contract/connections.ts).
  const server = createServer(listenerOptions(), (req, res) => {
    res.on('error', () => undefined);
    gate.admit(req.socket, res, () => {
      try {
        handler(req, res);
      } catch (err) {
        problem(res, 'malformed-request', `the proxy cannot forward this request: ${(err as Error).message}`);
      }
    });
  });
  boundConnections(server);
  server.on('clientError', onClientError);
  // CONNECT asks for a tunnel to any host: never. A 405 problem, then the connection closes.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    refused++;
    socket.on('error', () => undefined);
    const body = problemBody('method-not-allowed', 'the proxy does not open tunnels (CONNECT); it forwards GET, HEAD and other requests to its upstream only');
    const { status, title } = PROBLEM_TYPES['method-not-allowed'];
    socket.end(`HTTP/1.1 ${status} ${title}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nallow: GET, HEAD, OPTIONS\r\nconnection: close\r\n\r\n${body}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(p.port ?? 0, p.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as { port: number };
  const host = urlHost(p.host ?? '127.0.0.1');
  const stats = (): ProxyStats => ({ ...judge.stats(), refused });
  return {
    url: `http://${host}:${addr.port}`,
    server,
    stats,
    close: async () => {
      const closed = new Promise<void>((r) => server.close(() => r()));
      // Answers still streaming (an endless body) are ended and recorded as cut before the recording closes.
      const ending = [...inFlight].map((u) => new Promise<void>((r) => (u.destroyed && u.closed ? r() : u.once('close', () => r()))));
      for (const u of inFlight) u.destroy();
      server.closeAllConnections();
      agent.destroy();
      await Promise.race([Promise.all(ending), new Promise((r) => setTimeout(r, 1_000).unref())]);
      // The async judge's worker judges what is queued (bounded wait) and sends its aggregates.
      if (judge.mode === 'async') await judge.close();
      await closed;
      await recorder?.close();
      client.close();
      const s = stats();
      const notes: string[] = [];
      for (const { reason, count } of judge.shortfalls()) notes.push(`not fully judged: ${count} answer(s): ${reason}`);
      if (s.overload > 0) notes.push(`not judged: overload: ${s.overload} answer(s) did not fit the judging queue (--judge async)`);
      if (s.unjudgedAtStop > 0) notes.push(`not judged: ${s.unjudgedAtStop} answer(s) were still waiting to be judged when the proxy stopped`);
      if (s.failed > 0) notes.push(`not judged: ${s.failed} answer(s) whose verdicts were lost when the judging worker stopped (--judge async; its error is above)`);
      // Every answer passed back is counted, judged or not; the phases below say how many were not (fully) judged.
      const phases = [{ name: 'proxied', requests: proxied }];
      if (s.notFullyJudged > 0) phases.push({ name: 'not fully judged', requests: s.notFullyJudged });
      if (s.overload + s.unjudgedAtStop + s.failed > 0) phases.push({ name: 'not judged', requests: s.overload + s.unjudgedAtStop + s.failed });
      // The proxy has no key or --allow-skip of its own: its advice names none (finding 16).
      return buildReport(o, ctx, checks, judge.verdicts(), redactor, { started, requests: proxied, phases, errors: notes.map((message) => ({ message })), options: new Set<string>() });
    },
  };
}

export { JUDGE_DEFAULTS };
