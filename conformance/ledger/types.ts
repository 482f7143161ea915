/**
 * What a row of the statement ledger is (issue 28): one statement of the API description, of the
 * production note, or one decision of this kit, with the checks that judge it and the defects
 * that prove they do.
 */
import type { CheckId } from './check-id.js';

/** Where a statement comes from: the API description, the production note, or this kit (openapi.yaml `x-source: decision`, or a check whose source is `decision`). */
export type LedgerSource = 'description' | 'production' | 'decision';

/**
 * The level a finding against the statement takes: must (the description), should (the
 * production note, or what the description shows only in samples), info (a kit decision);
 * `none` for an explicit non-requirement ("not shown", "may be empty"): no check may fail a
 * server for it.
 */
export type LedgerLevel = 'must' | 'should' | 'info' | 'none';

/** One ledger row. */
export interface LedgerRow {
  /** Stable id: `D-<section>-<field or n>` (description), `D-4.1-A2-rule-3` (numbered rules), `P-<section>-<n>` (production note), `K-<name>` (decisions). */
  id: string;
  /** The section of the source (`2.3`, `4.1`, `errors`; `0` before the first `##`; for decisions the contract's JSON Pointer or `check`). */
  section: string;
  source: LedgerSource;
  level: LedgerLevel;
  /** `context`: a statement that states no requirement (a caption, the document's purpose); level `none`, no checks. */
  kind?: 'context';
  /** The statement, verbatim from its source after whitespace normalisation. */
  statement: string;
  /** The checks that judge it (registry ids). */
  checks: readonly CheckId[];
  /**
   * Defects those checks catch at the row's level (or above): a mutant name (mocks/mutants.ts), a
   * reference-server defect name (test/reference/server.ts), `reference-server` (the reference
   * server as it is, which accepts what some kit decisions refuse), or a value defect
   * `<A1..B4><JSON Pointer>=<JSON>`: a 200 answer of that operation from the mock with the value at
   * the pointer replaced (A2 asked with every display flag and a paid key).
   */
  defects: readonly string[];
  /** Why no check judges it yet (then `checks` and `defects` may be empty). */
  gap?: string;
}
