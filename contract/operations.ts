/**
 * The operations of the contract as data: what the mock routes on and what the conformance
 * suite calls. Read from `openapi.yaml`, never listed by hand (§4.1, §4.2 of the description).
 */
import { isObject, type Json, type JsonObject, type OpenApiDocument } from './load.js';
import { resolve, toPointer } from './pointer.js';
import { readRoles, type OperationRoles } from './roles.js';
import type { components, operations } from '../generated/api.js';

/**
 * The `operationId`s of the contract, as the generated types know them: a table keyed by
 * `OperationId` (`satisfies Record<OperationId, …>`) makes `tsc` name every table that lacks
 * an operation added to `openapi.yaml` (after `npm run generate`).
 */
export type OperationId = keyof operations & string;

/** The component schema names of the contract (`MarketAProductResponse`, `ProblemDetails`, ...). */
export type SchemaName = keyof components['schemas'] & string;

/** One parameter of an operation (`in: path` or `in: query`). */
export interface ContractParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** JSON Pointer of the parameter's schema inside the contract. */
  schemaPointer: string;
  /** The parameter's schema, as written in the contract. */
  schema: JsonObject;
  /** `x-required-tier` of the parameter, such as `paid` for `display[identifiers]` (§5). */
  requiredTier: string | undefined;
}

/** One documented response of an operation, by status code (`200`, `404`, ...). */
export interface ContractResponse {
  status: string;
  /** Media type of the body, such as `application/json` or `application/problem+json`. */
  mediaType: string;
  /** JSON Pointer of the body's schema inside the contract. */
  schemaPointer: string;
  /** Component schema name when the body schema is a `$ref` to `#/components/schemas/...`. */
  schemaName: string | undefined;
  /** Header names the response documents, lower-cased, with `required: true` ones marked. */
  headers: { name: string; required: boolean }[];
}

/** One operation of the contract (A1–A4, B1–B4). */
export interface ContractOperation {
  operationId: OperationId;
  /** HTTP method in lower case; always `get` in this API (§1). */
  method: string;
  /** Path template, such as `/v3/market_a/products/{id_or_slug}/sales`. */
  path: string;
  /** Marketplace segment of the path: `market_a` or `market_b`. */
  marketplace: string;
  /** `x-section` of the operation, such as `4.1 A3`. */
  section: string;
  /** True when the operation is premium (`x-premium`, §5). */
  premium: boolean;
  parameters: ContractParameter[];
  responses: ContractResponse[];
  /** Component schema of the 200 body (`MarketAProductResponse`, ...). */
  successSchema: SchemaName;
  /** List or lookup, the `meta` rule and the id members, read from the 200 schema ({@link readRoles}). */
  roles: OperationRoles;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Lists every operation of the contract, in document order.
 * @throws Error when a `$ref` of the document cannot be resolved.
 */
export function listOperations(doc: OpenApiDocument): ContractOperation[] {
  const ops: ContractOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const opPointer = toPointer(['paths', path, method]);
      const responses = readResponses(doc, opPointer, op);
      const ok = responses.find((r) => r.status === '200' && r.mediaType === 'application/json');
      const roles = ok ? readRoles(doc, ok.schemaPointer) : undefined;
      if (!ok?.schemaName || !roles) throw new Error(`${String(op.operationId)}: the 200 response must be a $ref to an envelope schema with data (§2.1)`);
      ops.push({
        operationId: String(op.operationId) as OperationId,
        method,
        path,
        marketplace: path.split('/')[2] ?? '',
        section: typeof op['x-section'] === 'string' ? op['x-section'] : '',
        premium: op['x-premium'] === true,
        parameters: readParameters(doc, opPointer, op),
        responses,
        successSchema: ok.schemaName as SchemaName,
        roles,
      });
    }
  }
  return ops;
}

function readParameters(doc: OpenApiDocument, opPointer: string, op: JsonObject): ContractParameter[] {
  const list = Array.isArray(op.parameters) ? op.parameters : [];
  return list.map((_, i) => {
    const { node, pointer } = resolve(doc, `${opPointer}/parameters/${i}`);
    const p = node as JsonObject;
    return {
      name: String(p.name),
      in: p.in as ContractParameter['in'],
      required: p.required === true,
      schemaPointer: `${pointer}/schema`,
      schema: (isObject(p.schema) ? p.schema : {}) as JsonObject,
      requiredTier: typeof p['x-required-tier'] === 'string' ? p['x-required-tier'] : undefined,
    };
  });
}

function readResponses(doc: OpenApiDocument, opPointer: string, op: JsonObject): ContractResponse[] {
  const out: ContractResponse[] = [];
  const responses = isObject(op.responses) ? op.responses : {};
  for (const status of Object.keys(responses)) {
    const { node, pointer } = resolve(doc, `${opPointer}/responses/${status}`);
    const response = node as JsonObject;
    const content = isObject(response.content) ? response.content : {};
    const headers = Object.keys(isObject(response.headers) ? response.headers : {}).map((name) => {
      const h = resolve(doc, `${pointer}/headers/${name}`).node as JsonObject;
      return { name: name.toLowerCase(), required: h.required === true };
    });
    for (const mediaType of Object.keys(content)) {
      const schemaPointer = toPointer(['content', mediaType, 'schema']);
      const media = content[mediaType] as JsonObject;
      const ref = isObject(media.schema) ? (media.schema.$ref as Json) : undefined;
      const match = typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref) : null;
      out.push({
        status,
        mediaType,
        schemaPointer: pointer + schemaPointer,
        schemaName: match?.[1],
        headers,
      });
    }
  }
  return out;
}

/** The marketplaces of a list of operations (their path segments, `market_a`), in order, each once. */
export function marketplacesOf(ops: readonly ContractOperation[]): string[] {
  return [...new Set(ops.map((op) => op.marketplace))];
}

/** Path templates split into segments, once per template. */
const SPLIT = new Map<string, string[]>();

/**
 * Matches a request path against a path template.
 * @param path the request path, or its segments already split on `/` (hot paths split once).
 * @returns the path parameters, percent-decoded, or null when the path does not match or a
 *   segment is not valid percent-encoding.
 * @example matchPath('/v3/market_b/products/{id}/sales', '/v3/market_b/products/12/sales')
 *   // { id: '12' }
 */
export function matchPath(template: string, path: string | readonly string[]): Record<string, string> | null {
  let want = SPLIT.get(template);
  if (!want) SPLIT.set(template, (want = template.split('/')));
  const got = typeof path === 'string' ? path.split('/') : path;
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return null;
      try {
        params[w.slice(1, -1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}
