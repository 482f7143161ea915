/**
 * The typed client against servers that do not behave (round 4 outside attacker, the package's
 * in-process surfaces): it is bounded in time and size, follows no redirect, refuses dot segments
 * as ids, takes no credentials in its base URL, and every failure of a call is an ApiError whose
 * message holds no secret. Each case failed before the fix (findings 1, 4, 6, 7).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createResaleClient } from '../../client/index.js';

const KEY = 'sk_live_SECRET_KEY_123456';
let server: Server;
let base = '';
const seen: string[] = [];
const answers: Record<string, (res: ServerResponse) => void> = {
  huge: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = (): void => {
      while (sent < 64 && res.write(chunk)) sent++;
      if (sent < 64) res.once('drain', pump);
      else res.end();
    };
    pump();
  },
  'huge-declared': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1 << 30) });
    res.write('{');
  },
  'hang-body': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data":');
  },
  html: (res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html>secret page</html>');
  },
  null: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('null');
  },
  redirect: (res) => {
    res.writeHead(307, { location: `${base}/elsewhere` });
    res.end();
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const id = decodeURIComponent((req.url ?? '').split('?')[0]!.split('/')[4] ?? '');
    const answer = Object.hasOwn(answers, id) ? answers[id] : undefined;
    if (answer) answer(res);
    else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { id, path: req.url }, meta: null }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const failure = async (p: Promise<unknown>): Promise<ApiError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as Error).message).not.toContain(KEY);
  return err as ApiError;
};

describe('the typed client against a hostile server', () => {
  it('stops reading at maxBodyBytes: a 4 MiB body against a 1 MiB bound is too-large', async () => {
    const api = createResaleClient({ baseUrl: base, apiKey: KEY, maxBodyBytes: 1 << 20 });
    expect((await failure(api.getMarketAProduct('huge'))).reason).toBe('too-large');
    expect((await failure(api.getMarketAProduct('huge-declared'))).reason).toBe('too-large');
  });

  it('gives up at timeoutMs on a body that never ends', async () => {
    const api = createResaleClient({ baseUrl: base, apiKey: KEY, timeoutMs: 300 });
    const err = await failure(api.getMarketAProduct('hang-body'));
    expect(err.reason).toBe('timeout');
    expect(err.message).toContain('300 ms');
  });

  it.each([
    ['html', 'not-json'],
    ['null', 'not-json'],
    ['redirect', 'redirect'],
  ])('a 2xx or 3xx answer that is no JSON object (%s) rejects as %s, and a redirect is not followed', async (id, reason) => {
    const api = createResaleClient({ baseUrl: base, apiKey: KEY });
    seen.length = 0;
    expect((await failure(api.getMarketAProduct(id))).reason).toBe(reason);
    expect(seen.some((u) => u.includes('elsewhere'))).toBe(false);
  });

  it('nothing listening is a network ApiError', async () => {
    const api = createResaleClient({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY });
    expect((await failure(api.searchMarketBProducts())).reason).toBe('network');
  });

  it.each(['', '.', '..'])('refuses the id %j, which a URL parser would drop from the path (another operation)', async (id) => {
    const api = createResaleClient({ baseUrl: base, apiKey: KEY });
    seen.length = 0;
    await expect(api.listMarketAProductSales(id)).rejects.toThrow(TypeError);
    await expect(api.getMarketBProduct(id)).rejects.toThrow(/would change the URL's path/);
    expect(seen).toEqual([]);
  });

  it('encodes every other id as one segment', async () => {
    const api = createResaleClient({ baseUrl: base, apiKey: KEY });
    const r = (await api.getMarketAProduct('a/../b?c#d')) as unknown as { data: { path: string } };
    expect(r.data.path).toBe('/v3/market_a/products/a%2F..%2Fb%3Fc%23d');
  });

  it.each([
    [{ baseUrl: 'http://user:hunter2-PASSWORD@127.0.0.1:1' }, /user name or password/],
    [{ baseUrl: 'http://127.0.0.1:1/?tenant=1' }, /query or fragment/],
    [{ baseUrl: 'http://127.0.0.1:1/#x' }, /query or fragment/],
    [{ baseUrl: 'not a url' }, /absolute URL/],
    [{ baseUrl: 'ftp://127.0.0.1/' }, /http or https/],
    [{ apiKey: `Bearer ${KEY}\nX-Evil: 1` }, /apiKey must be/],
    [{ apiKey: undefined }, /apiKey must be/],
    [{ timeoutMs: 0 }, /timeoutMs must be an integer/],
    [{ maxBodyBytes: Number.NaN }, /maxBodyBytes must be an integer/],
  ])('refuses the option %j at creation, without echoing a secret', (bad, message) => {
    let err: unknown;
    try {
      createResaleClient({ baseUrl: base, apiKey: KEY, ...(bad as object) });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toMatch(/hunter2|SECRET/);
  });
});

describe('problem bodies a server writes (attacker probe 7)', () => {
  const answering = (body: string, status = 500) => createResaleClient({ baseUrl: 'http://api.test', apiKey: KEY, fetch: async () => new Response(body, { status, headers: { 'content-type': 'application/problem+json' } }) });

  it('a title that is not text is no TypeError: the call still rejects with an ApiError', async () => {
    const err = await answering('{"status":500,"title":{"toString":1},"detail":"x"}')
      .getMarketBProduct(1)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(500);
  });

  it('escape sequences and line breaks of a title reach the message escaped', async () => {
    const err = (await answering('{"status":404,"title":"\\u001b[31mRED\\u001b[0m\\r\\nInjected: yes","detail":"Product not found"}', 404)
      .getMarketBProduct(1)
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).not.toMatch(/[\u0000-\u001f]/);
    expect(err.message).toContain('\\u001b[31mRED');
  });

  it('a body with a status that is not a number is not taken for problem details', async () => {
    const err = (await answering('{"status":"nope","title":"t","detail":"d"}', 500)
      .getMarketBProduct(1)
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.problem).toBeUndefined();
  });
});

describe('arguments refused before anything is sent (attacker probe 7)', () => {
  it.each([
    ['a key of non-ASCII characters', { apiKey: 'ключ' }, /apiKey must be/],
    ['a key with a space', { apiKey: 'a b' }, /apiKey must be/],
    ['fetch that is not a function', { apiKey: 'k', fetch: 5 }, /fetch must be a function/],
  ])('%s: a TypeError at createResaleClient', (_what, extra, message) => {
    expect(() => createResaleClient({ baseUrl: 'http://api.test', ...(extra as { apiKey: string }) })).toThrow(message);
  });

  it('NaN, null and fractions are not ids: a TypeError, nothing sent', async () => {
    let sent = 0;
    const c = createResaleClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: async () => (sent++, new Response('{}')) });
    for (const id of [Number.NaN, null, 1.5, -1]) await expect(c.getMarketBProduct(id as number)).rejects.toThrow(TypeError);
    expect(sent).toBe(0);
  });

  it('a 304 is an answer with a status, not a redirect', async () => {
    const c = createResaleClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: async () => new Response(null, { status: 304 }) });
    const err = (await c.getMarketBProduct(1).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.reason).toBe('status');
    expect(err.status).toBe(304);
  });
});
