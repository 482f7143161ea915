/**
 * Finding 2 of test/outside/attack-findings.md (issue 29): a recording may store a body still
 * compressed (`Content-Encoding: gzip` or `deflate`, the bytes as sent, base64: mitmproxy and some
 * browser exports do). `mock --replay` served those bytes labelled `application/json` with no
 * `Content-Encoding`, while `conformance --from-har` inflated them. The replay now serves the body
 * through the one HAR reader's `inflatedBodyOf`, within the same caps (8 MiB per entry, 64 MiB per
 * file); an entry past them is skipped with a message, never served compressed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../mocks/index.js';
import { loadHar } from '../../traffic/index.js';
import { MAX_INFLATED_BYTES } from '../../traffic/har/read.js';
import { NOW } from '../helpers/mock.js';
import { stopServer } from '../helpers/servers.js';

const dir = mkdtempSync(join(tmpdir(), 'replay-encoding-'));
let n = 0;
const closers: Server[] = [];
afterAll(async () => {
  for (const s of closers) await stopServer(s);
});

const BODY = JSON.stringify({ hello: 'world' });

/** An entry for `path` whose body is `text` (base64 when `base64`), with these response headers. */
function entry(path: string, text: string, base64: boolean, headers: { name: string; value: string }[]): object {
  return {
    startedDateTime: '2026-01-01T00:00:00Z',
    time: 1,
    request: { method: 'GET', url: `http://127.0.0.1:4010${path}`, httpVersion: 'HTTP/1.1', headers: [], queryString: [] },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: 'application/json' }, ...headers],
      content: { size: BODY.length, mimeType: 'application/json', text, ...(base64 ? { encoding: 'base64' } : {}) },
    },
  };
}

function harFile(...entries: object[]): string {
  const path = join(dir, `r${n++}.har`);
  writeFileSync(path, JSON.stringify({ log: { version: '1.2', creator: { name: 'mitmproxy', version: '10' }, entries } }));
  return path;
}

async function serve(path: string): Promise<string> {
  const { server, url } = await createMockServer({ now: NOW, products: 50, seed: 'replay-encoding', replay: loadHar(path) }).listen();
  closers.push(server);
  return url;
}

/** GET without asking for any content coding: the raw bytes and headers as sent. */
async function get(url: string): Promise<{ status: number; encoding: string | null; type: string | null; bytes: Buffer }> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return { status: res.status, encoding: res.headers.get('content-encoding'), type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('mock --replay of bodies recorded still compressed (finding 2)', () => {
  it('a gzip body stored as sent (base64, Content-Encoding: gzip) is served as the JSON it holds, with no Content-Encoding', async () => {
    const url = await serve(harFile(entry('/v3/market_a/products?query=x', gzipSync(BODY).toString('base64'), true, [{ name: 'Content-Encoding', value: 'gzip' }])));
    const res = await get(`${url}/v3/market_a/products?query=x`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json');
    expect(res.encoding).toBeNull();
    expect(res.bytes[0]).not.toBe(0x1f);
    expect(res.bytes.toString('utf8')).toBe(BODY);
  });

  it('a deflate body likewise; a body stored decoded under a gzip header is served as stored', async () => {
    const url = await serve(
      harFile(
        entry('/v3/market_b/products?query=d', deflateSync(BODY).toString('base64'), true, [{ name: 'content-encoding', value: 'deflate' }]),
        entry('/v3/market_b/products?query=plain', BODY, false, [{ name: 'Content-Encoding', value: 'gzip' }]),
        entry('/v3/market_b/products?query=b64', Buffer.from(BODY).toString('base64'), true, [{ name: 'Content-Encoding', value: 'gzip' }]),
      ),
    );
    for (const q of ['d', 'plain', 'b64']) {
      const res = await get(`${url}/v3/market_b/products?query=${q}`);
      expect(res.encoding, q).toBeNull();
      expect(res.bytes.toString('utf8'), q).toBe(BODY);
    }
  });

  it('an entry that inflates past the per-entry cap is skipped with a message, never served compressed; the others are served', async () => {
    const bomb = gzipSync(Buffer.alloc(MAX_INFLATED_BYTES + 1024, 0x20)).toString('base64');
    const path = harFile(
      entry('/v3/market_a/products?query=bomb', bomb, true, [{ name: 'Content-Encoding', value: 'gzip' }]),
      entry('/v3/market_a/products?query=ok', gzipSync(BODY).toString('base64'), true, [{ name: 'Content-Encoding', value: 'gzip' }]),
    );
    const loaded = loadHar(path);
    expect(loaded.skipped).toBe(1);
    expect(loaded.warnings.join('\n')).toMatch(/entry 0 skipped: .*inflates past/);
    const url = await serve(path);
    expect((await get(`${url}/v3/market_a/products?query=ok`)).bytes.toString('utf8')).toBe(BODY);
    const bombed = await get(`${url}/v3/market_a/products?query=bomb`);
    expect(bombed.status).toBe(404);
    expect(bombed.bytes[0]).not.toBe(0x1f);
    // A file whose only entry inflates past the cap has nothing to replay: refused, as a file of no usable entry.
    expect(() => loadHar(harFile(entry('/v3/market_a/products?query=bomb', bomb, true, [{ name: 'Content-Encoding', value: 'gzip' }])))).toThrow(/has no entry that can be replayed: entry 0 skipped/);
  });
});
