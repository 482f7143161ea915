/**
 * The validation proxy (`resale-kit proxy --upstream URL`): forwards every request to the
 * upstream unchanged (method, path, query, headers, body), returns its answer byte for byte, and
 * judges each answer with every response-level check of the suite (the same check functions,
 * not a second implementation). Each answer gains `x-contract-violations: N` and CORS headers;
 * each violation is reported as one line (operation, check, JSON Pointer, message); on close
 * the suite's report is built from everything judged. `--record` appends every exchange to a
 * HAR 1.2 file that stays valid as it grows, rotated by `--record-max-bytes`, with no usable
 * secret in it (conformance/traffic/recorder.ts).
 * Secrets: every key seen in an `Authorization` header is redacted from every line, report and
 * recording, in every form the suite's redactor knows.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ContractValidator, matchPath, PROBLEM_TYPES, urlHost } from '../contract/index.js';
import type { Check, CheckContext, Verdict } from './check.js';
import { CHECKS } from './checks/index.js';
import { ApiClient, collectHeaders, withBody } from './client.js';
import { keyOf } from './har.js';
import { resolveConformanceOptions, type ConformanceOptions } from './options.js';
import { MIN_SEARCHED, Redactor } from './redact.js';
import { buildReport, TOOL_VERSION, VOCABULARY } from './runner.js';
import { terminalSafe } from './terminal.js';
import { createRecorder } from './traffic/recorder.js';
import type { Exchange, Report } from './types.js';

/** Options of the proxy. */
export interface ProxyOptions {
  /** The server to forward to, such as `https://staging.example.com`. */
  upstream: string;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Port; 0 picks a free one. Default 0. */
  port?: number;
  /** Timeout of one upstream answer in milliseconds (then 504 problem details). Default 30 000. */
  timeoutMs?: number;
  /** Bodies up to this size (bytes) are judged; larger ones pass through unjudged. Default 5 MiB. */
  maxBodyBytes?: number;
  /** Write a HAR 1.2 recording of every exchange to this path (appended as it goes; see conformance/traffic/recorder.ts). */
  record?: string;
  /** With `record`: start a new file (`FILE.1.har`, ...) before one passes this many bytes. Default: one file. */
  recordMaxBytes?: number;
  /** Receives one line per violation, and notes (already redacted and terminal-safe). */
  onLine?: (line: string) => void;
}

/** A running proxy. */
export interface RunningProxy {
  /** The proxy's base URL, such as `http://127.0.0.1:4020`. */
  url: string;
  server: Server;
  /** Answers judged and violations found so far. */
  stats(): { answers: number; violations: number };
  /** Stops listening, writes the recording a last time, and returns the report of everything judged. */
  close(): Promise<Report>;
}

/** Keys the proxy remembers for redaction. */
export const MAX_KEYS = 10_000;

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'x-contract-violations, x-key-type, x-quota-current, retry-after, content-length' };

/** A problem-details answer of the proxy itself (a request it cannot forward, upstream unreachable or too slow). */
function problem(res: ServerResponse, kind: 'malformed-request' | 'upstream-unreachable' | 'upstream-timeout', detail: string): void {
  const { type, title, status } = PROBLEM_TYPES[kind];
  const body = JSON.stringify({ type, title, status, detail });
  if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)), ...CORS });
  res.end(body);
}

/**
 * Starts the validation proxy.
 * @throws UsageError when the upstream is not an absolute http(s) URL; Error when the port cannot be bound.
 */
export async function startProxy(p: ProxyOptions): Promise<RunningProxy> {
  const o: ConformanceOptions = resolveConformanceOptions(
    { baseUrl: p.upstream, rateLimit: 0, maxBodyBytes: p.maxBodyBytes, timeoutMs: p.timeoutMs ?? 30_000 },
    CHECKS.map((c) => c.id),
  );
  const upstream = new URL(o.baseUrl);
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
  const verdicts = new Map<string, Verdict[]>(checks.map((c) => [c.id, []]));
  // Keys learnt from traffic shorter than MIN_SEARCHED are removed from headers only (redact.ts).
  const redactor = new Redactor([], VOCABULARY, { minSearched: MIN_SEARCHED });
  const say = (line: string): void => p.onLine?.(terminalSafe(redactor.text(line)));
  const started = Date.now();
  let answers = 0;
  let violations = 0;
  const recorder = p.record ? createRecorder({ path: p.record, maxBytes: p.recordMaxBytes, redactor, version: TOOL_VERSION, onError: say }) : undefined;

  const judge = (ex: Exchange): { check: string; v: Verdict }[] => {
    const found: { check: string; v: Verdict }[] = [];
    for (const check of checks) {
      try {
        const v = (check.response as NonNullable<Check['response']>)(ex, ctx);
        const list = v ? (Array.isArray(v) ? v : [v]) : [];
        verdicts.get(check.id)?.push(...list);
        for (const v of list) if (v.outcome === 'fail') found.push({ check: check.id, v });
      } catch (err) {
        say(`suite error: check ${check.id} stopped: ${(err as Error).message}`);
      }
    }
    return found;
  };

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    res.on('error', () => undefined);
    const key = keyOf(req.headers.authorization);
    // Every key seen is a secret from now on. A client inventing keys cannot grow this without
    // bound: past MAX_KEYS, new keys are still removed from the recording's headers, but no
    // longer searched for in bodies and lines.
    if (key !== undefined && redactor.size < MAX_KEYS && redactor.add(key) && redactor.size === MAX_KEYS) say(`note: ${MAX_KEYS} different keys seen; later ones are not searched for in bodies`);
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
    const target = new URL(req.url ?? '/', upstream);
    const url = `${upstream.origin}${upstream.pathname.replace(/\/+$/, '')}${(req.url ?? '/').replace(/^https?:\/\/[^/]*/i, '')}`;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = upstream.host;
    const begun = Date.now();
    const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
    const out = send(url, { method: req.method, headers });
    const timer = setTimeout(() => {
      out.destroy(new Error('timeout'));
      problem(res, 'upstream-timeout', `the upstream ${upstream.origin} did not answer within ${o.timeoutMs} ms`);
    }, o.timeoutMs);
    out.on('error', (err: Error & { code?: string }) => {
      clearTimeout(timer);
      if (!res.headersSent) problem(res, 'upstream-unreachable', `the upstream ${upstream.origin} cannot be reached (${err.code ?? err.message}); is --upstream right and the server running?`);
      else res.destroy();
    });
    out.on('response', (up) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let streaming = false;
      const outHeaders = (extra: Record<string, string>): Record<string, string | string[]> => {
        const h: Record<string, string | string[]> = {};
        for (let i = 0; i + 1 < up.rawHeaders.length; i += 2) {
          const name = (up.rawHeaders[i] as string).toLowerCase();
          if (HOP_BY_HOP.has(name)) continue;
          const prev = h[name];
          h[name] = prev === undefined ? (up.rawHeaders[i + 1] as string) : [...(Array.isArray(prev) ? prev : [prev]), up.rawHeaders[i + 1] as string];
        }
        return { ...h, ...CORS, ...extra };
      };
      up.on('data', (chunk: Buffer) => {
        if (streaming) return;
        size += chunk.length;
        chunks.push(chunk);
        if (size > o.maxBodyBytes) {
          // Too large to judge: pass it through as it comes.
          streaming = true;
          res.writeHead(up.statusCode ?? 502, outHeaders({ 'x-contract-violations': 'unjudged' }));
          for (const c of chunks) res.write(c);
          up.pipe(res);
        }
      });
      up.on('error', () => res.destroy());
      up.on('end', () => {
        clearTimeout(timer);
        if (streaming) return;
        const bytes = Buffer.concat(chunks);
        const path = target.pathname;
        const op = validator.operations.find((x) => matchPath(x.path, path));
        const base: Exchange = { operationId: op?.operationId ?? '', auth: key === undefined ? 'none' : 'main', request: { method: req.method ?? 'GET', url }, headers: collectHeaders(up.rawHeaders), text: '', ms: Date.now() - begun };
        const ex = withBody({ ...base, status: up.statusCode }, bytes);
        if (req.method === 'HEAD') {
          // An answer to HEAD has no body to judge.
          res.writeHead(up.statusCode ?? 502, outHeaders({ 'x-contract-violations': 'unjudged' }));
          res.end();
          return;
        }
        const found = judge(ex);
        answers++;
        violations += found.length;
        for (const { check, v } of found) say(`VIOLATION ${op?.operationId ?? path} ${check} ${v.location ?? ''} ${v.message} (${req.method} ${url})`);
        res.writeHead(up.statusCode ?? 502, outHeaders({ 'x-contract-violations': String(found.length) }));
        res.end(bytes);
        recorder?.record({
          startedAt: new Date(begun),
          method: req.method ?? 'GET',
          url,
          requestRawHeaders: req.rawHeaders,
          status: up.statusCode ?? 0,
          statusText: up.statusMessage ?? '',
          responseRawHeaders: up.rawHeaders,
          body: bytes,
          ms: ex.ms,
        });
      });
    });
    req.pipe(out);
  };

  // Nothing a client sends may stop the proxy: a request it cannot forward is a 400 problem.
  const server = createServer((req, res) => {
    try {
      handler(req, res);
    } catch (err) {
      res.on('error', () => undefined);
      if (!res.headersSent) {
        problem(res, 'malformed-request', `the proxy cannot forward this request: ${(err as Error).message}`);
      } else res.destroy();
    }
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(p.port ?? 0, p.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as { port: number };
  const host = urlHost(p.host ?? '127.0.0.1');
  return {
    url: `http://${host}:${addr.port}`,
    server,
    stats: () => ({ answers, violations }),
    close: async () => {
      await new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      });
      await recorder?.close();
      client.close();
      return buildReport(o, ctx, checks, verdicts, redactor, { started, requests: answers, phases: [{ name: 'proxied', requests: answers }], errors: [] });
    },
  };
}
