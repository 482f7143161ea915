/**
 * Provenance of what a check judges, and the severity that follows from it (CONVENTIONS.md,
 * "Provenance of contract constraints"): a rule the API description states is `must`; what
 * production does (the production notes) and HTTP/JSON practice are `should`; a decision of this
 * kit is `info` (reported, never failing or blocking a run).
 *
 * For schema findings the provenance is read from the contract: the schema objects on the way
 * from the response schema to the failing value (through `$ref`, `allOf`, `anyOf`, `oneOf`,
 * `properties`, `items`) are walked, and the deepest one carrying `x-source` decides
 * (`decision` → info, `production` → should); none → must. Ajv's own `schemaPath` is relative
 * to the last `$ref`, so the walk follows the instance path instead.
 */
import { isObject, ownAt, parsePointer, type Json, type JsonObject } from '../contract/index.js';
import type { Level } from './types.js';

/** Where a rule comes from. */
export type Source = 'description' | 'production' | 'practice' | 'samples' | 'decision';

/**
 * The level each source gives:
 * - `description`: the API description states it → must;
 * - `production`: the production notes → should;
 * - `practice`: HTTP/JSON good practice, or what a rule of the description implies without stating it → should;
 * - `samples`: what the description shows only in its samples ("the ordering guarantee is not shown") → should;
 * - `decision`: this kit's own choice where the description is silent → info.
 */
export const LEVEL_OF_SOURCE: Readonly<Record<Source, Level>> = {
  description: 'must',
  production: 'should',
  practice: 'should',
  samples: 'should',
  decision: 'info',
};

/** The provenance of one schema keyword: its level, and the reason the contract gives. */
export interface KeywordProvenance {
  level: Level;
  /** `x-production` or `x-decision` text of the deciding schema object, when there is one. */
  reason?: string;
}

const COMBINERS = ['allOf', 'anyOf', 'oneOf'] as const;

/** The schema objects a node stands for: itself after `$ref`s, and its `allOf`/`anyOf`/`oneOf` members, recursively. */
function expand(doc: JsonObject, node: Json, out: JsonObject[] = [], depth = 0): JsonObject[] {
  if (!isObject(node) || depth > 32) return out;
  let at: Json = node;
  for (let i = 0; i < 16 && isObject(at) && typeof at.$ref === 'string' && at.$ref.startsWith('#/'); i++) {
    const ref = at.$ref;
    if (isObject(at) && Object.keys(at).some((k) => k.startsWith('x-'))) out.push(at); // a $ref sibling may carry provenance
    at = pointerGet(doc, decodeURIComponent(ref.slice(1)));
  }
  if (!isObject(at) || out.includes(at)) return out;
  out.push(at);
  for (const c of COMBINERS) {
    const members = at[c];
    if (Array.isArray(members)) for (const m of members) expand(doc, m, out, depth + 1);
  }
  return out;
}

const pointerGet = (doc: JsonObject, pointer: string): Json => ownAt(doc, pointer) ?? null;

/** The schema objects for each depth of an instance pointer, from the schema at `schemaPointer`. */
export function schemasAlong(doc: JsonObject, schemaPointer: string, instancePointer: string): JsonObject[][] {
  const tokens = parsePointer(instancePointer);
  const levels: JsonObject[][] = [expand(doc, pointerGet(doc, schemaPointer))];
  for (const token of tokens) {
    const next: JsonObject[] = [];
    for (const s of levels[levels.length - 1] as JsonObject[]) {
      const props = s.properties;
      if (isObject(props) && Object.hasOwn(props, token)) expand(doc, props[token] as Json, next);
      else if (/^\d+$/.test(token) && s.items !== undefined) expand(doc, s.items as Json, next);
      else if (isObject(s.additionalProperties)) expand(doc, s.additionalProperties, next);
    }
    levels.push(next);
  }
  return levels;
}

/**
 * The provenance an `x-source` gives a schema object, for `keyword`: every keyword of it, or,
 * when it lists `x-source-keywords`, only those (`lowest_ask: {type: number, minimum: 0,
 * x-source: production, x-source-keywords: [minimum]}`: the type is the description's, the
 * minimum production's).
 */
const sourceOf = (s: JsonObject, keyword?: string): KeywordProvenance | undefined => {
  const only = s['x-source-keywords'];
  if (Array.isArray(only) && (keyword === undefined || !only.includes(keyword))) return undefined;
  return s['x-source'] === 'decision'
    ? { level: 'info', reason: typeof s['x-decision'] === 'string' ? s['x-decision'] : undefined }
    : s['x-source'] === 'production'
      ? { level: 'should', reason: typeof s['x-production'] === 'string' ? s['x-production'] : undefined }
      : undefined;
};

/**
 * The level of a schema violation: the deepest schema object on the way to the failing value
 * carrying `x-source` decides; at the failing value itself, the objects that hold the failing
 * keyword are asked first. None → must (a rule of the description).
 * @param doc the contract; `schemaPointer` the response schema; `instancePointer` where the value failed; `keyword` Ajv's keyword.
 */
export function keywordProvenance(doc: JsonObject, schemaPointer: string, instancePointer: string, keyword: string): KeywordProvenance {
  const levels = schemasAlong(doc, schemaPointer, instancePointer);
  const last = levels[levels.length - 1] ?? [];
  const holders = last.filter((s) => Object.hasOwn(s, keyword === 'false schema' ? 'not' : keyword));
  for (const s of holders) {
    const p = sourceOf(s, keyword);
    if (p) return p;
    // A keyword the description states (the type of a field its tables list) stays must, whatever the holder's other keywords come from.
    if (Array.isArray(s['x-source-keywords'])) return { level: 'must' };
  }
  for (let i = levels.length - 1; i >= 0; i--) {
    for (const s of levels[i] as JsonObject[]) {
      // A deviation branch's source speaks for its own keywords only (found as holders above),
      // never for a sibling branch the description states.
      if (s['x-deviation'] === true) continue;
      const p = sourceOf(s);
      if (p) return p;
    }
  }
  return { level: 'must' };
}

/** The `x-production` reasons of the deviation branches on the way to a value (for a finding's message). */
export function deviationsAlong(doc: JsonObject, schemaPointer: string, instancePointer: string): string[] {
  const reasons = new Set<string>();
  for (const level of schemasAlong(doc, schemaPointer, instancePointer)) {
    for (const s of level) {
      for (const c of ['anyOf', 'oneOf'] as const) {
        const members = s[c];
        if (!Array.isArray(members)) continue;
        for (const m of members) if (isObject(m) && m['x-deviation'] === true) reasons.add(typeof m['x-production'] === 'string' ? m['x-production'] : 'a deviation production is known for');
      }
    }
  }
  return [...reasons];
}
