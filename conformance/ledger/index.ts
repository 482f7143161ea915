/**
 * The statement ledger (issue 28): every statement of the API description, every fact of the
 * production note and every decision of this kit, each with the checks that judge it and the
 * defects that prove they do. `docs/traceability.md` is generated from it
 * (`scripts/traceability.ts`); `test/conformance/ledger.test.ts` holds it to the sources and runs
 * every defect.
 */
import { DECISION_ROWS } from './decisions.js';
import { DESCRIPTION_ROWS, PRODUCTION_ROWS } from './statements.js';
import type { LedgerRow } from './types.js';

export type { CheckId } from './check-id.js';
export { LEDGER_CHECK_IDS } from './check-id.js';
export { normalise, sentences, splitStatements, type Statement, type StatementKind } from './split.js';
export type { LedgerLevel, LedgerRow, LedgerSource } from './types.js';
export { DECISION_ROWS, DESCRIPTION_ROWS, PRODUCTION_ROWS };

/** Every row: the description's, the production note's, then the kit's decisions. */
export const LEDGER: readonly LedgerRow[] = [...DESCRIPTION_ROWS, ...PRODUCTION_ROWS, ...DECISION_ROWS];

/** A value defect: a 200 answer of `operation` (A1..B4) with the value at `pointer` replaced by `value`. */
export interface ValueDefect {
  operation: 'A1' | 'A2' | 'A3' | 'A4' | 'B1' | 'B2' | 'B3' | 'B4';
  pointer: string;
  value: unknown;
}

/**
 * Parses a value defect name (`A2/data/variants/0/lowest_ask=null`); undefined for a mutant or
 * reference-defect name.
 * @throws SyntaxError when the part after `=` is not JSON.
 */
export function valueDefect(name: string): ValueDefect | undefined {
  const m = /^([AB][1-4])(\/[^=]*)=(.*)$/.exec(name);
  if (!m) return undefined;
  return { operation: m[1] as ValueDefect['operation'], pointer: m[2] as string, value: JSON.parse(m[3] as string) as unknown };
}

/** The rows that are gaps (a statement no check judges yet). */
export const ledgerGaps = (rows: readonly LedgerRow[] = LEDGER): LedgerRow[] => rows.filter((r) => r.gap !== undefined);
