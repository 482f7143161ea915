/**
 * Recordings from other people (traffic/har/replay.ts, replay in mocks/http/server.ts,
 * `conformance --from-har`), as a data-driven table of hostile entries and files:
 * - each bad entry is skipped with a message naming the entry and the field (JSON Pointer); the
 *   good entries beside it are still served, and the mock keeps serving;
 * - no header a recording smuggles in is ever sent; a text/html entry is served with its
 *   recording's Content-Type, never with `Access-Control-Allow-Credentials: true`;
 * - bad files are refused with a clear message: by the loader, and by `--from-har` and
 *   `mock --replay` with exit 2 and no stack trace;
 * - a file big in entries loads in bounded time, and one over the size cap is refused before it is read.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadHar } from '../../traffic/index.js';
import { createMockServer } from '../../mocks/index.js';
import { runCli } from '../helpers/cli.js';
import { NOW } from '../helpers/mock.js';
import { rawRequest } from '../helpers/raw-http.js';
import { stopServer } from '../helpers/servers.js';
import { harEntry as entry } from '../helpers/har-entry.js';

const dir = mkdtempSync(join(tmpdir(), 'hostile-har-'));
let n = 0;
const file = (content: string | object): string => {
  const path = join(dir, `f${n++}.har`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const closers: Server[] = [];
afterAll(async () => {
  for (const s of closers) await stopServer(s);
});

const harOf = (...entries: unknown[]): object => ({ log: { version: '1.2', creator: { name: 'someone', version: '1' }, entries } });

async function serve(path: string): Promise<string> {
  const { server, url } = await createMockServer({ now: NOW, products: 50, seed: 'hostile', replay: loadHar(path) }).listen();
  closers.push(server);
  return url;
}

// [case, how the entry is broken, the JSON Pointer the message must name]
const BAD_ENTRIES: [string, (e: Record<string, any>) => void, string][] = [
  ['status 0', (e) => (e.response.status = 0), '/response/status'],
  ['status -1', (e) => (e.response.status = -1), '/response/status'],
  ['status 1e9', (e) => (e.response.status = 1e9), '/response/status'],
  ['status 99', (e) => (e.response.status = 99), '/response/status'],
  ['status 100', (e) => (e.response.status = 100), '/response/status'],
  ['status 101', (e) => (e.response.status = 101), '/response/status'],
  ['status 200.5', (e) => (e.response.status = 200.5), '/response/status'],
  ['status as a string', (e) => (e.response.status = '200'), '/response/status'],
  ['CR LF in a header value (response splitting)', (e) => e.response.headers.push({ name: 'X-A', value: 'a\r\nSet-Cookie: evil=1' }), '/response/headers/1/value'],
  ['LF in a header value', (e) => e.response.headers.push({ name: 'X-A', value: 'a\nb' }), '/response/headers/1/value'],
  ['NUL in a header value', (e) => e.response.headers.push({ name: 'X-A', value: 'a\u0000b' }), '/response/headers/1/value'],
  ['a character node cannot send in a value', (e) => e.response.headers.push({ name: 'X-A', value: 'caf\u0100' }), '/response/headers/1/value'],
  ['CR LF in a header name', (e) => e.response.headers.push({ name: 'X-A\r\nSet-Cookie', value: 'evil=1' }), '/response/headers/1/name'],
  ['a space in a header name', (e) => e.response.headers.push({ name: 'X A', value: '1' }), '/response/headers/1/name'],
  ['a colon in a header name', (e) => e.response.headers.push({ name: 'X-A:', value: '1' }), '/response/headers/1/name'],
  ['an empty header name', (e) => e.response.headers.push({ name: '', value: '1' }), '/response/headers/1/name'],
  ['a numeric header value', (e) => e.response.headers.push({ name: 'X-A', value: 7 }), '/response/headers/1/value'],
  ['a header that is not an object', (e) => e.response.headers.push('X-A: 1'), '/response/headers/1'],
  ['headers missing', (e) => delete e.response.headers, '/response'],
  ['headers not an array', (e) => (e.response.headers = { 'content-type': 'x' }), '/response/headers'],
  ['content missing', (e) => delete e.response.content, '/response'],
  ['content not an object', (e) => (e.response.content = 'x'), '/response/content'],
  ['numeric text', (e) => (e.response.content.text = 12345), '/response/content/text'],
  ['an unknown encoding', (e) => (e.response.content.encoding = 'gzip'), '/response/content/encoding'],
  ['base64 that is not base64', (e) => Object.assign(e.response.content, { encoding: 'base64', text: '{"not":"base64"}' }), '/response/content/text'],
  ['a mimeType with CR LF', (e) => (e.response.content.mimeType = 'text/html\r\nX-Evil: 1'), '/response/content/mimeType'],
  ['a statusText with CR LF', (e) => (e.response.statusText = 'OK\r\nX-Evil: 1'), '/response/statusText'],
  ['request missing', (e) => delete e.request, ''],
  ['a relative URL', (e) => (e.request.url = '/v3/market_b/products?hostile=1'), '/request/url'],
  ['a javascript: URL', (e) => (e.request.url = 'javascript:alert(1)'), '/request/url'],
  ['a method with a space', (e) => (e.request.method = 'GET /x'), '/request/method'],
  ['a caller tag that is not one', (e) => (e._resaleKitCaller = { toString: 1 }), '/_resaleKitCaller'],
];

describe('hostile entries: skipped with the entry and the field named; the rest served', () => {
  it.each(BAD_ENTRIES)('%s', async (_name, patch, pointer) => {
    const path = file(harOf(entry('/v3/market_b/products?ok=1'), entry('/v3/market_b/products?hostile=1', patch)));
    const loaded = loadHar(path);
    expect(loaded.skipped).toBe(1);
    expect(loaded.warnings[0]).toContain(`entry 1 skipped: /log/entries/1${pointer}`);
    const url = await serve(path);
    const bad = await fetch(`${url}/v3/market_b/products?hostile=1`);
    expect(bad.status).toBe(404);
    expect(bad.headers.get('set-cookie')).toBeNull();
    expect(bad.headers.get('x-evil')).toBeNull();
    const good = await fetch(`${url}/v3/market_b/products?ok=1`);
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('{"data":[]}');
  });

  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'entry'],
    ['an array', [1, 2]],
  ])('an entry that is %s', (_name, bad) => {
    const loaded = loadHar(file(harOf(entry('/v3/market_b/products?ok=1'), bad)));
    expect(loaded.skipped).toBe(1);
    expect(loaded.warnings[0]).toMatch(/^entry 1 skipped: \/log\/entries\/1 must be object/);
  });

  it('deep nesting in a field the kit does not read: loaded, served, nothing of it kept', async () => {
    const deep = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const text = JSON.stringify(harOf(entry('/v3/market_b/products?ok=1'))).replace('"cache":{}', `"cache":{},"_deep":${deep}`);
    const path = file(text);
    const loaded = loadHar(path);
    expect(loaded.skipped).toBe(0);
    expect(JSON.stringify(loaded.har)).not.toContain('_deep');
    expect((await fetch(`${await serve(path)}/v3/market_b/products?ok=1`)).status).toBe(200);
  });

  it('a header the recording smuggles in raw is never sent (checked on the wire)', async () => {
    const path = file(
      harOf(
        entry('/v3/market_b/products?ok=1'),
        entry('/v3/market_b/products?evil=1', (e) => e.response.headers.push({ name: 'X-A', value: 'a\r\n\r\nHTTP/1.1 200 OK' })),
      ),
    );
    const url = await serve(path);
    const res = await rawRequest(Number(new URL(url).port), 'GET /v3/market_b/products?evil=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.headers)).not.toContain('HTTP/1.1 200');
  });
});

describe('what a replay sends', () => {
  it("text/html is served with the recording's Content-Type, nosniff, and never credentials with *", async () => {
    const html = entry('/page', (e) => {
      e.response.headers = [
        { name: 'Content-Type', value: 'text/html; charset=utf-8' },
        { name: 'Access-Control-Allow-Origin', value: '*' },
        { name: 'Access-Control-Allow-Credentials', value: 'true' },
        { name: 'Transfer-Encoding', value: 'chunked' },
        { name: 'Content-Length', value: '999' },
      ];
      e.response.content = { size: 27, mimeType: 'text/html', text: '<script>alert(1)</script>' };
    });
    const mimeOnly = entry('/mime', (e) => {
      e.response.headers = [];
      e.response.content = { size: 3, mimeType: 'text/plain', text: 'abc' };
    });
    const url = await serve(file(harOf(html, mimeOnly)));
    const res = await fetch(`${url}/page`, { headers: { origin: 'http://evil.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('<script>alert(1)</script>');
    const mime = await fetch(`${url}/mime`);
    expect(mime.headers.get('content-type')).toBe('text/plain');
  });

  it('a 204 or 304 entry is served without a body', async () => {
    const url = await serve(file(harOf(entry('/none', (e) => (e.response.status = 204)))));
    const res = await fetch(`${url}/none`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});

// [case, file content, what the message must say]
const BAD_FILES: [string, string, RegExp][] = [
  ['not JSON', '{"log":', /is not JSON/],
  ['empty', '', /is not JSON/],
  ['an array', '[]', /is not a HAR file: \/log\/entries must be an array/],
  ['null', 'null', /is not a HAR file/],
  ['no log', '{}', /is not a HAR file/],
  ['entries not an array', '{"log":{"entries":{"0":{}}}}', /is not a HAR file/],
  ['deeply nested', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, /is not a HAR file/],
  ['only bad entries', JSON.stringify(harOf(entry('/x', (e) => (e.response.status = 0)))), /has no entry that can be replayed: entry 0 skipped: \/log\/entries\/0\/response\/status/],
];

describe('hostile files: a clear error, never a crash', () => {
  it.each(BAD_FILES)('%s', (_name, content, message) => {
    expect(() => loadHar(file(content))).toThrow(message);
  });

  it('a directory, a device, a missing file', () => {
    expect(() => loadHar(dir)).toThrow(/is not a file/);
    expect(() => loadHar('/dev/zero')).toThrow(/is not a file/);
    expect(() => loadHar(join(dir, 'missing.har'))).toThrow(/cannot read the recording .*missing\.har/);
  });

  it.each(BAD_FILES.filter(([name]) => ['not JSON', 'an array', 'entries not an array', 'only bad entries'].includes(name)))('--from-har with %s: exit 2, the message, no stack trace', async (_name, content, message) => {
    const res = await runCli(['conformance', '--from-har', file(content)]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^error: --from-har: /m);
    // The offline judge reads with the loader's messages; it says "judged" where the mock says "replayed".
    expect(res.stderr).toMatch(new RegExp(message.source.replace('can be replayed', 'can be judged')));
    expect(res.stderr).not.toMatch(/^\s+at /m);
  });

  it('--from-har and mock --replay with bad entries: a warning naming them, then the run goes on', async () => {
    const path = file(
      harOf(
        entry('/v3/market_b/products?ok=1'),
        entry('/x', (e) => (e.response.status = 1e9)),
        entry('/y', (e) => (e.response.content.text = 5)),
      ),
    );
    const res = await runCli(['conformance', '--from-har', path, '--max-time', '5']);
    expect(res.stderr).toContain('warning: --from-har: 2 entries of');
    expect(res.stderr).toContain('entry 1 skipped: /log/entries/1/response/status must be <= 599');
    expect(res.stderr).toContain('entry 2 skipped: /log/entries/2/response/content/text must be string');
    expect(res.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('mock --replay with a bad file: exit 2, the message, no stack trace', async () => {
    const res = await runCli(['mock', '--port', '0', '--replay', file('[]')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/error: --replay: .* is not a HAR file/);
    expect(res.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('big recordings', () => {
  it('a file of 30,000 entries loads in bounded time and serves; over the cap it is refused before reading', async () => {
    const one = JSON.stringify(entry('/v3/market_b/products?i=IDX'));
    const parts: string[] = [];
    for (let i = 0; i < 30_000; i++) parts.push(one.replace('IDX', String(i)));
    const path = file(`{"log":{"version":"1.2","creator":{"name":"big","version":"1"},"entries":[${parts.join(',')}]}}`);
    const started = performance.now();
    const loaded = loadHar(path);
    const ms = performance.now() - started;
    expect(loaded.har.log.entries.length).toBe(30_000);
    expect(loaded.find('GET', '/v3/market_b/products?i=29999', undefined)).toBeDefined();
    // Bounded: a few seconds at most for 30,000 entries on this shared machine; the figure is printed for the record.
    process.stdout.write(`loadHar: 30,000 entries in ${Math.round(ms)} ms\n`);
    expect(ms).toBeLessThan(20_000);
    expect(() => loadHar(path, { maxBytes: 1024 * 1024 })).toThrow(/is \d+ bytes, over the limit of 1048576 bytes for a recording; .*--max-har-bytes/);
    const res = await runCli(['conformance', '--from-har', path, '--max-har-bytes', '1M']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/over the limit of 1048576 bytes/);
  }, 60_000);
});
