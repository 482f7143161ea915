/**
 * The suite against a fifth server it has never seen (round 4, vendor probe 2):
 * test/heldout/vendor5/server.mjs, written by a second helper that read only the API description
 * and the production note, with 60 single-sentence defects and 17 variations the description
 * allows (test/heldout/vendor5/README.md).
 *
 * Before the fixes it prompted: three allowed variations failed at must level (a 402 refusal of
 * display[identifiers], `retail_prices` as an object, `meta: null` on lists without meta), A4 of
 * a product without sales answered 404 unjudged, and A3 with another product's variant escaped
 * (discovery found two products, one without sales).
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeHeldOut, type HeldOutJudgement } from '../helpers/heldout.js';

const SERVER = fileURLToPath(new URL('../heldout/vendor5/server.mjs', import.meta.url));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

const judge = (defect?: string): Promise<HeldOutJudgement> => judgeHeldOut(SERVER, defect ? ['--defect', defect] : [], { apiKey: 'RMKEY-1A2B-3C4D-5E6F-0123456789AB', freeKey: 'RMKEY-AAAA-BBBB-CCCC-DDDDEEEEFFFF' }, children);

/** Must-level defect → the check that fails at must level against it. */
const MUST: [string, string][] = [
  ['a4-empty-404', 'empty-lists-are-envelopes'],
  ['a3-foreign-variant', 'a3-variant-filter'],
  ['a2-prices-partial', 'a2-prices-flag'],
  ['free-prices-403', 'free-tier-open'],
  ['b4-excl-offers', 'daily-matches-sales'],
  ['sizes-own-mismatch', 'variant-sizes-agree'],
];
/** What the description allows: no must-level failure. */
const ALLOWED = ['var-402', 'var-retail-prices-object', 'var-meta-null', 'var-plus00-dates', 'var-uuid-v7', 'var-no-schema'];

describe('held-out server 5 (round 4 vendor probe 2)', () => {
  it('the clean server passes with no finding above info', async () => {
    const r = await judge();
    expect(r.verdict).toBe('pass');
    expect(r.failed('must')).toEqual([]);
    expect(r.failed('should')).toEqual([]);
  });
  it.each(MUST)('%s fails %s at must level', async (defect, check) => {
    const r = await judge(defect);
    expect(r.failed('must')).toContain(check);
  });
  it.each(ALLOWED)('%s is no must-level failure', async (variation) => {
    const r = await judge(variation);
    expect(r.failed('must')).toEqual([]);
  });
});
