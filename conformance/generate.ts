/**
 * Requests generated from the contract's own parameter schemas (Schemathesis-style phases):
 * - {@link boundaryValues}: each parameter at its boundaries (minimum, maximum, one past each),
 *   its default, every enum value, booleans both ways, a real value from discovery, and a few
 *   values of the wrong type, each marked in range or out of range;
 * - {@link fuzzRequests}: seeded fast-check samples over every query parameter of an operation
 *   (valid and invalid values, unicode, long strings, odd encodings).
 * Nothing here is written per operation: a parameter added to openapi.yaml is covered by both.
 * Whether a generated request is in range is decided by the contract's validator, not here.
 */
import fc from 'fast-check';
import type { ContractOperation, ContractParameter } from '../contract/index.js';

/** A raw query value and why it was chosen. */
export interface Sample {
  value: string;
  /** What the value is, for messages: `maximum 100`, `one past the maximum`, `enum value`. */
  label: string;
}

/** Real values discovery found, by parameter name (`variant_id` → a variant of the product asked for). */
export type Known = ReadonlyMap<string, string>;

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

/**
 * The coverage values of one query parameter, from its schema.
 * @param known real values for parameters whose valid values only the server knows (ids).
 */
export function boundaryValues(p: ContractParameter, known: Known): Sample[] {
  const s = p.schema;
  const out: Sample[] = [];
  const add = (value: unknown, label: string): void => {
    if (!out.some((x) => x.value === String(value))) out.push({ value: String(value), label });
  };
  if (s.default !== undefined) add(s.default, 'the default');
  if (Array.isArray(s.enum)) {
    for (const v of s.enum) add(v, 'an enum value');
    add('resale-kit-not-in-enum', 'a value outside the enum');
  }
  switch (s.type) {
    case 'integer':
    case 'number': {
      const min = num(s.minimum);
      const max = num(s.maximum);
      if (min !== undefined) {
        add(min, `the minimum ${min}`);
        add(min - 1, `one below the minimum ${min}`);
      }
      if (max !== undefined) {
        add(max, `the maximum ${max}`);
        add(max + 1, `one past the maximum ${max}`);
      }
      add('abc', 'not a number');
      if (s.type === 'integer') add('1.5', 'not an integer');
      break;
    }
    case 'boolean':
      add('true', 'true');
      add('false', 'false');
      add('yes', 'not a boolean');
      break;
    case 'string': {
      const real = known.get(p.name);
      if (real !== undefined) add(real, 'a real value from discovery');
      if (s.format === 'uuid') add('not-a-uuid', 'a malformed UUID');
      else if (s.enum === undefined) {
        add('Pokémon ジョーダン', 'non-ASCII letters');
        const maxLength = num(s.maxLength);
        if (maxLength !== undefined) {
          add('a'.repeat(maxLength), `the longest allowed (${maxLength} characters)`);
          add('a'.repeat(maxLength + 1), `one character past maxLength ${maxLength}`);
        }
      }
      break;
    }
    default:
      break;
  }
  return out;
}

/** Query parameters of an operation (the generated ones). */
export const queryParameters = (op: ContractOperation): ContractParameter[] => op.parameters.filter((p) => p.in === 'query');

/** An arbitrary of raw strings for one parameter: mostly its own kind, sometimes anything. */
function arbitraryOf(p: ContractParameter, known: Known): fc.Arbitrary<string> {
  const s = p.schema;
  const anything = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom('', '%', '%00', '\u0000', '..', '🙂', ' '.repeat(3), 'a'.repeat(500), 'null', '[]'));
  const boundaries = boundaryValues(p, known).map((b) => b.value);
  let own: fc.Arbitrary<string>;
  switch (s.type) {
    case 'integer':
    case 'number': {
      const min = num(s.minimum) ?? -1_000_000;
      const max = num(s.maximum) ?? 1_000_000;
      own = fc.oneof(fc.integer({ min, max }).map(String), fc.integer().map(String), fc.double({ noNaN: false }).map(String));
      break;
    }
    case 'boolean':
      own = fc.constantFrom('true', 'false', 'TRUE', '1', '0', '');
      break;
    default:
      own = s.format === 'uuid' ? fc.uuid() : fc.string({ unit: 'grapheme', maxLength: num(s.maxLength) ?? 100 });
  }
  return fc.oneof({ weight: 4, arbitrary: own }, { weight: 2, arbitrary: fc.constantFrom(...(boundaries.length > 0 ? boundaries : [''])) }, { weight: 1, arbitrary: anything });
}

/**
 * Seeded fuzz requests for one operation: `count` records of query parameters (each parameter
 * present or not). The same seed and inputs give the same requests.
 */
export function fuzzRequests(op: ContractOperation, known: Known, seed: number, count: number): Record<string, string>[] {
  const params = queryParameters(op);
  if (params.length === 0 || count <= 0) return [];
  const record = fc.record(Object.fromEntries(params.map((p) => [p.name, fc.option(arbitraryOf(p, known), { nil: undefined, freq: 3 })])) as Record<string, fc.Arbitrary<string | undefined>>);
  return fc.sample(record, { seed, numRuns: count }).map((r) => Object.fromEntries(Object.entries(r).filter((e): e is [string, string] => e[1] !== undefined)));
}

/** A stable 32-bit number from a seed given as text or number (`--seed`). */
export function seedOf(seed: string | number): number {
  if (typeof seed === 'number' && Number.isInteger(seed)) return seed | 0;
  let h = 2166136261;
  for (const c of String(seed)) h = Math.imul(h ^ (c.codePointAt(0) as number), 16777619);
  return h | 0;
}
