/**
 * Contract patterns that backtrack exponentially are refused before a value meets them
 * (attacker 8, H3: `compat` hung on `^(\S|\s|.)+!$` in a proposed contract).
 */
import { describe, expect, it } from 'vitest';
import { loadContract, type OpenApiDocument } from '../../contract/load.js';
import { unsafePattern } from '../../contract/patterns.js';
import { ContractValidator } from '../../contract/validator.js';

describe('contract patterns', () => {
  it('refuses repeated groups holding an alternation or a quantifier, and backreferences', () => {
    for (const p of ['^(\\S|\\s|.)+!$', '^(a+)+$', '(a|aa)*b', '^((ab)*c)+$', '(x{2,})+', '(a|b){2,9}', '(\\w)\\1', '(?<n>a)\\k<n>', '^(?:a|b)+$']) expect(unsafePattern(p), p).toBeDefined();
  });

  it("accepts every pattern of the kit's contract and ordinary ones", () => {
    for (const p of ['^[A-Za-z0-9][A-Za-z0-9-]*$', '^[^A-Z]*$', '^[A-Z]{2}$', '(\\.\\d+)?', '^\\d{4}-(0[1-9]|1[0-2])$', '[(|)+]+', '\\(a|b\\)+', '^a{2,3}$']) expect(unsafePattern(p), p).toBeUndefined();
    expect(() => new ContractValidator(loadContract())).not.toThrow();
  });

  it('a contract with such a pattern cannot be judged with: the validator refuses it, naming where', () => {
    const doc = structuredClone(loadContract()) as OpenApiDocument;
    (doc.components as { schemas: Record<string, unknown> }).schemas.Url = { type: 'string', pattern: '^(\\S|\\s|.)+!$' };
    expect(() => new ContractValidator(doc)).toThrow(/\/components\/schemas\/Url\/pattern: .*exponential/);
  });
});
