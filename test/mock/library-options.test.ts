/**
 * Options given in code, as a JavaScript caller may give them (attacker probe 7): a wrong type is
 * an OptionError naming the option, never a TypeError from deep inside; a Map of keys, a header
 * name a deprecation does not set, a world shared by cores of two public URLs and an unchecked
 * `setPublicUrl` are refused.
 */
import { describe, expect, it } from 'vitest';
import { createMockCore, createWorld, OptionError } from '../../mocks/index.js';
import { createMswHandlers } from '../../mocks/msw.js';

const NOW = Date.UTC(2026, 0, 1);
const base = { products: 10, now: NOW };

describe('options of the wrong type', () => {
  it.each([
    ['keys', { keys: null }, /keys must be an object/],
    ['keys as a Map (its entries were never checked: a tier "Root" was paid)', { keys: new Map([['bad key', 'Root']]) }, /keys must be an object .*a Map is not read/],
    ['errorStatuses', { errorStatuses: null }, /errorStatuses must be an array/],
    ['errorRate as text', { errorRate: '0.5' }, /errorRate must be a number/],
    ['corsOrigin', { corsOrigin: 123 }, /corsOrigin must be a string/],
    ['host', { host: 5 }, /host must be a string/],
    ['publicUrl', { publicUrl: 5 }, /public-url must be a string/],
    ['seed', { seed: Number.NaN }, /seed must be a string or a finite number/],
    ['world', { world: {} }, /world must be a world from createWorld/],
    ['deprecations entry', { deprecations: [null] }, /each entry must be/],
    ['data', { data: 5 }, /data must be an object/],
    ['responseCache past any use', { responseCache: 2 ** 40 }, /response-cache must be a whole number from 0/],
  ])('%s: an OptionError naming it', (_name, extra, message) => {
    expect(() => createMockCore({ ...base, ...(extra as object) })).toThrow(OptionError);
    expect(() => createMockCore({ ...base, ...(extra as object) })).toThrow(message);
  });

  it('a deprecation sets only Deprecation, Sunset and Link (Content-Length had broken the framing of a keep-alive connection)', () => {
    for (const name of ['content-length', 'x\r\nevil', 'transfer-encoding']) {
      expect(() => createMockCore({ ...base, deprecations: [{ operationId: 'searchMarketBProducts', headers: { [name]: '3' } as never }] })).toThrow(/not one a deprecation sets/);
    }
    const ok = createMockCore({ ...base, deprecations: [{ operationId: 'searchMarketBProducts', headers: { deprecation: '@1767225600', sunset: 'Thu, 01 Jan 2026 00:00:00 GMT' } }] });
    expect(ok.respond({ method: 'GET', url: '/v3/market_b/products?limit=1', headers: { authorization: 'demo-premium' } }).headers.deprecation).toBe('@1767225600');
  });
});

describe('--host (attacker 8, M6)', () => {
  it('a host that is not a name or an address is refused as --host, not as a --public-url never given', () => {
    for (const host of ['a b', '0.0.0.0 ', 'http://x', '', 'a/b', '[::1']) expect(() => createMockCore({ ...base, host })).toThrow(/^--host must be a host name or an IP address/);
    for (const host of ['127.0.0.1', '0.0.0.0', 'localhost', '::1', '[::1]', '::', 'mock.example.test']) expect(() => createMockCore({ ...base, host })).not.toThrow();
  });
});

describe('--public-url as a URL parser writes it (attacker 9, finding 2)', () => {
  it.each([
    [{ port: 80 }, 'http://127.0.0.1'],
    [{ publicUrl: 'http://mock.example.test:80' }, 'http://mock.example.test'],
    [{ publicUrl: 'https://mock.example.test:443/api/' }, 'https://mock.example.test/api'],
    [{ publicUrl: 'HTTP://Mock.Example.test' }, 'http://mock.example.test'],
  ])('%j is served as %s, not refused as a URL holding a secret', (given, expected) => {
    const core = createMockCore({ ...base, ...given });
    expect(core.options.publicUrl).toBe(expected);
  });

  it('a URL that does hold a user or a secret query is still refused', () => {
    for (const publicUrl of ['http://u:p@mock.example.test', 'http://mock.example.test:80/?token=x']) expect(() => createMockCore({ ...base, publicUrl })).toThrow(/must hold no user, password or secret query/);
  });
});

describe('one world, one public URL', () => {
  it('a second core of another public URL is refused (its URLs had leaked into the first one)', () => {
    const world = createWorld({ seed: 'resale-kit', now: NOW, products: 10, publicUrl: 'http://w' });
    const one = createMswHandlers('http://one.test', { ...base, world });
    expect(() => createMswHandlers('http://two.test', { ...base, world })).toThrow(/world already serves http:\/\/one.test/);
    const body = JSON.parse(one.core.respond({ method: 'GET', url: '/v3/market_a/products?limit=1', headers: { authorization: 'demo-premium' } }).body);
    expect(body.$schema).toMatch(/^http:\/\/one\.test\//);
    expect(body.data[0].image).toMatch(/^http:\/\/one\.test\//);
    // The same public URL may share it.
    expect(() => createMswHandlers('http://one.test', { ...base, world })).not.toThrow();
    expect(() => one.core.setPublicUrl('http://three.test')).toThrow(/shared with another core/);
  });

  it('setPublicUrl checks the URL as --public-url does', () => {
    const core = createMockCore(base);
    for (const bad of ['http://u:p@x', 'javascript:alert(1)', 5]) expect(() => core.setPublicUrl(bad as string)).toThrow(OptionError);
    core.setPublicUrl('http://mock.example.test/');
    const body = JSON.parse(core.respond({ method: 'GET', url: '/nope', headers: {} }).body);
    expect(body.type ?? body.$schema).toBeDefined();
    expect(JSON.stringify(body)).not.toContain('u:p@');
  });
});

describe('core.respond given what is not a request', () => {
  it.each([
    ['a header value that is a number', { method: 'GET', url: '/v3/market_a/products', headers: { authorization: 5 } }],
    ['an empty object', {}],
    ['null', null],
    ['a url that is a number', { method: 'GET', url: 5, headers: {} }],
  ])('%s: a 400 problem that says what a request is, no internal error text', (_what, req) => {
    const res = createMockCore(base).respond(req as never);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).detail).toMatch(/not a MockRequest/);
  });
});
