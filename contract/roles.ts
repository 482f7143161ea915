/**
 * The roles of an operation, read from its 200 schema in the contract instead of guessed from
 * its name: whether `data` is a list or one object (§2.1), what `meta` must be (§2.1), and
 * which members of the body are ids of which kind (§1, §4: A UUIDs, B integers).
 */
import { isObject, type JsonObject, type OpenApiDocument } from './load.js';
import { escapeToken, resolve } from './pointer.js';

/** What `data` of a 200 body is: an array of items, or one object (§2.1). */
export type DataShape = 'list' | 'lookup';

/**
 * What `meta` of a 200 body must be (§2.1): no member (a `meta` schema marked
 * `x-presence: absent`, or `meta: false`), `null` (lookups), or an object whose `required`
 * members are integers. `nullTolerated`: the contract accepts a null `meta` where the
 * description shows none (a decision, judged at info level); the member is still expected absent.
 */
export type MetaRule = { kind: 'absent'; nullTolerated?: boolean } | { kind: 'null' } | { kind: 'object'; required: string[] };

/** The kind of an id member: a UUID string (marketplace A) or an integer (marketplace B). */
export type IdKind = 'uuid' | 'integer';

/**
 * One id member of a 200 body: where it is, as JSON Pointer tokens from the body's root with
 * `*` for every array item (`['data', '*', 'variants', '*', 'id']`), and its kind.
 */
export interface IdField {
  at: string[];
  kind: IdKind;
}

/** The roles of one operation (see the module comment). */
export interface OperationRoles {
  shape: DataShape;
  meta: MetaRule;
  /** Every id member the 200 schema declares, at most 64. */
  ids: IdField[];
}

const ID_NAME = /^(id|[a-z]+_id)$/;
const MAX_DEPTH = 12;
const MAX_IDS = 64;
/** The most schema nodes one walk for id members visits: a depth bound alone lets `$ref`s that fan out cost fan-out^depth (attacker 8). */
const MAX_VISITS = 10_000;

/** The schema at `pointer` after `$ref`s, with where it really is. */
function at(doc: OpenApiDocument, pointer: string): { node: JsonObject; pointer: string } | undefined {
  try {
    const r = resolve(doc, pointer);
    return isObject(r.node) ? { node: r.node, pointer: r.pointer } : undefined;
  } catch {
    return undefined;
  }
}

/** The types a schema allows (`type: integer`, `type: [integer, 'null']`). */
function types(schema: JsonObject): string[] {
  return Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
}

/** The id kind a schema declares, or undefined when it is neither a UUID string nor an integer. */
function idKind(schema: JsonObject): IdKind | undefined {
  if (types(schema).includes('integer')) return 'integer';
  if (schema.format === 'uuid') return 'uuid';
  return undefined;
}

/** Walks a schema (through `$ref`, `allOf`/`anyOf`/`oneOf`, `properties`, `items`) collecting id members; at most {@link MAX_VISITS} nodes per walk. */
function collectIds(doc: OpenApiDocument, pointer: string, path: string[], out: IdField[], depth: number, budget = { visits: MAX_VISITS }): void {
  if (--budget.visits < 0) return;
  const found = at(doc, pointer);
  if (!found || depth > MAX_DEPTH || out.length >= MAX_IDS) return;
  const { node, pointer: real } = found;
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((_, i) => collectIds(doc, `${real}/${key}/${i}`, path, out, depth + 1, budget));
  }
  if (isObject(node.items)) collectIds(doc, `${real}/items`, [...path, '*'], out, depth + 1, budget);
  if (!isObject(node.properties)) return;
  for (const name of Object.keys(node.properties)) {
    const child = `${real}/properties/${escapeToken(name)}`;
    const schema = at(doc, child);
    const kind = ID_NAME.test(name) && schema ? idKind(schema.node) : undefined;
    if (kind) {
      const field = [...path, name];
      if (!out.some((f) => f.at.join('/') === field.join('/'))) out.push({ at: field, kind });
    } else collectIds(doc, child, [...path, name], out, depth + 1, budget);
  }
}

/**
 * The roles of an operation from the schema of its 200 response.
 * @param schemaPointer JSON Pointer of the 200 body's schema.
 * @returns undefined when the schema has no `data` member (not an envelope of §2.1).
 */
export function readRoles(doc: OpenApiDocument, schemaPointer: string): OperationRoles | undefined {
  const envelope = at(doc, schemaPointer);
  const props = envelope && isObject(envelope.node.properties) ? envelope.node.properties : undefined;
  if (!envelope || !props || !('data' in props)) return undefined;
  const data = at(doc, `${envelope.pointer}/properties/data`);
  const shape: DataShape = data && (types(data.node).includes('array') || isObject(data.node.items)) ? 'list' : 'lookup';
  let meta: MetaRule = { kind: 'absent' };
  const m = 'meta' in props && props.meta !== false ? at(doc, `${envelope.pointer}/properties/meta`) : undefined;
  if (m && m.node['x-presence'] === 'absent') {
    meta = { kind: 'absent', nullTolerated: types(m.node).includes('null') };
  } else if ('meta' in props && props.meta !== false) {
    if (m && types(m.node).length === 1 && types(m.node)[0] === 'null') meta = { kind: 'null' };
    else meta = { kind: 'object', required: m && Array.isArray(m.node.required) ? m.node.required.map(String) : [] };
  }
  const ids: IdField[] = [];
  collectIds(doc, `${envelope.pointer}/properties/data`, ['data'], ids, 0);
  return { shape, meta, ids };
}
