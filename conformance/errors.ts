/**
 * Errors of the suite that are not findings: a bad option value (exit 2). Findings are data
 * (`CheckResult`, conformance/types.ts), never thrown.
 */

/** A usage error: a bad option value. The CLI exits 2 on it. */
export class UsageError extends Error {
  override name = 'UsageError';
}
