/**
 * Redaction of whole secrets only (conformance/redact.ts), and its manifest in recordings
 * (traffic/recorder.ts):
 * - a whole key goes in every encoding the redactor knows (raw, %XX, JSON escapes, HTML
 *   references, base64 and base64url of the key, of `Bearer KEY` and of `user:KEY`), also in a
 *   body that is not valid UTF-8; a piece of a key stays (`market_b` of `market_b_secret_key`);
 * - a key shorter than MIN_SEARCHED (learnt by the proxy) is removed from headers and from
 *   `Bearer KEY` only, never from URLs or data;
 * - through the proxy, on a world whose text contains pieces of every configured key, each recorded
 *   body is byte-identical to the upstream's; where an upstream echoes the key, the recorded body is
 *   the upstream's with exactly the listed spans replaced, and the manifest says where (offset,
 *   JSON Pointer, header);
 * - no key, nor its base64, reaches the proxy's lines, its report or the suite's report.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, get as httpGet, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN_SEARCHED, REDACTED, Redactor, runConformance, toJson } from '../../conformance/index.js';
import { entryOf, loadHar, startProxy, type Har, type HarEntry } from '../../traffic/index.js';
import { createMockServer } from '../../mocks/index.js';
import { NOW } from '../helpers/mock.js';
import { stopServer } from '../helpers/servers.js';

const KEY = 'market_b_secret_key';
const FREE = 'three-premium-free';
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const b64url = (s: string): string => Buffer.from(s).toString('base64url');
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

describe('Redactor: whole secrets, every encoding', () => {
  const r = new Redactor([KEY]);
  it.each([
    ['raw', `key ${KEY} here`, `key ${REDACTED} here`],
    ['percent-encoded', `k=%6Darket_b_secret_key&x=1`, `k=${REDACTED}&x=1`],
    ['JSON-escaped', `"\\u006darket_b_secret_key"`, `"${REDACTED}"`],
    ['HTML references', `&#109;&#x61;rket_b_secret_key`, REDACTED],
    ['base64 of the key', `t=${b64(KEY)}`, `t=${REDACTED}`],
    ['base64url of the key', `t=${b64url(KEY)}`, `t=${REDACTED}`],
  ])('%s', (_name, input, output) => {
    expect(r.text(input)).toBe(output);
  });

  it.each([['Bearer '], ['user:'], ['ab:'], ['x']])('base64 of %j + key: no 8 characters of the key encoding survive', (prefix) => {
    for (const encode of [b64, b64url]) {
      const encoded = encode(`${prefix}${KEY}`);
      const out = r.text(`h ${encoded} t`);
      expect(out).toContain(REDACTED);
      // What is left of the encoding is at most the characters that mix the key with its neighbours.
      expect(out.replace(`h `, '').replace(` t`, '').replace(REDACTED, '').length).toBeLessThanOrEqual(encode(prefix).length + 4);
    }
  });

  it('pieces of a key are data: left alone', () => {
    const text = '/v3/market_b/products?query=secret_key market_b_secret market_b_secret_ke';
    expect(r.text(text)).toBe(text);
    expect(new Redactor(['demo-premium']).text('adidas-samba-og-grey-three-premium-fn4217 demo-premi')).toBe('adidas-samba-og-grey-three-premium-fn4217 demo-premi');
  });

  it('a body that is not valid UTF-8 is redacted as bytes, spans in bytes of the original', () => {
    const body = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00]), Buffer.from(`x${KEY}y`), Buffer.from([0xc3]), Buffer.from(b64(`Bearer ${KEY}`))]);
    const { bytes, spans } = r.bytes(body);
    expect(spans[0]).toEqual([4, 4 + KEY.length]);
    expect(bytes.subarray(0, 4).equals(body.subarray(0, 4))).toBe(true);
    expect(bytes.toString('latin1')).not.toContain(KEY);
    expect(bytes.toString('latin1')).not.toContain(b64(KEY).slice(2, 14));
    expect(spans.length).toBe(2);
  });

  it(`a key shorter than ${MIN_SEARCHED} characters is removed from headers and Bearer only`, () => {
    const short = new Redactor(['market_b'], [], { minSearched: MIN_SEARCHED });
    expect(short.text('/v3/market_b/products')).toBe('/v3/market_b/products');
    expect(short.text('sent Bearer market_b')).toBe(`sent Bearer ${REDACTED}`);
    expect(short.header('Authorization', 'Bearer market_b')).toEqual({ value: REDACTED, redacted: true });
    expect(short.header('X-Echo', 'market_b')).toEqual({ value: REDACTED, redacted: true });
    expect(short.header('Link', '</v3/market_b/products>')).toEqual({ value: '</v3/market_b/products>', redacted: false });
  });
});

describe('Redactor: property', () => {
  // Text made of escapes, non-ASCII, pieces of the key and (or not) one form of the whole key.
  const noise = fc.constantFrom('a', '\\n', '\\\\', '%20', '&amp;', '&#65;', '\\u00e9', 'é', '🎉', '"', '%', '&', '\\', 'market_b', '_secret', 'market_b_secret_ke', 'bWFya2V0');
  const forms = [KEY, `\\u006d${KEY.slice(1)}`, `%6D${KEY.slice(1)}`, `&#109;${KEY.slice(1)}`, b64(KEY), b64url(`Bearer ${KEY}`), `\\\\u006d${KEY.slice(1)}`];
  const r = new Redactor([KEY]);
  it('text without the key is returned unchanged; with one, every form of it is gone and the rest kept', () => {
    fc.assert(
      fc.property(fc.array(noise, { maxLength: 12 }), fc.array(noise, { maxLength: 12 }), fc.option(fc.constantFrom(...forms.keys()), { nil: undefined }), (before, after, form) => {
        const head = before.join('');
        const tail = after.join('');
        if (form === undefined) return r.text(head + tail) === head + tail;
        const out = r.text(head + (forms[form] as string) + tail);
        return out.includes(REDACTED) && !out.includes(KEY) && r.spans(out).length === 0 && out.startsWith(head.slice(0, Math.max(0, head.length - 8)));
      }),
      { seed: 21, numRuns: 2000 },
    );
  });
});

describe('the redaction manifest of an entry', () => {
  it('names the header, the URL offset, the body offset and its JSON Pointer; everything else is byte for byte', () => {
    const r = new Redactor([KEY]);
    const body = Buffer.from(JSON.stringify({ detail: `bad key ${KEY}`, data: [{ slug: 'market_b-x', token: b64(KEY) }] }));
    const e: HarEntry = entryOf(
      {
        startedAt: new Date(NOW),
        method: 'GET',
        url: `http://up/v3/market_b/products?api_key=${KEY}`,
        requestRawHeaders: ['Authorization', `Bearer ${KEY}`, 'X-Trace', 'market_b'],
        status: 401,
        statusText: 'Unauthorized',
        responseRawHeaders: ['Content-Type', 'application/json', 'X-Echo', KEY],
        body,
        ms: 1,
      },
      r,
      'salt',
    );
    expect(e.request.url).toBe(`http://up/v3/market_b/products?api_key=${REDACTED}`);
    expect(e._resaleKit?.redactions).toEqual([
      { in: 'request.headers', name: 'Authorization' },
      { in: 'request.url', offset: `http://up/v3/market_b/products?api_key=`.length, length: KEY.length },
      { in: 'request.queryString', name: 'api_key' },
      { in: 'response.headers', name: 'X-Echo' },
      { in: 'response.content', offset: body.indexOf(KEY), length: KEY.length, pointer: '/detail' },
      { in: 'response.content', offset: body.indexOf(b64(KEY)), length: b64(KEY).length, pointer: '/data/0/token' },
    ]);
    expect(e.request.headers).toContainEqual({ name: 'X-Trace', value: 'market_b' });
    expect(e.response.content.text).toBe(JSON.stringify({ detail: `bad key ${REDACTED}`, data: [{ slug: 'market_b-x', token: REDACTED }] }));
  });
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closers.push(() => stopServer(server));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** The recorded body of an entry as bytes. */
const bodyOf = (e: HarEntry): Buffer => Buffer.from(e.response.content.text ?? '', e.response.content.encoding === 'base64' ? 'base64' : 'utf8');

describe('through the proxy', () => {
  it('on a world full of pieces of the keys, every recorded body is byte-identical to the upstream answer', async () => {
    const { server, url: upstream } = await createMockServer({ now: NOW, products: 300, seed: 'traffic', keys: { [KEY]: 'Pro', [FREE]: 'Free', market_b: 'Pro' } }).listen();
    closers.push(() => stopServer(server));
    const har = join(mkdtempSync(join(tmpdir(), 'redaction-')), 'run.har');
    const p = await startProxy({ upstream, record: har });
    const paths = ['/v3/market_a/products?query=premium&limit=50', '/v3/market_b/products?query=premium&limit=50', '/v3/market_b/products?query=three&limit=20', '/v3/market_a/products?limit=30&query=secret'];
    const direct = new Map<string, Buffer>();
    for (const auth of [`Bearer ${KEY}`, FREE, 'Bearer market_b']) {
      for (const path of paths) {
        const a = Buffer.from(await (await fetch(upstream + path, { headers: { authorization: auth } })).arrayBuffer());
        const b = Buffer.from(await (await fetch(p.url + path, { headers: { authorization: auth } })).arrayBuffer());
        expect(b.equals(a)).toBe(true);
        direct.set(`${auth} ${path}`, a);
      }
    }
    await p.close();
    const text = readFileSync(har, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(FREE);
    const recorded = (JSON.parse(text) as Har).log.entries;
    expect(recorded.length).toBe(12);
    let withPieces = 0;
    for (const e of recorded) {
      const path = new URL(e.request.url).pathname + new URL(e.request.url).search;
      const original = [...direct.entries()].find(([k]) => k.endsWith(` ${path}`))?.[1] as Buffer;
      expect(bodyOf(e).equals(original), path).toBe(true);
      expect(e._resaleKit?.redactions.filter((x) => x.in !== 'request.headers')).toEqual([]);
      expect(e.request.url).toMatch(/\/v3\/market_[ab]\/products/);
      if (/premium|market_b|secret/.test(bodyOf(e).toString('utf8'))) withPieces++;
    }
    // The world's text does contain pieces of the keys (the test would prove nothing otherwise).
    expect(withPieces).toBeGreaterThan(6);
  });

  it('an upstream echoing the key in every encoding, UTF-8 or not: only the secret differs, and the manifest says where', async () => {
    const bodies: Buffer[] = [];
    const echo = createServer((req, res) => {
      const key = String(req.headers.authorization).replace(/^Bearer /, '');
      const body = req.url?.includes('binary')
        ? Buffer.concat([Buffer.from([0xff, 0x00, 0xfe]), Buffer.from(key), Buffer.from([0x80]), Buffer.from(` ${b64(`Bearer ${key}`)} market_b_secret`)])
        : Buffer.from(JSON.stringify({ detail: `rejected ${key}`, b64: b64(key), url: `x?k=%6D${key.slice(1)}`, slug: 'grey-three-premium-market_b' }));
      bodies.push(body);
      res.writeHead(401, { 'content-type': req.url?.includes('binary') ? 'application/octet-stream' : 'application/json', 'x-echo': b64(`Bearer ${key}`) }).end(body);
    });
    const har = join(mkdtempSync(join(tmpdir(), 'redaction-echo-')), 'echo.har');
    const lines: string[] = [];
    const p = await startProxy({ upstream: await listen(echo), record: har, onLine: (l) => lines.push(l) });
    for (const path of ['/v3/market_b/products/12', '/v3/market_b/products/binary']) await (await fetch(p.url + path, { headers: { authorization: `Bearer ${KEY}` } })).arrayBuffer();
    const report = await p.close();
    const entries = loadHar(har).har.log.entries;
    expect(entries.length).toBe(2);
    entries.forEach((e, i) => {
      const original = bodies[i] as Buffer;
      const spans = (e._resaleKit?.redactions ?? []).filter((x) => x.in === 'response.content');
      expect(spans.length).toBe(i === 0 ? 3 : 2);
      // Rebuild the recorded body from the upstream's and the manifest: equal byte for byte.
      const parts: Buffer[] = [];
      let at = 0;
      for (const s of spans) {
        parts.push(original.subarray(at, s.offset), Buffer.from(REDACTED));
        at = (s.offset as number) + (s.length as number);
      }
      parts.push(original.subarray(at));
      expect(bodyOf(e).equals(Buffer.concat(parts))).toBe(true);
      expect(e._resaleKit?.redactions).toContainEqual({ in: 'response.headers', name: 'x-echo' });
    });
    expect(entries[0]?._resaleKit?.redactions.map((x) => x.pointer).filter(Boolean)).toEqual(['/detail', '/b64', '/url']);
    expect(entries[1]?.response.content.encoding).toBe('base64');
    for (const text of [readFileSync(har, 'utf8'), lines.join('\n'), toJson(report)]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(b64(KEY).slice(0, 16));
      expect(text).not.toContain(b64(`Bearer ${KEY}`).slice(8, 24));
    }
    expect(readFileSync(har, 'utf8')).toContain('grey-three-premium-market_b');
  });

  it.each([
    ['gzip', (b: Buffer) => gzipSync(b)],
    ['br', (b: Buffer) => brotliCompressSync(b)],
    ['deflate, gzip', (b: Buffer) => gzipSync(deflateSync(b))],
  ])('a key inside a %s-compressed answer is found: the recording holds the decoded body, redacted; replay serves it decoded', async (coding, encode) => {
    const plain = Buffer.from(JSON.stringify({ detail: `key ${KEY} rejected`, slug: 'grey-three-premium' }));
    const compressed = encode(plain);
    const echo = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/problem+json', 'content-encoding': coding }).end(compressed);
    });
    const har = join(mkdtempSync(join(tmpdir(), 'redaction-gzip-')), 'gzip.har');
    const p = await startProxy({ upstream: await listen(echo), record: har });
    const via = await new Promise<Buffer>((resolve, reject) => {
      // Raw bytes as sent (fetch would decode them).
      const u = new URL(`${p.url}/v3/market_b/products/12`);
      httpGet({ host: u.hostname, port: u.port, path: u.pathname, headers: { authorization: `Bearer ${KEY}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
      }).on('error', reject);
    });
    // Forwarded byte for byte, still compressed.
    expect(via.equals(compressed)).toBe(true);
    await p.close();
    const text = readFileSync(har, 'utf8');
    expect(text).not.toContain(KEY);
    const loaded = loadHar(har);
    const e = loaded.har.log.entries[0] as HarEntry;
    expect(e.response.content.text).toBe(plain.toString('utf8').replace(KEY, REDACTED));
    expect((JSON.parse(text) as Har).log.entries[0]?.response.content.compression).toBe(plain.length - compressed.length);
    expect(e._resaleKit?.redactions).toContainEqual({ in: 'response.content', offset: plain.indexOf(KEY), length: KEY.length, pointer: '/detail' });
    const { server, url } = await createMockServer({ now: NOW, products: 50, seed: 'gzip', replay: loaded }).listen();
    closers.push(() => stopServer(server));
    const replayed = await fetch(`${url}/v3/market_b/products/12`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(replayed.headers.get('content-encoding')).toBeNull();
    expect(await replayed.text()).toBe(plain.toString('utf8').replace(KEY, REDACTED));
  });

  it("the suite's report and lines never carry the key, nor its base64, when a server echoes it", async () => {
    const echo = createServer((req, res) => {
      const key = String(req.headers.authorization).replace(/^Bearer /, '');
      res.writeHead(401, { 'content-type': 'application/problem+json', 'x-echo': b64(key) }).end(JSON.stringify({ type: 'about:blank', title: `key ${b64(key)} / ${key}`, status: 401, detail: b64(`Bearer ${key}`) }));
    });
    const url = await listen(echo);
    const lines: string[] = [];
    const report = await runConformance({ baseUrl: url, apiKey: KEY, freeKey: FREE, rateLimit: 0, onProgress: (l) => lines.push(l) });
    for (const text of [toJson(report), lines.join('\n')]) {
      for (const k of [KEY, FREE]) {
        expect(text).not.toContain(k);
        expect(text).not.toContain(b64(k).slice(0, 16));
        expect(text).not.toContain(b64(`Bearer ${k}`).slice(8, 24));
      }
    }
  }, 60_000);
});
