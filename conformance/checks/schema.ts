/**
 * The body of every 200 answer is valid against its schema in openapi.yaml (§2, via Ajv 2020).
 * A violation takes the level of the failing keyword's provenance (conformance/provenance.ts):
 * a keyword the description states is must, one marked `x-source: production` should, one
 * marked `x-source: decision` info. A body the contract accepts only through a production
 * deviation (`x-deviation` branch) is reported by `production-deviation` at should level.
 */
import { ContractValidator, FULL_VALIDATION_VALUES, getAt, strictSchemaOf, type Json, type JsonObject } from '../../contract/index.js';
import { fail, NOT_FULLY_JUDGED, pass, skip, type Check, type CheckContext, type Verdict } from '../check.js';
import { MAX_DEPTH } from '../json-scan.js';
import { deviationsAlong, keywordProvenance } from '../provenance.js';
import type { Exchange, Level } from '../types.js';

/** Levels, highest first. */
const RANK: Readonly<Record<Level, number>> = { must: 0, should: 1, info: 2 };

const MAX_PER_RESPONSE = 5;

/** The 200 response of an exchange's operation, if the contract declares one. */
function okResponse(ex: Exchange, ctx: CheckContext): { schemaPointer: string; schemaName?: string } | undefined {
  if (ex.status !== 200 || !ex.operationId) return undefined;
  return ctx.validator.operation(ex.operationId).responses.find((r) => r.status === '200');
}

/** Every 200 body validates against the operation's response schema, compiled from the contract. */
export const responseSchema: Check = {
  id: 'response-schema',
  level: 'must',
  source: 'description',
  requirement: '§2 field tables (every field, type, format and nullability, timestamps in UTC), as openapi.yaml encodes them; a keyword marked x-source: production is should, x-source: decision info',
  title: 'response bodies match the contract schema',
  response: (ex, ctx) => {
    const res = okResponse(ex, ctx);
    if (!res) return undefined;
    if (ex.json === undefined) {
      if (ex.scan && ex.scan.depth > MAX_DEPTH) return fail(`the body nests more than ${MAX_DEPTH} levels deep, so it was not read as JSON`, ex);
      return fail(`the body is not JSON${ex.text ? ` (starts ${JSON.stringify(ex.text.slice(0, 60))})` : ' (empty)'}`, ex);
    }
    const { violations, complete } = ctx.validator.validateAtBounded(res.schemaPointer, ex.json);
    if (violations.length === 0) return pass(`valid against ${res.schemaName ?? res.schemaPointer}`, ex);
    const doc = ctx.validator.doc as unknown as JsonObject;
    // Levels from the description first: a value that breaks several keywords (an anyOf whose
    // every branch fails, a type and a production minimum) is reported at the highest level
    // among the sources it breaks; a production branch never lowers a description rule.
    const highest = new Map<string, Level>();
    for (const v of violations) {
      const level = keywordProvenance(doc, res.schemaPointer, v.pointer, v.keyword).level;
      const before = highest.get(v.pointer);
      if (before === undefined || RANK[level] < RANK[before]) highest.set(v.pointer, level);
    }
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
      const provenance = keywordProvenance(doc, res.schemaPointer, v.pointer, v.keyword);
      const source =
        provenance.level === 'info' ? `; a decision of this kit${provenance.reason ? `: ${provenance.reason}` : ''}` : provenance.level === 'should' ? `; production behaviour${provenance.reason ? `: ${provenance.reason}` : ''}` : '';
      const level = highest.get(v.pointer) ?? provenance.level;
      const also = level !== provenance.level ? '; the value also breaks a rule of the description here, so the finding is must-level' : '';
      return { ...fail(`${v.message}${why} (schema ${res.schemaName}, rule ${v.schemaPath}${source}${also})`, ex, v.pointer, overflow ? overflow.literal : evidence), level };
    });
    // The line for the rest takes the highest level among them (a must line for info-level rest made a run fail; round 4 vendor probe).
    if (violations.length > MAX_PER_RESPONSE) {
      const rest = violations.slice(MAX_PER_RESPONSE).map((v) => highest.get(v.pointer) ?? keywordProvenance(doc, res.schemaPointer, v.pointer, v.keyword).level);
      const level = rest.reduce<Level>((a, b) => (RANK[b] < RANK[a] ? b : a), 'info');
      out.push({ ...fail(`... and ${violations.length - MAX_PER_RESPONSE} more violations in this body`, ex), level });
    }
    if (!complete) out.push(skip(`${NOT_FULLY_JUDGED}: the body has more than ${FULL_VALIDATION_VALUES} JSON values, so only the first violation and those in the first items of each array were looked for`));
    return out;
  },
};

const strict = new WeakMap<ContractValidator, ContractValidator>();
/** The validator of the contract without its production deviations (built once per contract). */
function strictValidator(v: ContractValidator): ContractValidator {
  let s = strict.get(v);
  if (!s) {
    s = new ContractValidator(strictSchemaOf(v.doc as unknown as Json) as unknown as ContractValidator['doc']);
    strict.set(v, s);
  }
  return s;
}

/**
 * A body the contract accepts only through a production deviation (an `anyOf` branch marked
 * `x-deviation: true`, such as marketplace B `release_date: ""`) is reported: the description
 * says otherwise, production is known to do it.
 */
export const productionDeviation: Check = {
  id: 'production-deviation',
  level: 'should',
  source: 'production',
  requirement: 'production notes: where production is known to deviate from the description (x-deviation branches of openapi.yaml), the contract accepts it and the suite reports it',
  title: 'bodies that rely on a known production deviation',
  response: (ex, ctx) => {
    const res = okResponse(ex, ctx);
    if (!res || ex.json === undefined) return undefined;
    // Bounded like response-schema: collecting every error of a large invalid body costs time in
    // the square of its items (a 10,000-item body took seconds here, for every answer).
    if (ctx.validator.validateAtBounded(res.schemaPointer, ex.json).violations.length > 0) return undefined; // response-schema reports it
    const { violations: strictViolations, complete } = strictValidator(ctx.validator).validateAtBounded(res.schemaPointer, ex.json);
    if (strictViolations.length === 0) return pass('no production deviation', ex);
    const doc = ctx.validator.doc as unknown as JsonObject;
    // One finding per place (a deviation breaks several keywords of the same value).
    const byPlace = [...new Map(strictViolations.map((v) => [v.pointer, v])).values()];
    const out: Verdict[] = byPlace.slice(0, MAX_PER_RESPONSE).map((v) => {
      const reasons = deviationsAlong(doc, res.schemaPointer, v.pointer);
      return fail(
        `production deviates from the description here (${v.message}); the contract accepts it${reasons.length > 0 ? `: ${reasons.join('; ')}` : ''}`,
        ex,
        v.pointer,
        (() => {
          try {
            return getAt(ex.json as Json, v.pointer);
          } catch {
            return undefined;
          }
        })(),
      );
    });
    if (!complete) out.push(skip(`${NOT_FULLY_JUDGED}: the body has more than ${FULL_VALIDATION_VALUES} JSON values, so only the first deviation and those in the first items of each array were looked for`));
    return out;
  },
};
