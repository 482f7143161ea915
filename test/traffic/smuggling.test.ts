/**
 * Request smuggling (issue 21): the proxy never forwards bytes the upstream can read as another
 * request. GET and HEAD bodies are refused (400 problem, connection closed); other bodies go
 * with node's own framing; hop-by-hop headers (RFC 9110 §7.6.1: the fixed set and every name in
 * `Connection`) are dropped both ways; a request node cannot parse gets a 400/431 problem, not
 * a silent close; and each client's answer comes from its own upstream exchange.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endToEnd, framingRefusal, hopByHopNames } from '../../traffic/forward.js';
import { rawRequest } from '../helpers/raw-http.js';
import { lineProxy, rawServer, recordingServer } from '../helpers/traffic.js';

let upstream: Awaited<ReturnType<typeof recordingServer>>;
let proxy: Awaited<ReturnType<typeof lineProxy>>;

beforeAll(async () => {
  upstream = await recordingServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', connection: 'X-Up-Hop, keep-alive', 'x-up-hop': '1', 'keep-alive': 'timeout=5', 'proxy-thing': '1', 'x-end-to-end': 'kept' });
    res.end(JSON.stringify({ url: req.url }));
  });
  proxy = await lineProxy({ upstream: upstream.url, timeoutMs: 2000 });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

const SMUGGLED = 'GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n';
const chunked = (text: string): string => `${text.length.toString(16)}\r\n${text}\r\n0\r\n\r\n`;
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 150));

describe('request bodies the upstream could read as another request', () => {
  it.each([
    ['GET, Transfer-Encoding: chunked', `GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(SMUGGLED)}`],
    ['GET, Transfer-Encoding: gzip, chunked', `GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n${chunked(SMUGGLED)}`],
    ['GET, Content-Length', `GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`],
    ['HEAD, Content-Length', `HEAD /v3/market_a/products HTTP/1.1\r\nHost: x\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`],
    ['HEAD, Transfer-Encoding: chunked', `HEAD /v3/market_a/products HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(SMUGGLED)}`],
    ['GET, both Content-Length and Transfer-Encoding', `GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(SMUGGLED)}`],
    ['GET, two Content-Lengths', `GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`],
  ])('%s: a 400 problem, nothing reaches the upstream, the connection closes', async (_what, bytes) => {
    const before = upstream.seen.length;
    const res = await rawRequest(proxy.port, bytes);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers.connection).toBe('close');
    await settle();
    expect(upstream.seen.slice(before)).toEqual([]);
  });

  it('a POST body goes framed: the upstream reads one request, with the body as its body', async () => {
    const before = upstream.seen.length;
    const res = await rawRequest(proxy.port, `POST /v3/market_a/products HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked(SMUGGLED)}`);
    expect(res.status).toBe(200);
    await settle();
    const seen = upstream.seen.slice(before);
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([['POST', '/v3/market_a/products', SMUGGLED]]);
  });
});

describe('hop-by-hop headers (RFC 9110 §7.6.1)', () => {
  it('are not forwarded to the upstream, nor those named in Connection', async () => {
    const before = upstream.seen.length;
    const res = await rawRequest(
      proxy.port,
      'GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nConnection: close, X-Hop-A, x-hop-b\r\nX-Hop-A: 1\r\nX-Hop-B: 2\r\nKeep-Alive: timeout=5\r\nTE: trailers\r\nTrailer: X-T\r\nUpgrade: h2c\r\nProxy-Authorization: Basic eDp5\r\nProxy-Connection: keep-alive\r\nX-End-To-End: sent\r\n\r\n',
    );
    expect(res.status).toBe(200);
    const seen = upstream.seen.slice(before);
    expect(seen).toHaveLength(1);
    const names = Object.keys(seen[0]?.headers ?? {});
    for (const hop of ['x-hop-a', 'x-hop-b', 'keep-alive', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-connection']) expect(names, hop).not.toContain(hop);
    expect(seen[0]?.headers['x-end-to-end']).toBe('sent');
  });

  it("are not passed back from the upstream's answer, nor those it names in Connection", async () => {
    const res = await rawRequest(proxy.port, 'GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
    expect(res.headers['x-up-hop']).toBeUndefined();
    expect(res.headers['proxy-thing']).toBeUndefined();
    expect(res.headers['keep-alive']).toBeUndefined();
    expect(res.headers['x-end-to-end']).toBe('kept');
  });

  it('hopByHopNames / endToEnd / framingRefusal (unit)', () => {
    const raw = ['Connection', 'close, X-A', 'X-A', '1', 'Proxy-Foo', '2', 'Accept', 'a', 'accept', 'b', 'TE', 'trailers'];
    expect([...hopByHopNames(raw)]).toEqual(expect.arrayContaining(['connection', 'x-a', 'te', 'transfer-encoding', 'upgrade']));
    expect(endToEnd(raw)).toEqual({ accept: ['a', 'b'] });
    expect(() => endToEnd(['X-Bad', 'a\u0000b'])).toThrow();
    expect(framingRefusal({ method: 'GET', headers: { 'transfer-encoding': 'chunked' } })).toMatch(/may not carry a body/);
    expect(framingRefusal({ method: 'HEAD', headers: { 'content-length': '3' } })).toMatch(/may not carry a body/);
    expect(framingRefusal({ method: 'GET', headers: { 'content-length': '0' } })).toBeUndefined();
    expect(framingRefusal({ method: 'POST', headers: { 'transfer-encoding': 'chunked' } })).toBeUndefined();
  });
});

describe('malformed requests get a problem answer, not a silent close', () => {
  it.each([
    ['a space in a header name', 'GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', 400],
    ['a NUL in a header value', 'GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400],
    ['a header line without a colon', 'GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n', 400],
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n', 400],
    ['an obsolete line folding', 'GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n', 400],
    ['a bare LF in the request line', 'GET /v3/market_a/products HTTP/1.1\nHost: x\r\n\r\n', 400],
    ['headers of 40 KiB', `GET /v3/market_a/products HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40 * 1024)}\r\n\r\n`, 431],
  ])('%s: a 400/431 problem', async (_what, bytes, status) => {
    const before = upstream.seen.length;
    const res = await rawRequest(proxy.port, bytes);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.body).status).toBe(status);
    expect(upstream.seen.slice(before)).toEqual([]);
    expect((await fetch(`${proxy.url}/v3/market_a/products`)).status).toBe(200);
  });
});

describe('each client gets the answer of its own exchange', () => {
  it('an upstream that sends an extra answer on a kept-alive connection cannot hand it to the next client', async () => {
    const raw = await rawServer((head, socket) => {
      if (head.includes('/first')) socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n"first"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 8\r\n\r\n"POISON"');
      else socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 8\r\n\r\n"second"');
    });
    const p = await lineProxy({ upstream: raw.url, timeoutMs: 2000 });
    try {
      expect(await (await fetch(`${p.url}/first`)).text()).toBe('"first"');
      await settle();
      for (let i = 0; i < 5; i++) expect(await (await fetch(`${p.url}/second`)).text()).toBe('"second"');
      // A delayed extra answer does not reach a later client either.
      const late = await rawServer((head, socket) => {
        if (head.includes('/first')) {
          socket.write('HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\n"first"');
          setTimeout(() => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n"POISON"'), 30);
        } else socket.write('HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n"second"');
      });
      const q = await lineProxy({ upstream: late.url, timeoutMs: 2000 });
      expect(await (await fetch(`${q.url}/first`)).text()).toBe('"first"');
      await settle();
      for (let i = 0; i < 3; i++) expect(await (await fetch(`${q.url}/second`)).text()).toBe('"second"');
      await q.close();
      await late.close();
    } finally {
      await p.close();
      await raw.close();
    }
  });
});
