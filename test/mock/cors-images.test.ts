/**
 * What a browser page on another origin needs: CORS on every answer and on preflight
 * (including the Authorization header), and images that render offline from the mock itself.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { call, mock } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

const m = mock({ seed: 'browser' });
const slug = refs(m).a.slug(2);

describe('CORS', () => {
  it('answers a preflight for GET with Authorization and Prefer', async () => {
    const res = await request(m.handler).options('/v3/market_a/products').set('Origin', 'http://localhost:5173').set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'authorization, prefer');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('GET');
    expect(res.headers['access-control-allow-headers']).toBe('authorization, prefer');
  });

  it('sets the CORS headers on answers and errors, and exposes the quota headers', () => {
    for (const [url, key] of [
      ['/v3/market_b/products?query=dunk', 'demo-free'],
      ['/v3/market_b/products/no-such', 'demo-free'],
      ['/v3/market_a/products', null],
    ] as const) {
      const res = call(m, url, key);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-expose-headers']).toContain('x-quota-current');
    }
  });

  it('a configured origin is echoed with Vary: Origin', () => {
    const strict = mock({ seed: 'browser', corsOrigin: 'http://localhost:5173' });
    const res = call(strict, '/v3/market_b/products?query=dunk');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers.vary).toBe('origin');
  });
});

describe('offline images', () => {
  it('every image URL of a product points at the mock and answers an SVG of that product', async () => {
    const d = call(m, `/v3/market_a/products/${slug}`).body.data;
    const b = call(m, `/v3/market_b/products/${refs(m).b.id(2)}`).body.data;
    const urls: string[] = [d.image, ...d.gallery, ...d.gallery_360.slice(0, 2), b.image_url, ...b.images];
    expect(urls.length).toBeGreaterThan(3);
    for (const u of urls) {
      expect(u.startsWith(m.core.options.publicUrl)).toBe(true);
      const res = await request(m.handler).get(new URL(u).pathname);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toContain('max-age=86400');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    const svg = call(m, new URL(d.image).pathname, null).text;
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain(d.brand);
    expect(svg).toContain(d.secondary_title.replace(/ \((W|GS|PS|TD)\)$/, '').replace(/'/g, '&#39;'));
    // The label names the brand once, even when the title begins with it (newcomer probe: "Nike Nike Air Max 1").
    const label = /aria-label="([^"]*)"/.exec(svg)?.[1] ?? '';
    expect(label.split(/\s+/).filter((w) => w.toLowerCase() === String(d.brand).toLowerCase()).length, label).toBeLessThanOrEqual(1);
  });

  it('is deterministic and differs by angle; unknown products are 404 problems', async () => {
    const d = call(m, `/v3/market_a/products/${slug}`).body.data;
    const one = call(m, new URL(d.image).pathname, null).text;
    expect(call(mock({ seed: 'browser' }), new URL(d.image).pathname, null).text).toBe(one);
    expect(call(m, new URL(d.image).pathname.replace('/0.svg', '/1.svg'), null).text).not.toBe(one);
    const missing = call(m, '/images/market_b/1/0.svg', null);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('application/problem+json');
  });
});
