/**
 * Inputs the description leaves free (issue 28 item 5): unknown query parameters (production
 * note: ignored), the display flags in every order and combination (§4.1 A2 rules 1-4), and the
 * smallest and largest values the contract allows. The clean mock passes each check with passes
 * to show; the mutants that break each (unknown-query-refused, display-order-matters,
 * limit-max-refused) are caught in test/conformance/mutants.test.ts, and here at their level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { boundsOf } from '../../conformance/checks/parameters.js';
import { flagOrders } from '../../conformance/checks/display.js';
import { ContractValidator } from '../../contract/index.js';
import { listeningMock } from '../helpers/servers.js';

const CHECKS = ['unknown-query-ignored', 'display-flag-combinations', 'parameter-bounds'];

describe('the pieces', () => {
  it('flagOrders lists every order of every combination of the three flags once (1 + 3 + 6 + 6)', () => {
    const orders = flagOrders();
    expect(orders).toHaveLength(16);
    expect(new Set(orders.map((o) => o.join(','))).size).toBe(16);
    expect(orders[0]).toEqual([]);
    expect(orders.filter((o) => o.length === 3)).toHaveLength(6);
  });

  it("boundsOf gives each bound of the contract's query parameters and one past it", () => {
    const v = new ContractValidator();
    const limit = v.operation('searchMarketAProducts').parameters.find((p) => p.name === 'limit');
    expect(limit && boundsOf(limit)).toEqual([
      { label: 'the minimum 1', value: '1', past: '0' },
      { label: 'the maximum 100', value: '100', past: '101' },
    ]);
    const query = v.operation('searchMarketAProducts').parameters.find((p) => p.name === 'query');
    expect(query && boundsOf(query).map((b) => b.past.length)).toContain(201);
  });
});

const runs = new Map<string, Awaited<ReturnType<typeof runConformance>>>();
const mocks: { close: () => Promise<void> }[] = [];
async function judge(mutant: string | undefined) {
  const mock = await listeningMock({ mutant, seed: 'free-inputs', products: 300 });
  mocks.push(mock);
  return runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0, checks: CHECKS });
}
beforeAll(async () => {
  for (const m of [undefined, 'unknown-query-refused', 'display-order-matters', 'limit-max-refused']) runs.set(m ?? 'clean', await judge(m));
}, 240_000);
afterAll(async () => {
  for (const m of mocks) await m.close();
});

describe('against the mock', () => {
  it('the clean mock passes all three, each with passes (nothing skipped for want of keys)', () => {
    const r = runs.get('clean')!;
    for (const id of CHECKS) {
      const mine = r.results.filter((x) => x.check === id);
      expect(
        mine.filter((x) => x.outcome === 'fail').map((x) => x.message),
        id,
      ).toEqual([]);
      expect(mine.filter((x) => x.outcome === 'pass').length, id).toBeGreaterThan(0);
    }
    // display flags: 16 orders with the paid key and the 11 that hold display[identifiers] with the free one (1 + 4 + 6), judged (passes are counted in one row)
    expect(r.results.find((x) => x.check === 'display-flag-combinations' && x.outcome === 'pass')?.message).toMatch(/\(27 responses judged\)/);
  });

  it.each([
    ['unknown-query-refused', 'unknown-query-ignored', 'should'],
    ['display-order-matters', 'display-flag-combinations', 'must'],
    ['limit-max-refused', 'parameter-bounds', 'should'],
  ])('the mutant %s fails %s at %s level, and only where it breaks the rule', (mutant, check, level) => {
    const r = runs.get(mutant)!;
    const failed = r.results.filter((x) => x.check === check && x.outcome === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) expect(f.level).toBe(level);
    // the other two checks still pass against it
    for (const other of CHECKS.filter((c) => c !== check))
      expect(
        r.results.filter((x) => x.check === other && x.outcome === 'fail').map((x) => x.message),
        other,
      ).toEqual([]);
  });

  it('display-order-matters is caught only on the orders that put prices before variants', () => {
    const failed = runs.get('display-order-matters')!.results.filter((x) => x.check === 'display-flag-combinations' && x.outcome === 'fail');
    for (const f of failed) expect(f.message).toMatch(/display\[prices\].*display\[variants\]/);
  });
});
