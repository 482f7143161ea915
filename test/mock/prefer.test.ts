/**
 * `Prefer` as RFC 7240 §2 defines it: preferences separated by commas, `;`-parameters that
 * belong to a preference, case-insensitive names, quoted values, and only the first instance of
 * a repeated preference counted. Before: `code=200,code=500` asked for 500 (the last won), and a
 * parameter (`respond-async; code=500`) was read as a preference of its own.
 */
import { describe, expect, it } from 'vitest';
import { parsePrefer } from '../../mocks/http/scenarios.js';
import { createMockServer } from '../../mocks/index.js';

const CASES: [string, string | string[], { code?: number; delay?: number; example?: string }][] = [
  ['one preference', 'code=404', { code: 404 }],
  ['the first of a repeated preference counts', 'code=200,code=500', { code: 200 }],
  ['the first across repeated header fields', ['code=200', 'code=500'], { code: 200 }],
  ['with spaces', ' code = 404 , delay = 10 ', { code: 404, delay: 10 }],
  ['case-insensitive names', 'CODE=404, Delay=5', { code: 404, delay: 5 }],
  ['a quoted value', 'code="404"', { code: 404 }],
  ['a parameter is not a preference', 'respond-async; code=500', {}],
  ['parameters of a preference are skipped', 'code=404; x=1, delay=7; y="a,b"', { code: 404, delay: 7 }],
  ['a comma inside quotes does not split', 'example="a,b", code=404', { code: 404 }],
  ['an example by name', 'example=no-asks', { example: 'no-asks' }],
  ['a value out of form is ignored, and still counts as the first instance', 'code=abc, code=500', {}],
  ['other preferences are ignored', 'return=minimal, wait=10, handling=lenient', {}],
  ['empty', '', {}],
];

describe('parsePrefer (RFC 7240 §2)', () => {
  it.each(CASES)('%s', (_name, header, expected) => {
    expect(parsePrefer(header)).toEqual(expected);
  });

  it('a long header is bounded work (64 pieces at most), never an error', () => {
    expect(parsePrefer(`${'x=1,'.repeat(100_000)}code=500`)).toEqual({});
  });
});

describe('the mock answers the first instance', () => {
  it('Prefer: code=200,code=500 is a 200, not an unasked 500', async () => {
    const { core } = createMockServer({ products: 50, now: Date.UTC(2026, 10, 20) });
    const res = await core.respond({ method: 'GET', url: '/v3/market_b/products?query=nike', headers: { authorization: 'demo-premium', prefer: 'code=200,code=500' } });
    expect(res.status).toBe(200);
    const forced = await core.respond({ method: 'GET', url: '/v3/market_b/products?query=nike', headers: { authorization: 'demo-premium', prefer: 'code=500,code=200' } });
    expect(forced.status).toBe(500);
  });
});
