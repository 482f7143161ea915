/**
 * Timeouts (issue 21). `--timeout` bounds the wait for the upstream's response headers and the
 * idle time between two chunks of its body, not the whole answer. Once the status line has
 * been sent to the client, a timeout aborts the client's connection: no byte is ever appended
 * to a started body (before, a 6 MB answer could end in `{"type":"t`).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/raw-http.js';
import { lineProxy } from '../helpers/traffic.js';
import { listenLoopback, stopServer } from '../helpers/servers.js';

const BIG = 6 * 1024 * 1024;
let up: Server;
let upUrl = '';
beforeAll(async () => {
  up = createServer((req, res) => {
    if (req.url === '/stall-after-megabyte') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(BIG) });
      res.write(Buffer.alloc(1024 * 1024, 0x20));
      return; // stalls
    }
    if (req.url === '/stall-after-a-little') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"data":');
      return;
    }
    if (req.url === '/slow-but-steady') {
      res.writeHead(200, { 'content-type': 'application/json' });
      let n = 0;
      const t = setInterval(() => {
        if (++n < 8) res.write(`${n === 1 ? '[' : ','}${n}`);
        else {
          clearInterval(t);
          res.end(']');
        }
      }, 120);
      return;
    }
    if (req.url === '/no-headers') return; // never answers
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  upUrl = await listenLoopback(up);
});
afterAll(() => stopServer(up));

describe('--timeout', () => {
  it.each(['sync', 'async'] as const)('--judge %s: a stall after the status line aborts the connection; nothing is appended to the body', async (judge) => {
    const p = await lineProxy({ upstream: upUrl, timeoutMs: 300, maxBodyBytes: 64 * 1024, judge });
    try {
      const res = await rawRequest(p.port, 'GET /stall-after-megabyte HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 10_000);
      expect(res.status).toBe(200);
      expect(Number(res.headers['content-length'])).toBe(BIG);
      expect(res.body.length).toBeLessThan(BIG);
      expect(res.body.trim()).toBe('');
      expect(res.raw).not.toMatch(/problems\/upstream-timeout|"type"/);
    } finally {
      await p.close();
    }
  });

  it('a stall before anything was sent to the client is a 504 problem', async () => {
    const p = await lineProxy({ upstream: upUrl, timeoutMs: 300 });
    try {
      for (const path of ['/stall-after-a-little', '/no-headers']) {
        const res = await fetch(`${p.url}${path}`);
        expect(res.status, path).toBe(504);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        expect(((await res.json()) as { type: string }).type).toMatch(/upstream-timeout$/);
      }
    } finally {
      await p.close();
    }
  });

  it.each(['sync', 'async'] as const)('--judge %s: bounds idle time between chunks, not the whole answer', async (judge) => {
    const p = await lineProxy({ upstream: upUrl, timeoutMs: 400, judge });
    try {
      const res = await fetch(`${p.url}/slow-but-steady`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('[1,2,3,4,5,6,7]');
    } finally {
      await p.close();
    }
  });
});
