/**
 * Honest output (issue 28 item 6): each check is one progress line, counted once, and the counter
 * never passes its total; a row's tally names the level of the findings it counts; a message
 * never contradicts itself (a size without any non-zero price is not told "the lowest non-zero
 * price is 0").
 */
import { describe, expect, it } from 'vitest';
import { CHECKS, runConformance } from '../../conformance/index.js';
import { tally } from '../../conformance/runner.js';
import type { CheckResult, Exchange } from '../../conformance/types.js';
import { listeningMock } from '../helpers/servers.js';

describe('progress lines', () => {
  it('every check once, numbered 1..N in order, never past N', async () => {
    const mock = await listeningMock({ products: 200, seed: 'honest' });
    const lines: string[] = [];
    try {
      await runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0, fuzzRequests: 2, onProgress: (l) => lines.push(l) });
    } finally {
      await mock.close();
    }
    const counted = lines.map((l) => /^\[(\d+)\/(\d+)\] ([a-z0-9-]+):/.exec(l)).filter((m): m is RegExpExecArray => m !== null);
    expect(counted.map((m) => Number(m[1]))).toEqual(CHECKS.map((_, i) => i + 1));
    expect(new Set(counted.map((m) => m[2]))).toEqual(new Set([String(CHECKS.length)]));
    expect(counted.map((m) => m[3]).sort()).toEqual(CHECKS.map((c) => c.id).sort());
  }, 120_000);
});

describe('tallies and messages', () => {
  it('a tally names the level of the findings it counts', () => {
    const row = (outcome: string, level: string): CheckResult => ({ check: 'x', level, outcome, operation: '*', requirement: '', message: '' }) as unknown as CheckResult;
    expect(tally([row('pass', 'must'), row('fail', 'should')])).toBe('1 pass, 1 fail (should), 0 skip');
    expect(tally([row('pass', 'must')])).toBe('1 pass, 0 fail, 0 skip');
  });

  it('variant-asks-agree: a size without any non-zero price is told its lowest_ask should be 0, not "the lowest non-zero price is 0"', () => {
    const check = CHECKS.find((c) => c.id === 'variant-asks-agree');
    const body = { data: { id: 'p', variants: [{ id: 'v', lowest_ask: null, total_asks: 0, prices: [{ price: 0, asks: 0, type: 'standard' }] }] } };
    const ex = {
      operationId: 'getMarketAProduct',
      auth: 'main',
      request: { method: 'GET', url: 'http://x/v3/market_a/products/p' },
      status: 200,
      headers: { 'content-type': 'application/json' },
      text: JSON.stringify(body),
      json: body,
    } as unknown as Exchange;
    const v = check?.response?.(ex, {} as never);
    const messages = (Array.isArray(v) ? v : v ? [v] : []).map((x) => x.message).join('\n');
    expect(messages).toMatch(/no price is above 0, so it is 0/);
    expect(messages).not.toMatch(/lowest non-zero price is 0/);
  });
});
