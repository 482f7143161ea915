/**
 * The one Ajv set-up of the project. Compiles schemas straight from `openapi.yaml` with Ajv's
 * JSON Schema 2020-12 dialect (the dialect of OpenAPI 3.1), never from hand-written copies.
 * The conformance suite judges response bodies with it; the mock checks request parameters
 * with it; the tests validate examples and the mock's own output with it.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isObject, loadContract, type Json, type JsonObject, type OpenApiDocument } from './load.js';
import { listOperations, type ContractOperation, type ContractParameter, type OperationId, type SchemaName } from './operations.js';
import { toPointer } from './pointer.js';

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

  /**
   * @param doc the contract; defaults to the repository's `openapi.yaml`.
   * @throws Error when the contract's schemas cannot be registered with Ajv.
   */
  constructor(doc: OpenApiDocument = loadContract()) {
    this.doc = doc;
    this.operations = listOperations(doc);
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, validateFormats: true });
    addFormats.default(this.ajv, ['uri', 'uri-reference', 'uuid', 'date-time', 'date']);
    this.ajv.addVocabulary([...OPENAPI_KEYWORDS, ...extensionKeywords(doc)]);
    this.ajv.addSchema(doc as object, CONTRACT_ID);
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
      const errors = value === undefined ? [typeError(p)] : run(this.at(p.schemaPointer), value);
      if (errors.length > 0) {
        violations.push({ location, message: errors.map((e) => e.message).join('; '), value: raw });
      } else {
        values[p.name] = value as Json;
      }
    }
    return { values, violations };
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

function typeError(p: ContractParameter): SchemaViolation {
  const type = String(p.schema.type);
  return { pointer: '', keyword: 'type', message: `must be ${type === 'integer' ? 'an integer' : `a ${type}`}`, schemaPath: p.schemaPointer, params: { type } };
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
  standaloneAjv ??= new Ajv2020({ allErrors: false, strict: true, strictTypes: false, validateFormats: false });
  const fn = standaloneAjv.compile(schema);
  return (value) => run(fn, value);
}
