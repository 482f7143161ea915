/**
 * The suite against a third server it has never seen (issue 28 item 7): test/heldout/vendor3/server.mjs,
 * written by a helper that read only the API description and the production note, never this
 * kit, with 26 must-level and 8 should-level defects of its own choosing and 12 legal variations
 * (test/heldout/vendor3/DEFECTS.md). Each defect the suite can judge fails its named check at
 * the defect's level; every legal variation passes with no must-level finding; the clean server
 * passes with no finding above info.
 *
 * Before the fixes it prompted, the suite caught 17 of the 26 must-level defects at must level
 * and 6 of the 8 should-level ones, with no false alarm on the 12 variations.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeHeldOut, type HeldOutJudgement } from '../helpers/heldout.js';

const SERVER = fileURLToPath(new URL('../heldout/vendor3/server.mjs', import.meta.url));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

const judge = (args: string[]): Promise<HeldOutJudgement> => judgeHeldOut(SERVER, ['--rate-limit', '1000000', ...args], { apiKey: 'vendor-paid', freeKey: 'vendor-free' }, children);

/** Must-level defect → a check that fails at must level against it (the rule each breaks is in DEFECTS.md). */
const MUST: [string, string][] = [
  ['b1-meta', 'envelope-meta'],
  ['a1-meta-page', 'envelope-meta'],
  ['a2-meta-absent', 'envelope-meta'],
  ['a2-variants-unasked', 'a2-no-variants-without-flag'],
  ['a2-slug-display-ignored', 'slug-addressed-same'],
  ['free-identifiers', 'identifiers-not-entitled'],
  ['free-b4', 'premium-not-entitled'],
  ['a3-variant-filter-slug', 'slug-addressed-same'],
  ['a3-product-id-slug', 'slug-addressed-same'],
  ['a3-one-variant', 'a3-all-variants'],
  ['a4-day-shift', 'daily-matches-sales'],
  ['b4-date-local', 'daily-one-per-day'],
  ['b4-slug-rejected', 'b4-id-or-slug'],
  ['b3-type-third', 'b3-sale-type'],
  ['b2-variant-product-id-string', 'id-types'],
  ['a1-rank-string', 'response-schema'],
  ['size-type-upper', 'response-schema'],
  ['breadcrumb-level-zero', 'response-schema'],
  ['a1-sku-not-first', 'search-by-sku-name-brand'],
  ['b2-images-null', 'response-schema'],
  ['empty-204', 'empty-lists-are-envelopes'],
  ['a2-updated-offset', 'response-schema'],
];
/** Should-level defect (a production-note fact) → the check that fails at should level. */
const SHOULD: [string, string][] = [
  ['unauth-403', 'auth-required'],
  ['error-plain-json', 'problem-details'],
  ['unknown-param-422', 'unknown-query-ignored'],
  ['b3-default-limit-20', 'b3-default-page'],
  ['daily-zero-rows', 'daily-only-sale-days'],
  ['position-one-based', 'variant-positions'],
  ['total-asks-mismatch', 'variant-asks-agree'],
  ['no-key-type-on-error', 'key-type-headers'],
];
// Not judged at must level, with the reason:
// - delete-allowed: write methods go only to ids that cannot exist, never to a real product (docs/conformance-methods.md);
//   the server's 404 to them instead of 405 is a should-level method-not-allowed finding.
// - v2-alias: §9 leaves "other versions" not shown, so serving /v2/ beside /v3/ breaks no stated rule.
// - a2-prices-skip-hidden: judged only when discovery meets a product with a hidden variant (not this server's first products).
// - b1-brand-unsearchable: this server's product names hold their brand, so a brand search finds them by name.
const VARIATIONS = [
  'no-schema',
  'a3-oldest-first',
  'free-identifiers-null',
  'uuid-v7',
  'b-season-trimmed',
  'extra-members',
  'error-minimal',
  'empty-query-empty',
  'a1-per-page-10',
  'daily-window-30',
  'timestamps-millis',
  'amounts-fractional',
];

describe('held-out server 3 (written from the description alone)', () => {
  it('the clean server passes with no must or should finding', async () => {
    const r = await judge([]);
    expect(r.failed('must')).toEqual([]);
    expect(r.failed('should')).toEqual([]);
    expect(r.verdict).toBe('pass');
  }, 120_000);

  it.each(MUST)(
    'defect %s fails %s at must level',
    async (name, check) => {
      const r = await judge(['--defect', name]);
      expect(r.failed('must')).toContain(check);
      expect(r.verdict).toBe('fail');
    },
    120_000,
  );

  it.each(SHOULD)(
    'production defect %s fails %s at should level',
    async (name, check) => {
      const r = await judge(['--defect', name]);
      expect(r.failed('should')).toContain(check);
      expect(r.failed('must')).toEqual([]);
    },
    120_000,
  );

  it.each(VARIATIONS)(
    'legal variation %s passes with no must-level finding',
    async (name) => {
      const r = await judge(['--variation', name]);
      expect(r.failed('must')).toEqual([]);
      expect(r.verdict).toBe('pass');
    },
    120_000,
  );
});
