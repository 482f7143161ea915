/**
 * Pipelining through the validation proxy (issue 29, connections): a client that writes 201
 * GETs on one connection before reading any answer gets 201 answers, in the order it asked,
 * each the upstream's answer to that request (the upstream echoes the request's path in a
 * header), with small and with 64 KiB bodies. And a client that pipelines and never reads does
 * not make the proxy forward (and hold) every request: the proxy starts at most 16 answers or
 * 1 MiB per connection and stops reading it meanwhile (contract/connections.ts, used by
 * traffic/proxy.ts); another client is still served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, pipeline } from '../helpers/pipeline.js';
import { lineProxy, recordingServer } from '../helpers/traffic.js';

let upstream: Awaited<ReturnType<typeof recordingServer>>;
let proxy: Awaited<ReturnType<typeof lineProxy>>;
let upstreamHits = 0;

beforeAll(async () => {
  upstream = await recordingServer((req, res) => {
    upstreamHits++;
    const body = JSON.stringify({ path: req.url, pad: 'x'.repeat(Number(/pad=(\d+)/.exec(req.url ?? '')?.[1] ?? 0)) });
    res.writeHead(200, { 'content-type': 'application/json', 'x-echo': req.url ?? '', 'content-length': String(Buffer.byteLength(body)) }).end(body);
  });
  proxy = await lineProxy({ upstream: upstream.url, timeoutMs: 10_000 });
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
});

const get = (path: string): string => `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`;

describe('the proxy answers every pipelined request, in order (issue 29)', () => {
  it('201 pipelined GETs on one connection get 201 answers, each to its own request, in order', async () => {
    const paths = Array.from({ length: 201 }, (_, i) => `/v3/market_b/products?limit=1&n=${i}`);
    const answers = await pipeline(proxy.port, paths.map(get), paths.length, 'x-echo');
    expect(answers).toHaveLength(201);
    expect(answers.map((a) => a.status)).toEqual(paths.map(() => 200));
    expect(answers.map((a) => a.tag)).toEqual(paths);
  }, 60_000);

  it('with bodies of 64 KiB each, 201 pipelined answers still come back whole and in order', async () => {
    const paths = Array.from({ length: 201 }, (_, i) => `/v3/market_b/products?pad=65536&n=${i}`);
    const answers = await pipeline(proxy.port, paths.map(get), paths.length, 'x-echo');
    expect(answers.map((a) => a.tag)).toEqual(paths);
    expect(answers.every((a) => a.status === 200 && a.bodyBytes > 65_536)).toBe(true);
  }, 60_000);

  it('a client that pipelines 5,000 requests and never reads does not get them all forwarded at once, and others are still served', async () => {
    const before = upstreamHits;
    const greedy = await openSocket(proxy.port);
    greedy.on('error', () => undefined);
    greedy.write(Array.from({ length: 5000 }, (_, i) => get(`/v3/market_b/products?pad=65536&g=${i}`)).join(''));
    await new Promise((r) => setTimeout(r, 1500));
    const forwarded = upstreamHits - before;
    console.log(`forwarded upstream while the client read nothing: ${forwarded} of 5000`);
    // The proxy forwards only while the unread answers of that connection stay under its bound.
    expect(forwarded).toBeLessThan(200);
    const other = await pipeline(proxy.port, [get('/v3/market_b/products?other=1')], 1, 'x-echo', 10_000);
    expect(other.map((a) => a.tag)).toEqual(['/v3/market_b/products?other=1']);
    greedy.destroy();
  }, 60_000);
});
