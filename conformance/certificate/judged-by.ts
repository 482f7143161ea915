/**
 * Which operations a response check judges, derived from the contract's examples and the check
 * itself (for profiles: a check claimed by a profile judges one of its operations).
 */
import type { Check, CheckContext } from '../check.js';
import type { Exchange } from '../types.js';
import { successExamples } from './profiles.js';

/**
 * The operations a response check judges, found by showing it each operation's 200 answer as
 * the contract's examples give it: the operations on whose example it gives a verdict. Derived
 * from the contract and the check itself, never listed by hand. Scenario checks: empty.
 */
export function operationsJudgedBy(check: Check, ctx: CheckContext): string[] {
  const judge = check.response;
  if (!judge) return [];
  const out: string[] = [];
  for (const op of ctx.validator.operations) {
    const path = op.path.replace(/\{[^}]+\}/g, '1');
    for (const body of successExamples(ctx.validator.doc, op)) {
      const text = JSON.stringify(body);
      const ex: Exchange = { operationId: op.operationId, auth: 'main', request: { method: 'GET', url: `http://contract.invalid${path}` }, status: 200, headers: { 'content-type': 'application/json' }, text, json: body, ms: 0 };
      let verdicts: unknown;
      try {
        verdicts = judge(ex, ctx);
      } catch {
        verdicts = undefined;
      }
      if (verdicts !== undefined && (!Array.isArray(verdicts) || verdicts.length > 0)) {
        out.push(op.operationId);
        break;
      }
    }
  }
  return out;
}
