/** The body of every 200 answer is valid against its schema in openapi.yaml (§2, via Ajv 2020). */
import { getAt, type Json } from '../../contract/index.js';
import { fail, pass, type Check, type Verdict } from '../check.js';

const MAX_PER_RESPONSE = 5;

/** Every 200 body validates against the operation's response schema, compiled from the contract. */
export const responseSchema: Check = {
  id: 'response-schema',
  level: 'must',
  requirement: '§2 field tables (every field, type, format and nullability), as openapi.yaml encodes them',
  title: 'response bodies match the contract schema',
  response: (ex, ctx) => {
    if (ex.status !== 200 || !ex.operationId) return undefined;
    const res = ctx.validator.operation(ex.operationId).responses.find((r) => r.status === '200');
    if (!res) return undefined;
    if (ex.json === undefined) return fail(`the body is not JSON${ex.text ? ` (starts ${JSON.stringify(ex.text.slice(0, 60))})` : ' (empty)'}`, ex);
    const violations = ctx.validator.validateAt(res.schemaPointer, ex.json);
    if (violations.length === 0) return pass(`valid against ${res.schemaName ?? res.schemaPointer}`, ex);
    const out: Verdict[] = violations.slice(0, MAX_PER_RESPONSE).map((v) => {
      let evidence: unknown;
      try {
        evidence = getAt(ex.json as Json, v.pointer);
      } catch {
        evidence = undefined;
      }
      return fail(`${v.message} (schema ${res.schemaName}, rule ${v.schemaPath})`, ex, v.pointer, evidence);
    });
    if (violations.length > MAX_PER_RESPONSE) out.push(fail(`... and ${violations.length - MAX_PER_RESPONSE} more violations in this body`, ex));
    return out;
  },
};
