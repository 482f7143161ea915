/**
 * An answer whose body never completes is still recorded (round 4 outside attacker, L6): an
 * upstream that closes in the middle of its body, or sends an endless one until the client
 * leaves, gave no HAR entry, so a recording silently missed the exchange. The entry has the
 * status, the bytes seen and no body text, with the reason.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lineProxy, rawServer } from '../helpers/traffic.js';

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

describe('proxy --record, bodies that never complete', () => {
  it('a body cut short and an endless one the client leaves each give a HAR entry with the bytes seen', async () => {
    const upstream = await rawServer((head, socket) => {
      const path = /^[A-Z]+ (\S+)/.exec(head)?.[1] ?? '';
      if (path.startsWith('/v3/market_b/products?query=cut')) {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"data":');
        socket.destroy();
      } else {
        // Chunked, without end: a body that never completes.
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n{"data":\r\n');
        const timer = setInterval(() => (socket.writable ? socket.write('1\r\n \r\n') : clearInterval(timer)), 5);
        socket.on('close', () => clearInterval(timer));
      }
    });
    closers.push(upstream.close);
    const har = join(mkdtempSync(join(tmpdir(), 'cut-')), 'cut.har');
    const p = await lineProxy({ upstream: upstream.url, record: har, timeoutMs: 5_000 });
    // The client leaves `leaveAfterMs` after sending (the proxy buffers a body to judge it, so no header may have come yet).
    const ask = (path: string, leaveAfterMs?: number): Promise<void> =>
      new Promise((resolve) => {
        const r = request(`${p.url}${path}`, { headers: { authorization: 'Bearer cut-body-key-0123' } }, (res) => {
          res.resume();
          res.on('close', () => resolve());
        });
        if (leaveAfterMs !== undefined)
          setTimeout(() => {
            r.destroy();
            resolve();
          }, leaveAfterMs);
        r.on('error', () => resolve());
        r.end();
      });
    await ask('/v3/market_b/products?query=cut');
    await ask('/v3/market_b/products?query=endless', 200);
    await p.close();
    const entries = (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: { request: { url: string }; response: { status: number; content: { size: number; text?: string; comment?: string } } }[] } }).log.entries;
    const of = (q: string) => entries.find((e) => e.request.url.includes(`query=${q}`));
    for (const q of ['cut', 'endless']) {
      const e = of(q);
      expect(e, q).toBeDefined();
      expect(e?.response.status).toBe(200);
      expect(e?.response.content.size).toBeGreaterThanOrEqual(8);
      expect(e?.response.content.text ?? '', `${q}: ${JSON.stringify(e?.response.content).slice(0, 300)}`).toBe('');
    }
    expect(readFileSync(har, 'utf8')).not.toContain('cut-body-key-0123');
  }, 60_000);
});
