/**
 * The suite against Prism mocking the same contract: Prism passes the checks about shapes
 * (its answers are the contract's examples) and fails the checks about behaviour (it ignores
 * query semantics and answers every id with the same example). The README explains this.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance, type Report } from '../../conformance/index.js';
import { startPrism, type PrismHandle } from '../helpers/prism.js';

let prism: PrismHandle;
let report: Report;
const outcomes = (check: string): Set<string> => new Set(report.results.filter((r) => r.check === check).map((r) => r.outcome));

beforeAll(async () => {
  prism = await startPrism();
  report = await runConformance({ baseUrl: prism.baseUrl, apiKey: 'any-key', freeKey: 'another-key', rateLimit: 0 });
}, 90_000);
afterAll(async () => {
  await prism?.stop();
});

describe('conformance of Prism (schema yes, behaviour no)', () => {
  it.each(['response-schema', 'content-type', 'envelope-data', 'envelope-schema-url', 'envelope-meta', 'id-types', 'b2-variants', 'b3-sale-type', 'daily-one-per-day', 'problem-details', 'no-server-error'])('passes %s', (check) => {
    expect(outcomes(check)).toEqual(new Set(['pass']));
  });

  it.each([
    ['a2-variants-flag', 'the display flags do not change its answer'],
    ['a3-variant-filter', 'variant_id does not filter'],
    ['search-pagination', 'page 2 repeats page 1'],
    ['not-found', 'every id is found'],
    ['auth-required', 'any key is entitled'],
    ['lookup-exact-identity', 'every id and slug answers the same example product'],
  ])('fails %s (%s)', (check) => {
    expect(outcomes(check).has('fail')).toBe(true);
  });

  it('fails the run on must-level behaviour rules', () => {
    expect(report.summary.verdict).toBe('fail');
    expect(report.summary.mustFailed).toBeGreaterThan(0);
  });
});
