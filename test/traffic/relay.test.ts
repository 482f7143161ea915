/**
 * Open relay (issue 21): whatever the request target says, the proxy sends the request to the
 * configured upstream origin, under its base path, or refuses it with a 400 problem. A second
 * loopback server, the "other host", must receive nothing (and so never the client's key);
 * whatever reaches the upstream stays under `/api` even after the upstream decodes and
 * normalises it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeTarget } from '../../traffic/target.js';
import { rawRequest } from '../helpers/raw-http.js';
import { lineProxy, recordingServer } from '../helpers/traffic.js';

let upstream: Awaited<ReturnType<typeof recordingServer>>;
let other: Awaited<ReturnType<typeof recordingServer>>;
let proxy: Awaited<ReturnType<typeof lineProxy>>;
let rootProxy: Awaited<ReturnType<typeof lineProxy>>;

beforeAll(async () => {
  upstream = await recordingServer();
  other = await recordingServer();
  proxy = await lineProxy({ upstream: `${upstream.url}/api`, timeoutMs: 2000 });
  rootProxy = await lineProxy({ upstream: upstream.url, timeoutMs: 2000 });
});
afterAll(async () => {
  await proxy.close();
  await rootProxy.close();
  await upstream.close();
  await other.close();
});

/** Every spelling of "another host" and of "above the base path" we could think of, and then some. */
const hostile = (port: number): string[] => {
  const o = `127.0.0.1:${port}`;
  return [
    `*@${o}/x`,
    `*:pw@${o}/x`,
    `@${o}/x`,
    `user@${o}/x`,
    `user:pw@localhost:${port}/x`,
    `${o}/x`,
    `localhost:${port}/x`,
    `%31%32%37.0.0.1:${port}/x`,
    `0x7f000001:${port}/x`,
    `2130706433:${port}/x`,
    `[::1]:${port}/x`,
    `http://${o}/x`,
    `http://user:pw@${o}/x`,
    `http://%31%32%37.0.0.1:${port}/x`,
    `http://0x7f000001:${port}/x`,
    `http://2130706433:${port}/x`,
    `http://0177.0.0.1:${port}/x`,
    `http://localhost:${port}/x`,
    `http://[::ffff:127.0.0.1]:${port}/x`,
    `HTTP://${o}`,
    `https://${o}/x`,
    `ftp://${o}/x`,
    `//${o}/x`,
    `///${o}/x`,
    `/\\${o}/x`,
    `\\\\${o}/x`,
    `/%2f${o}/x`,
    `/%2F%2F${o}/x`,
    `/%5c${o}/x`,
    `/@${o}/x`,
    `/../secret`,
    `/../../../etc/passwd`,
    `/%2e%2e/secret`,
    `/%2E%2E/secret`,
    `/.%2e/secret`,
    `/%2e./secret`,
    `/..\\secret`,
    `/..%5csecret`,
    `/..%2fsecret`,
    `/%2e%2e%2fsecret`,
    `/v3/../../secret`,
    `/v3/%2e%2e/%2e%2e/secret`,
    `/./../secret`,
    `/v3/./.././../secret`,
    `/..`,
    `/%2e%2e`,
    `/..;/secret`,
    `/..;jsessionid=1/secret`,
    `/.;x/../secret`,
    `/%2e%2e;/secret`,
    `/x%00/secret`,
    `/x%0d%0aHost:%20evil`,
    `/x?y#frag`,
    `/%zz/secret`,
    `/%u002e%u002e/secret`,
    `*`,
    `?x=1`,
    `x`,
    `.`,
    `..`,
    `../secret`,
  ];
};

/** A path the upstream received, read the way a lenient upstream would: decoded, dot segments resolved. */
const asUpstreamSeesIt = (target: string): string => {
  let decoded = target.split('?')[0] as string;
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // kept as is
  }
  // Tomcat, Jetty and Spring drop each segment's `;parameters` first (`/..;/x` is `/../x` to them).
  return new URL(decoded.replace(/\\/g, '/').replace(/;[^/]*/g, ''), 'http://upstream.invalid').pathname;
};

describe('the proxy is no open relay', () => {
  it.each([
    ['an upstream with a base path', '/api', /^\/api(\/|$)/],
    ['an upstream at its root', '', /^\//],
  ])('in front of %s: every hostile target goes to the upstream under the base, or is a 400 problem; the other host receives nothing', async (_what, base, under) => {
    const via = base ? proxy : rootProxy;
    const targets = hostile(other.port);
    for (const target of targets) {
      const before = upstream.seen.length;
      const res = await rawRequest(via.port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${other.port}\r\nAuthorization: Bearer RELAY-KEY-123456\r\nConnection: close\r\n\r\n`);
      if (res.status === 400) expect(res.headers['content-type'], target).toBe('application/problem+json');
      else expect(res.status, target).toBe(200);
      for (const s of upstream.seen.slice(before)) {
        expect(asUpstreamSeesIt(s.url), `${target} reached ${s.url}`).toMatch(under);
        expect(s.headers.host, target).toBe(`127.0.0.1:${upstream.port}`);
      }
      expect(other.seen, `${target} reached the other host`).toEqual([]);
    }
    // The proxy still serves.
    const ok = await fetch(`${proxy.url}/v3/market_a/products`);
    expect(ok.status).toBe(200);
    expect(upstream.seen.at(-1)?.url).toBe('/api/v3/market_a/products');
  });

  it('CONNECT to another host is a 405 problem; the other host receives nothing', async () => {
    for (const target of [`127.0.0.1:${other.port}`, `localhost:${other.port}`, `http://127.0.0.1:${other.port}/x`]) {
      const res = await rawRequest(proxy.port, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      expect(res.status, target).toBe(405);
      expect(res.headers['content-type']).toBe('application/problem+json');
    }
    expect(other.seen).toEqual([]);
  });

  it('forwards ordinary targets unchanged under the base path', async () => {
    for (const [target, expected] of [
      ['/v3/market_a/products?query=dunk&limit=5', '/api/v3/market_a/products?query=dunk&limit=5'],
      ['/v3/market_b/products/123', '/api/v3/market_b/products/123'],
      ['/v3/market_a/products/a%20b', '/api/v3/market_a/products/a%20b'],
      ['/v3/market_a/products/x?display[variants]=true&q=a|b', '/api/v3/market_a/products/x?display[variants]=true&q=a|b'],
      ['/v3/market_b/products?query=%22air%22&x=@host:1', '/api/v3/market_b/products?query=%22air%22&x=@host:1'],
      ['/v3/x/../market_a/products', '/api/v3/market_a/products'],
      ['/', '/api/'],
      [`http://ignored.example/v3/market_a/products?q=1`, '/api/v3/market_a/products?q=1'],
    ] as const) {
      const before = upstream.seen.length;
      const res = await rawRequest(proxy.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(res.status, target).toBe(200);
      expect(
        upstream.seen.slice(before).map((s) => s.url),
        target,
      ).toEqual([expected]);
    }
  });
});

describe('placeTarget (unit)', () => {
  const base = new URL('http://up.example:8080/api');
  it.each(hostile(9))('%j is refused or placed under the base path on the upstream origin', (target) => {
    const placed = placeTarget(base, target);
    if (!placed.ok) {
      expect(placed.reason.length).toBeGreaterThan(0);
      return;
    }
    expect(placed.url.origin).toBe('http://up.example:8080');
    expect(asUpstreamSeesIt(placed.pathAndQuery)).toMatch(/^\/api(\/|$)/);
    expect(placed.pathAndQuery.startsWith('/api/')).toBe(true);
  });

  it('refuses climbing above the base in every encoding, and accepts climbing inside it', () => {
    for (const t of ['/../x', '/%2e%2e/x', '/.%2E/x', '/a/../../x', '/a/%2e%2e/%2e%2e/x']) expect(placeTarget(base, t).ok, t).toBe(false);
    const inside = placeTarget(base, '/a/b/%2e%2e/c');
    expect(inside.ok && inside.pathAndQuery).toBe('/api/a/c');
    const root = placeTarget(new URL('http://up.example/'), '/v3/x?y=1');
    expect(root.ok && root.pathAndQuery).toBe('/v3/x?y=1');
    expect(root.ok && root.contractPath).toBe('/v3/x');
  });
});
