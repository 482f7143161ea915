/**
 * The one Ajv set-up of the project. Compiles schemas straight from `openapi.yaml` with Ajv's
 * JSON Schema 2020-12 dialect (the dialect of OpenAPI 3.1), never from hand-written copies.
 * The conformance suite judges response bodies with it; the mock checks request parameters
 * with it; the tests validate examples and the mock's own output with it.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { checkedRegExp, unsafePattern } from './patterns.js';
import addFormats from 'ajv-formats';
import { isObject, loadContract, type Json, type JsonObject, type OpenApiDocument } from './load.js';
import { listOperations, type ContractOperation, type ContractParameter, type OperationId, type SchemaName } from './operations.js';
import { escapeToken, toPointer } from './pointer.js';

/** Base URI under which the whole contract is registered with Ajv. */
export const CONTRACT_ID = 'https://resale-kit.local/openapi.json';

/** OpenAPI keywords that are not JSON Schema; Ajv is told they exist so strict mode accepts them. */
const OPENAPI_KEYWORDS = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags', 'externalDocs', 'example', 'discriminator', 'xml'];

/**
 * One schema violation, Ajv-style, as data.
 * `pointer` is the JSON Pointer of the offending value inside the validated document
 * (`/data/0/id`, or `` for the root); `schemaPath` is where the rule stands in the contract.
 */
export interface SchemaViolation {
  pointer: string;
  keyword: string;
  message: string;
  schemaPath: string;
  params: Record<string, unknown>;
}

/** A request parameter that does not meet its contract schema (becomes a 422, §7 decision). */
export interface ParameterViolation {
  /** Where the value was, `query.limit` or `path.id` (production's `errors[].location`). */
  location: string;
  message: string;
  /** The raw value as sent. */
  value: string;
}

/**
 * Validators compiled from one contract document. Compilation is lazy and cached per schema,
 * so building one is cheap and each schema is compiled once.
 */
export class ContractValidator {
  readonly doc: OpenApiDocument;
  readonly operations: readonly ContractOperation[];
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  /** The same contract, stopping at the first error: linear in the size of any value (built on first use). */
  private firstErrorAjv: Ajv2020 | undefined;
  private readonly compiledFirst = new Map<string, ValidateFunction>();

  /**
   * @param doc the contract; defaults to the repository's `openapi.yaml`.
   * @throws Error when the contract's schemas cannot be registered with Ajv.
   */
  constructor(doc: OpenApiDocument = loadContract()) {
    this.doc = doc;
    this.operations = listOperations(doc);
    this.ajv = newAjv(doc, true);
  }

  /**
   * Compiles every response schema of every operation now, so that no later validation (an
   * answer's time budget in the proxy's judge) is spent compiling. A pointer the contract lacks is
   * skipped: validating at it later reports it.
   */
  compileResponses(): void {
    for (const op of this.operations)
      for (const r of op.responses)
        if (r.schemaPointer) {
          try {
            this.at(r.schemaPointer);
          } catch {
            // a schema the contract lacks is the schema check's finding, later
          }
        }
  }

  /** The compiled validator of the schema at a JSON Pointer inside the contract. */
  private at(pointer: string): ValidateFunction {
    let fn = this.compiled.get(pointer);
    if (!fn) {
      fn = this.ajv.getSchema(`${CONTRACT_ID}#${pointer}`);
      if (!fn) throw new Error(`the contract has no schema at ${pointer}`);
      this.compiled.set(pointer, fn);
    }
    return fn;
  }

  /**
   * Validates within a budget: every violation of a value of at most `maxValues` JSON values
   * (objects, arrays and scalars counted), else only whether it is valid and its first violation.
   * Ajv collecting every error costs time in the square of the errors of a long array (10,000
   * invalid items take seconds); stopping at the first error is linear.
   * @returns the violations and `complete: false` when only the first one was looked for.
   * @throws Error when there is no schema at the pointer.
   */
  validateAtBounded(pointer: string, value: unknown, maxValues = FULL_VALIDATION_VALUES): { violations: SchemaViolation[]; complete: boolean } {
    if (countValues(value, maxValues) <= maxValues) return { violations: run(this.at(pointer), value), complete: true };
    let fn = this.compiledFirst.get(pointer);
    if (!fn) {
      this.firstErrorAjv ??= newAjv(this.doc, false);
      fn = this.firstErrorAjv.getSchema(`${CONTRACT_ID}#${pointer}`);
      if (!fn) throw new Error(`the contract has no schema at ${pointer}`);
      this.compiledFirst.set(pointer, fn);
    }
    const first = run(fn, value);
    if (first.length === 0) return { violations: [], complete: true };
    // Invalid and large: every violation within the first items of each array (a copy with
    // arrays cut to PRUNED_ITEMS; rules on an array's length are left to the first error).
    const pruned = run(this.at(pointer), pruneArrays(value, PRUNED_ITEMS)).filter((v) => !ARRAY_LENGTH_KEYWORDS.has(v.keyword));
    const seen = new Set(pruned.map((v) => `${v.pointer} ${v.schemaPath}`));
    const violations = [...first.filter((v) => !seen.has(`${v.pointer} ${v.schemaPath}`)), ...pruned];
    return { violations, complete: false };
  }

  /** Names of all component schemas (`MarketAProduct`, `ProblemDetails`, ...). */
  schemaNames(): SchemaName[] {
    return Object.keys((this.doc.components.schemas ?? {}) as JsonObject) as SchemaName[];
  }

  /**
   * Validates a value against a component schema by name.
   * @returns the violations; empty when the value is valid.
   * @throws Error when the contract has no such schema.
   */
  validateSchema(name: SchemaName, value: unknown): SchemaViolation[] {
    return run(this.at(toPointer(['components', 'schemas', name])), value);
  }

  /**
   * Validates a value against the schema at a JSON Pointer of the contract (for example a
   * response's `schemaPointer` from {@link listOperations}).
   * @throws Error when there is no schema at the pointer.
   */
  validateAt(pointer: string, value: unknown): SchemaViolation[] {
    return run(this.at(pointer), value);
  }

  /**
   * Validates a value against a standalone JSON Schema 2020-12 document with this Ajv set-up
   * (the same formats and keywords; `$ref`s may point into the contract by {@link CONTRACT_ID}).
   * Compiled once per `$id`. Used for documents users give the mock (a data file's schema).
   * @returns the violations, every one (allErrors); empty when the value is valid.
   * @throws Error when the schema does not compile.
   */
  validateDocument(schema: JsonObject & { $id: string }, value: unknown): SchemaViolation[] {
    let fn = this.compiled.get(schema.$id);
    if (!fn) {
      fn = this.ajv.getSchema(schema.$id) ?? this.ajv.compile(schema);
      this.compiled.set(schema.$id, fn);
    }
    return run(fn, value);
  }

  /** The operation with this `operationId`. @throws Error when there is none. */
  operation(operationId: OperationId): ContractOperation {
    const op = this.operations.find((o) => o.operationId === operationId);
    if (!op) throw new Error(`the contract has no operation ${operationId}`);
    return op;
  }

  /**
   * Checks raw request parameters (strings, as they arrive) against an operation's parameter
   * schemas: converts each to its schema's type (integer, number, boolean), then validates.
   * Unknown query parameters are ignored (production behaviour). A repeated query parameter
   * is judged by its first value.
   *
   * @param op the operation.
   * @param pathParams path parameters, percent-decoded.
   * @param query query parameters; arrays for repeated ones.
   * @returns the converted values by parameter name and the violations (empty when valid).
   */
  checkParameters(op: ContractOperation, pathParams: Record<string, string>, query: Record<string, string | string[] | undefined>): { values: Record<string, Json>; violations: ParameterViolation[] } {
    const values: Record<string, Json> = {};
    const violations: ParameterViolation[] = [];
    for (const p of op.parameters) {
      if (p.in !== 'path' && p.in !== 'query') continue;
      const rawValue = p.in === 'path' ? pathParams[p.name] : query[p.name];
      const raw = Array.isArray(rawValue) ? rawValue[0] : rawValue;
      const location = `${p.in}.${p.name}`;
      if (raw === undefined) {
        if (p.required) violations.push({ location, message: 'is required', value: '' });
        continue;
      }
      const value = coerce(p, raw);
      const errors = value === undefined ? [typeError(p, raw)] : run(this.at(p.schemaPointer), value);
      if (errors.length > 0) {
        violations.push({ location, message: errors.map(rangeMessage).join('; '), value: raw });
      } else {
        values[p.name] = value as Json;
      }
    }
    return { values, violations };
  }
}

/** Values above which {@link ContractValidator.validateAtBounded} looks only for the first violation. */
export const FULL_VALIDATION_VALUES = 1000;

/** The Ajv set-up over the whole contract: every error (`allErrors`) or the first one. */
function newAjv(doc: OpenApiDocument, allErrors: boolean): Ajv2020 {
  const ajv = createAjv(allErrors);
  refuseUnsafePatterns(doc);
  ajv.addVocabulary([...OPENAPI_KEYWORDS, ...extensionKeywords(doc)]);
  ajv.addSchema(doc as object, CONTRACT_ID);
  return ajv;
}

/** Items of each array kept when a large invalid value is validated for every error. */
const PRUNED_ITEMS = 20;
/** Keywords about an array's length or items as a whole, meaningless on a pruned copy. */
const ARRAY_LENGTH_KEYWORDS = new Set(['minItems', 'maxItems', 'contains', 'minContains', 'maxContains', 'uniqueItems', 'unevaluatedItems']);

/** JSON values in a value (itself included); counting stops past `limit` (returns limit + 1). Iterative. */
export function countValues(value: unknown, limit: number): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    n++;
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) stack.push(x);
    if (n + stack.length > limit) return limit + 1;
  }
  return n;
}

/** A copy of a JSON value with every array cut to its first `items` items (depth is bounded by the caller's parse). */
function pruneArrays(value: unknown, items: number): unknown {
  if (Array.isArray(value)) return value.slice(0, items).map((x) => pruneArrays(x, items));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: pruneArrays(v, items), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** The project's one Ajv set-up: JSON Schema 2020-12, strict, every error (or the first), the formats the contract uses. */
function createAjv(allErrors = true, strict = true): Ajv2020 {
  const ajv = new Ajv2020({ allErrors, strict, strictTypes: false, validateFormats: true, code: { regExp: checkedRegExp } });
  addFormats.default(ajv, ['uri', 'uri-reference', 'uuid', 'date-time', 'date']);
  return ajv;
}

/**
 * Refuses a contract with a `pattern` or a `patternProperties` name that can backtrack
 * exponentially (`contract/patterns.ts`), before any value meets it. Iterative.
 * @throws Error naming the pattern's JSON Pointer and why.
 */
function refuseUnsafePatterns(doc: Json): void {
  const stack: [Json, string][] = [[doc, '']];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [Json, string];
    if (Array.isArray(node)) node.forEach((x, i) => stack.push([x, `${at}/${i}`]));
    else if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        const texts = k === 'pattern' && typeof v === 'string' ? [v] : k === 'patternProperties' && isObject(v) ? Object.keys(v) : [];
        for (const text of texts) {
          const why = unsafePattern(text);
          if (why !== undefined) throw new Error(`${at}/${k}: the pattern ${JSON.stringify(text.slice(0, 80))} has ${why}, which can take exponential time on one value: refused`);
        }
        stack.push([v, `${at}/${escapeToken(k)}`]);
      }
    }
  }
}

/** Every `x-...` key used anywhere in the document, so Ajv strict mode accepts them. */
function extensionKeywords(doc: Json): string[] {
  const found = new Set<string>();
  const walk = (node: Json): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (k.startsWith('x-')) found.add(k);
        walk(v);
      }
    }
  };
  walk(doc);
  return [...found];
}

function run(fn: ValidateFunction, value: unknown): SchemaViolation[] {
  if (fn(value)) return [];
  return (fn.errors ?? []).map(toViolation);
}

function toViolation(e: ErrorObject): SchemaViolation {
  const where = e.instancePath === '' ? '' : `${e.instancePath} `;
  let message = `${where}${e.message ?? 'is invalid'}`;
  if (e.keyword === 'enum') message += `: ${JSON.stringify((e.params as { allowedValues: unknown }).allowedValues)}`;
  if (e.keyword === 'false schema') message = `${where}must not be present`;
  return { pointer: e.instancePath, keyword: e.keyword, message, schemaPath: e.schemaPath, params: e.params };
}

/** Converts a raw string to the parameter schema's type; undefined when it cannot be. */
function coerce(p: ContractParameter, raw: string): Json | undefined {
  switch (p.schema.type) {
    case 'integer':
      return /^-?\d{1,15}$/.test(raw) ? Number(raw) : undefined;
    case 'number':
      return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : undefined;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    default:
      return raw;
  }
}

/**
 * Why a raw value could not be converted. A whole number too long to read exactly (more than
 * 15 digits) is out of range, not "not an integer": the message says so and gives the bounds.
 */
function typeError(p: ContractParameter, raw: string): SchemaViolation {
  const type = String(p.schema.type);
  if (type === 'integer' && /^-?\d+$/.test(raw)) {
    const bounds = [typeof p.schema.minimum === 'number' ? `>= ${p.schema.minimum}` : '', typeof p.schema.maximum === 'number' ? `<= ${p.schema.maximum}` : ''].filter(Boolean).join(' and ');
    return { pointer: '', keyword: raw.startsWith('-') ? 'minimum' : 'maximum', message: `is out of range${bounds ? `: must be ${bounds}` : ''}`, schemaPath: p.schemaPointer, params: {} };
  }
  return { pointer: '', keyword: 'type', message: `must be ${type === 'integer' ? 'an integer' : `a ${type}`}`, schemaPath: p.schemaPointer, params: { type } };
}

/** A parameter violation's message; bounds (`minimum`, `maximum`, lengths) say "out of range". */
function rangeMessage(e: SchemaViolation): string {
  const range = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].includes(e.keyword);
  return range && !e.message.startsWith('is out of range') ? `is out of range: ${e.message}` : e.message;
}

/**
 * A validator of one of the kit's own JSON documents (the baseline file, the conformance
 * certificate) against its JSON Schema 2020-12 document, with the same Ajv options and formats
 * as the contract's validators (the one Ajv set-up of the project).
 * @param schema a JSON Schema 2020-12 document.
 * @returns a function giving the violations of a value (empty when it is valid).
 * @throws Error when the schema itself is not a valid schema.
 */
export function documentValidator(schema: object): (value: unknown) => SchemaViolation[] {
  const fn = createAjv().compile(schema);
  return (value) => run(fn, value);
}

/**
 * Validates a value against a standalone JSON Schema document that is not part of the contract,
 * such as the document a response's `$schema` URL serves (production note "Envelope"). The
 * document is compiled on its own (JSON Schema 2020-12, unknown keywords allowed, no remote
 * references: a `$ref` outside the document is a compile error). Its `pattern` and
 * `patternProperties` keywords are not applied: a server's regular expression could take
 * exponential time.
 * @returns the violations (empty when valid), or `{ error }` when the document cannot be compiled.
 */
export function validateWithDocument(schema: unknown, value: unknown): SchemaViolation[] | { error: string } {
  if (!isObject(schema as Json) && typeof schema !== 'boolean') return { error: 'the document is not a JSON Schema (neither an object nor a boolean)' };
  const ajv = createAjv(true, false);
  let fn: ValidateFunction;
  // The document comes from a server: its regular expressions are not run (a pattern can take
  // exponential time), and another dialect's `$schema` (draft-07, ...) is read as 2020-12.
  const copy = (node: unknown, depth: number): unknown => {
    if (depth > 64) throw new Error('the document nests more than 64 levels deep');
    if (Array.isArray(node)) return node.map((x) => copy(x, depth + 1));
    if (!isObject(node as Json)) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node as JsonObject)) if (k !== 'pattern' && k !== 'patternProperties' && !(depth === 0 && k === '$schema')) out[k] = copy(v, depth + 1);
    return out;
  };
  let doc: unknown;
  try {
    doc = copy(schema, 0);
  } catch (err) {
    return { error: (err as Error).message };
  }
  try {
    fn = ajv.compile(doc as object);
  } catch (err) {
    return { error: `the document cannot be compiled as a JSON Schema: ${(err as Error).message.slice(0, 200)}` };
  }
  return run(fn, value);
}

let standaloneAjv: Ajv2020 | undefined;

/**
 * Compiles a JSON Schema 2020-12 that is not part of the contract (the kit's own file formats,
 * such as what a HAR recording must hold to be replayed), on a second Ajv instance of this one
 * set-up (same dialect and strictness, no contract registered, first error only).
 * @returns a function giving the violations of a value (empty when it is valid); `pointer` is
 *   the JSON Pointer of the offending value inside the value given.
 * @throws Error when the schema itself is invalid.
 */
export function compileStandalone(schema: object): (value: unknown) => SchemaViolation[] {
  standaloneAjv ??= createAjv(false);
  const fn = standaloneAjv.compile(schema);
  return (value) => run(fn, value);
}
