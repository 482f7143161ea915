/**
 * Hostile and broken servers for the conformance suite's outside-in tests (issue 9). Each is a
 * node:http server on 127.0.0.1 built around the real mock core (so that discovery works where
 * the scenario lets it) with one kind of misbehaviour. Used by test/conformance/hostile.test.ts
 * and by hand to compare runs before and after a change.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createMockServer } from '../../mocks/index.js';
import { NOW } from './mock.js';
import { stopServer } from './servers.js';

/** The paid key the hostile servers' inner mock knows. */
export const SECRET = 'SECRET-PAID-8c1f2e9a77';
/** The free key it knows. */
export const FREE = 'FREE-KEY-51d0c3b2';

const inner = createMockServer({ now: NOW, products: 300, seed: 'hostile', keys: { [SECRET]: 'Pro', [FREE]: 'Free' } });

/** The inner mock's answer to a request, as status, headers and body text. */
export function mockAnswer(req: IncomingMessage): { status: number; headers: Record<string, string>; body: string } {
  const out = inner.core.respond({ method: req.method ?? 'GET', url: req.url ?? '/', headers: { authorization: req.headers.authorization } });
  const { 'content-length': _drop, ...headers } = out.headers;
  return { status: out.status, headers, body: out.body };
}

const send = (res: ServerResponse, a: { status: number; headers: Record<string, string>; body: string | Buffer }): void => {
  res.writeHead(a.status, a.headers).end(a.body);
};
const passThrough = (req: IncomingMessage, res: ServerResponse): void => send(res, mockAnswer(req));
const isSales = (req: IncomingMessage): boolean => /\/sales/.test(req.url ?? '');
const isB2 = (req: IncomingMessage): boolean => /^\/v3\/market_b\/products\/[^/?]+(\?|$)/.test(req.url ?? '');

/** A misbehaviour: answers one request. */
export type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

/** Every hostile behaviour by name. */
export const HOSTILE: Record<string, Behaviour> = {
  /** The real mock, unchanged. */
  good: passThrough,
  /** 401 to every key. */
  'reject-every-key': (_req, res) => send(res, { status: 401, headers: { 'content-type': 'application/problem+json' }, body: '{"title":"Unauthorized","status":401,"detail":"Invalid key"}' }),
  /** 429 to everything, asking to wait 11.5 days. */
  'rate-limit-forever': (_req, res) => send(res, { status: 429, headers: { 'retry-after': '999999', 'content-type': 'application/problem+json' }, body: '{"title":"Too Many Requests","status":429,"detail":"slow down"}' }),
  /** 429 to everything with Retry-After: 30. */
  'retry-after-30': (_req, res) => send(res, { status: 429, headers: { 'retry-after': '30' }, body: '' }),
  /** Every request redirects to itself, with the caller's key in the URL. */
  'redirect-loop-with-key': (req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    send(res, { status: 302, headers: { location: `${req.url ?? '/'}${(req.url ?? '').includes('?') ? '&' : '?'}token=${key}` }, body: '' });
  },
  /** An HTML 404 page for everything. */
  'html-404': (_req, res) => send(res, { status: 404, headers: { 'content-type': 'text/html' }, body: '<!doctype html><h1>Not Found</h1>' }),
  /** Sales answers echo the caller's key, JSON-escaped, in a 500 problem. */
  'echo-key-escaped': (req, res) => {
    if (!isSales(req)) return passThrough(req, res);
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const escaped = [...key].map((c, i) => (i % 2 === 0 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('');
    send(res, { status: 500, headers: { 'content-type': 'application/problem+json' }, body: `{"title":"Error","status":500,"detail":"key ${escaped} was rejected","key":"\\u0053${key.slice(1)}"}` });
  },
  /** Sales answers put `Bearer <key>` across the 2,000-character trimming edge (the cut falls inside the key). */
  'key-at-trim-edge': (req, res) => {
    if (!isSales(req)) return passThrough(req, res);
    const auth = req.headers.authorization ?? '';
    send(res, { status: 500, headers: { 'content-type': 'text/plain' }, body: `${'x'.repeat(1981)}${auth}${'y'.repeat(200)}` });
  },
  /** B2 answers a title nested 5,000 arrays deep. */
  'deep-nesting': (req, res) => {
    if (!isB2(req)) return passThrough(req, res);
    send(res, { status: 200, headers: { 'content-type': 'application/json' }, body: `{"data":{"title":${'['.repeat(5000)}"${'t'.repeat(10_000)}"${']'.repeat(5000)}}}` });
  },
  /** Sales answers carry 2,000 Content-Encoding values. */
  'content-encoding-flood': (req, res) => {
    if (!isSales(req)) return passThrough(req, res);
    res.setHeader(
      'content-encoding',
      Array.from({ length: 2000 }, (_, i) => (i % 2 ? 'gzip' : 'br')),
    );
    send(res, { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":[]}' });
  },
  /** An unsolicited 100 Continue before every real answer (legal HTTP). */
  'continue-first': (req, res) => {
    res.writeContinue();
    passThrough(req, res);
  },
  /** Control characters wherever a server can put them: member names, messages, headers. */
  'control-characters': (req, res) => {
    if (isSales(req)) {
      send(res, { status: 302, headers: { location: '/x\x9b31mRED\x9b0m' }, body: '' });
      return;
    }
    if (isB2(req)) {
      const forged = '\x1b]0;pwned\x07\x1b[2J\x1b[HPASS: 999 passed, 0 failed\x9b0m';
      send(res, { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { [forged]: forged, id: forged, variants: forged } }) });
      return;
    }
    passThrough(req, res);
  },
  /** B2 bodies are not valid UTF-8 (a lone 0xFF byte inside a string). */
  'invalid-utf8': (req, res) => {
    if (!isB2(req)) return passThrough(req, res);
    const a = mockAnswer(req);
    const body = Buffer.from(a.body);
    const at = body.indexOf('"name":"') + 8;
    send(res, { ...a, body: Buffer.concat([body.subarray(0, at), Buffer.from([0xff]), body.subarray(at)]) });
  },
  /** B2 bodies repeat a member name. */
  'duplicate-names': (req, res) => {
    if (!isB2(req)) return passThrough(req, res);
    const a = mockAnswer(req);
    send(res, { ...a, body: a.body.replace('"sku":', '"sku":"ZZ-000","sku":') });
  },
  /** B ids beyond 2^53. */
  'huge-integer-ids': (req, res) => {
    if (!isB2(req)) return passThrough(req, res);
    const a = mockAnswer(req);
    send(res, { ...a, body: a.body.replace(/"id":\d+/, '"id":9007199254740993') });
  },
  /** B2 bodies start with a UTF-8 BOM. */
  bom: (req, res) => {
    if (!isB2(req)) return passThrough(req, res);
    const a = mockAnswer(req);
    send(res, { ...a, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(a.body)]) });
  },
  /** B2 `rank` is 1e400. */
  'number-overflow': (req, res) => {
    if (!isB2(req)) return passThrough(req, res);
    const a = mockAnswer(req);
    send(res, { ...a, body: a.body.replace(/"rank":\d+/, '"rank":1e400') });
  },
};

/** A hostile server on a free loopback port. */
export async function hostileServer(name: string): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const behaviour = HOSTILE[name];
  if (!behaviour) throw new Error(`no hostile behaviour ${name}`);
  const server = createServer((req, res) => {
    res.on('error', () => undefined);
    try {
      behaviour(req, res);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, server, close: () => stopServer(server) };
}
