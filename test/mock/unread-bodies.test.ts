/**
 * Request bodies the mock never reads (the API is read-only, §1): node:http drains an unread body
 * once the answer is finished, so the next request on the same keep-alive connection is answered.
 * The adapter (mocks/http/server.ts) does not call `req.resume()` per request (issue 33: it cost a
 * tick and listeners per request); these requests show nothing depends on it. In process, on a
 * loopback listener, raw HTTP/1.1 over one socket.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, parseAnswers, pipeline } from '../helpers/pipeline.js';
import { createMockServer } from '../../mocks/index.js';

let server: Server;
let port = 0;

beforeAll(async () => {
  ({ server } = await createMockServer({ products: 500, now: Date.UTC(2026, 0, 15), host: '127.0.0.1', port: 0 }).listen());
  const addr = server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const GET = (tag: string): string => `GET /v3/market_b/products?limit=1&tag=${tag} HTTP/1.1\r\nHost: x\r\nAuthorization: demo-premium\r\n\r\n`;

describe('request bodies the mock does not read', () => {
  const big = 'x'.repeat(200_000);
  const cases: [string, string][] = [
    ['a POST with a 200 kB Content-Length body', `POST /v3/market_a/products HTTP/1.1\r\nHost: x\r\nContent-Length: ${big.length}\r\n\r\n${big}`],
    ['a GET with a body', `GET /v3/market_b/products?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: demo-premium\r\nContent-Length: 5\r\n\r\nhello`],
    ['a chunked PUT', `PUT /v3/market_a/products HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n${(70_000).toString(16)}\r\n${'y'.repeat(70_000)}\r\n0\r\n\r\n`],
  ];
  it.each(cases)('%s is answered, and so is the GET after it on the same connection', async (_name, first) => {
    const answers = await pipeline(port, [first, GET('next')], 2, 'content-type', 20_000);
    expect(answers).toHaveLength(2);
    expect(answers[0]?.status).toBe(first.startsWith('GET') ? 200 : 405);
    expect(answers[1]?.status).toBe(200);
    expect(answers[1]?.tag).toMatch(/^application\/json/);
  });

  it('a body that arrives after its answer is drained, and the request after it answered', async () => {
    const socket = await openSocket(port);
    let raw = Buffer.alloc(0);
    socket.on('data', (d: Buffer) => {
      raw = Buffer.concat([raw, d]);
    });
    const count = (): number => parseAnswers(raw, 'content-type').answers.length;
    const until = async (n: number): Promise<void> => {
      for (let i = 0; i < 200 && count() < n; i++) await new Promise((r) => setTimeout(r, 10));
    };
    socket.write(`POST /v3/market_b/products HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n${'z'.repeat(1000)}`);
    await until(1);
    expect(parseAnswers(raw, 'content-type').answers[0]?.status).toBe(405);
    socket.write('z'.repeat(99_000) + GET('after'));
    await until(2);
    socket.destroy();
    const { answers } = parseAnswers(raw, 'content-type');
    expect(answers.map((a) => a.status)).toEqual([405, 200]);
  });
});
