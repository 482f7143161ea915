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

/** The rows that are gaps (a statement no check judges yet). */
export const ledgerGaps = (rows: readonly LedgerRow[] = LEDGER): LedgerRow[] => rows.filter((r) => r.gap !== undefined);
