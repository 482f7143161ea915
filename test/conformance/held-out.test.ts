/**
 * The suite against a server it has never seen: an independent implementation of the API
 * (test/heldout/vendor-server.mjs, written from the description and the production notes only,
 * by someone who never read this kit), with its own seeded defects and legal variations
 * (test/heldout/DEFECTS.md). Every must-level defect the suite can judge fails the run (exit 1
 * verdict) at must level; every legal variation passes with no must-level finding.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { startHeldOut } from '../helpers/heldout.js';

const SERVER = fileURLToPath(new URL('../heldout/vendor-server.mjs', import.meta.url));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

const start = (args: string[]): ReturnType<typeof startHeldOut> => startHeldOut(SERVER, args, children);

async function judge(args: string[]): Promise<{ verdict: string; must: string[] }> {
  const s = await start(args);
  try {
    const r = await runConformance({ baseUrl: s.url, apiKey: 'vendor-paid', freeKey: 'vendor-free', rateLimit: 0, fuzzRequests: 2 });
    return { verdict: r.summary.verdict, must: [...new Set(r.results.filter((x) => x.outcome === 'fail' && x.level === 'must').map((x) => x.check))] };
  } finally {
    s.stop();
  }
}

/** Defect → a check that must fail at must level (the rule each breaks is in DEFECTS.md). */
const DEFECTS: [string, string][] = [
  ['a-daily-tz-shift', 'daily-matches-sales'],
  ['b-search-has-meta', 'envelope-meta'],
  ['a2-variants-null-field', 'a2-no-variants-without-flag'],
  ['identifiers-free-leak', 'identifiers-not-entitled'],
  ['b4-free-allowed', 'premium-not-entitled'],
  ['a3-variant-filter-ignored', 'a3-variant-filter'],
  ['b2-slug-prefix', 'lookup-exact-identity'],
  ['a-price-type-names', 'response-schema'],
  ['a-prices-partial', 'a2-prices-flag'],
  ['b3-sale-type-values', 'b3-sale-type'],
  ['b3-meta-shape', 'envelope-meta'],
  ['b-daily-avg-rounded', 'daily-matches-sales'],
  ['b-search-id-string', 'id-types'],
];
// Not judged: a-search-popularity-order (ties in relevance ordered by the least popular first);
// the description gives no relevance score to tell a tie from a relevance order.
const VARIATIONS = ['a-sales-oldest-first', 'no-schema', 'extra-members', 'uuid-v7', 'b-season-leading-space', 'problem-minimal', 'fractional-timestamps', 'sales-window-14d'];

describe('an independent server the suite has never seen (held out)', () => {
  it('the clean server passes', async () => {
    const r = await judge([]);
    expect(r.must).toEqual([]);
    expect(r.verdict).toBe('pass');
  }, 60_000);

  it.each(DEFECTS)(
    'defect %s fails %s at must level',
    async (defect, check) => {
      const r = await judge(['--defect', defect]);
      expect(r.must).toContain(check);
      expect(r.verdict).toBe('fail');
    },
    60_000,
  );

  it.each(VARIATIONS)(
    'legal variation %s passes with no must-level finding',
    async (variation) => {
      const r = await judge(['--variation', variation]);
      expect(r.must).toEqual([]);
      expect(r.verdict).toBe('pass');
    },
    60_000,
  );
});
