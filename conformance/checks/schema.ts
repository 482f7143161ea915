/** The body of every 200 answer is valid against its schema in openapi.yaml (§2, via Ajv 2020). */
import { FULL_VALIDATION_VALUES, getAt, type Json } from '../../contract/index.js';
import { fail, NOT_FULLY_JUDGED, pass, skip, type Check, type Verdict } from '../check.js';
import { MAX_DEPTH } from '../json-scan.js';

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
    if (ex.json === undefined) {
      if (ex.scan && ex.scan.depth > MAX_DEPTH) return fail(`the body nests more than ${MAX_DEPTH} levels deep, so it was not read as JSON`, ex);
      return fail(`the body is not JSON${ex.text ? ` (starts ${JSON.stringify(ex.text.slice(0, 60))})` : ' (empty)'}`, ex);
    }
    const { violations, complete } = ctx.validator.validateAtBounded(res.schemaPointer, ex.json);
    if (violations.length === 0) return pass(`valid against ${res.schemaName ?? res.schemaPointer}`, ex);
    const out: Verdict[] = violations.slice(0, MAX_PER_RESPONSE).map((v) => {
      let evidence: unknown;
      try {
        evidence = getAt(ex.json as Json, v.pointer);
      } catch {
        evidence = undefined;
      }
      // A number that overflowed reads as null or Infinity: say what the body really holds.
      const overflow = ex.scan?.overflows.find((o) => o.pointer === v.pointer);
      const why = overflow ? ` (the body has ${overflow.literal} here, which overflows a 64-bit float)` : '';
      return fail(`${v.message}${why} (schema ${res.schemaName}, rule ${v.schemaPath})`, ex, v.pointer, overflow ? overflow.literal : evidence);
    });
    if (violations.length > MAX_PER_RESPONSE) out.push(fail(`... and ${violations.length - MAX_PER_RESPONSE} more violations in this body`, ex));
    if (!complete) out.push(skip(`${NOT_FULLY_JUDGED}: the body has more than ${FULL_VALIDATION_VALUES} JSON values, so only the first violation and those in the first items of each array were looked for`));
    return out;
  },
};
