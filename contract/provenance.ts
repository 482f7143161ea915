/**
 * Provenance of the contract's constraints (CONVENTIONS.md, "Provenance of contract
 * constraints"). Every schema keyword that narrows a value (`pattern`, `maximum`, `enum`, ...)
 * comes either from the API description (the schema object carries `x-section`), or from the
 * production service (`x-source: production` with an `x-production` reason) or from this kit
 * (`x-source: decision` with an `x-decision` reason), written on the same schema object.
 *
 * Production deviations the contract accepts (marketplace B `release_date: ""`) are `anyOf`
 * branches whose schema carries `x-deviation: true`; {@link strictSchemaOf} removes them, so a
 * body valid only through such a branch can be reported at should level (CONVENTIONS.md).
 */
import { isObject, type Json, type JsonObject } from './load.js';
import { escapeToken } from './pointer.js';

/** Keywords that constrain a value beyond its JSON type (JSON Schema 2020-12 validation vocabulary, minus `type` and `required`). */
export const CONSTRAINT_KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'enum',
  'const',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
] as const;

/** Where a constraint comes from: the API description, production behaviour, or this kit's decision. */
export type ProvenanceSource = 'description' | 'production' | 'decision';

/** One constraint keyword of the contract and where it comes from. */
export interface Constraint {
  /** JSON Pointer of the schema object that holds the keyword (`/components/schemas/Page/...`). */
  pointer: string;
  keyword: string;
  /** undefined when the schema object carries no provenance (a fault the contract test reports). */
  source: ProvenanceSource | undefined;
  /** The `x-section`, `x-production` or `x-decision` text; empty when missing. */
  reason: string;
}

/** Schema-valued keywords under which a schema object holds sub-schemas. */
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const;
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SCHEMA_ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'] as const;

/** The provenance a schema object declares, read from its own `x-` members only. */
export function provenanceOf(schema: JsonObject): { source: ProvenanceSource | undefined; reason: string } {
  const text = (v: Json | undefined): string => (typeof v === 'string' ? v.trim() : '');
  if (schema['x-source'] === 'production') return { source: text(schema['x-production']) ? 'production' : undefined, reason: text(schema['x-production']) };
  if (schema['x-source'] === 'decision') return { source: text(schema['x-decision']) ? 'decision' : undefined, reason: text(schema['x-decision']) };
  if (schema['x-source'] !== undefined) return { source: undefined, reason: '' };
  if (text(schema['x-section'])) return { source: 'description', reason: text(schema['x-section']) };
  return { source: undefined, reason: '' };
}

/** Calls `visit` on every schema object below `node` (found at `pointer`), depth first. */
function walkSchema(node: Json, pointer: string, visit: (schema: JsonObject, pointer: string) => void, depth: number): void {
  if (!isObject(node) || depth > 64) return;
  visit(node, pointer);
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) walkSchema(sub, `${pointer}/${key}/${escapeToken(name)}`, visit, depth + 1);
  }
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((sub, i) => walkSchema(sub, `${pointer}/${key}/${i}`, visit, depth + 1));
  }
  for (const key of SCHEMA_ONE) if (node[key] !== undefined) walkSchema(node[key] as Json, `${pointer}/${key}`, visit, depth + 1);
}

/**
 * Every schema object of an OpenAPI 3.1 document, with its JSON Pointer: component schemas,
 * and the `schema` of every parameter, header and media type (in components and in paths).
 */
export function schemaObjects(doc: JsonObject): { schema: JsonObject; pointer: string }[] {
  const out: { schema: JsonObject; pointer: string }[] = [];
  const visit = (schema: JsonObject, pointer: string): void => {
    out.push({ schema, pointer });
  };
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  for (const [name, s] of Object.entries(schemas)) walkSchema(s, `/components/schemas/${escapeToken(name)}`, visit, 0);
  // Outside components/schemas, a JSON Schema sits under a `schema` member (parameters,
  // headers, media types); find them all without listing OpenAPI's object kinds.
  const findSchemaMembers = (node: Json, pointer: string, depth: number): void => {
    if (depth > 32) return;
    if (Array.isArray(node)) node.forEach((v, i) => findSchemaMembers(v, `${pointer}/${i}`, depth + 1));
    else if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        const at = `${pointer}/${escapeToken(k)}`;
        if (k === 'schema' && isObject(v)) walkSchema(v, at, visit, 0);
        else if (k !== 'examples' && k !== 'example' && !k.startsWith('x-')) findSchemaMembers(v, at, depth + 1);
      }
    }
  };
  findSchemaMembers(doc.paths ?? {}, '/paths', 0);
  for (const kind of ['parameters', 'headers', 'responses', 'requestBodies']) findSchemaMembers(components[kind] ?? {}, `/components/${kind}`, 0);
  return out;
}

/** Every constraint keyword of the document and its provenance (see the module comment). */
export function listConstraints(doc: JsonObject): Constraint[] {
  const out: Constraint[] = [];
  for (const { schema, pointer } of schemaObjects(doc)) {
    const { source, reason } = provenanceOf(schema);
    for (const keyword of CONSTRAINT_KEYWORDS) if (keyword in schema) out.push({ pointer, keyword, source, reason });
  }
  return out;
}

/**
 * The schema (or whole document) with every production-deviation branch removed: each
 * `anyOf`/`oneOf` item whose schema object carries `x-deviation: true` is dropped (a list
 * left empty becomes `[false]`, which nothing matches). Validating a body against the strict copy and the
 * contract tells a deviation (valid only with the branch) from a conforming body. The input is
 * not changed.
 * @param schema any JSON value (an OpenAPI document, a component schema).
 * @returns a deep copy without deviation branches.
 */
export function strictSchemaOf<T extends Json>(schema: T): T {
  const strip = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(strip);
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'anyOf' || k === 'oneOf') && Array.isArray(v)) {
        const kept = v.filter((b) => !(isObject(b) && b['x-deviation'] === true)).map(strip);
        out[k] = kept.length > 0 ? kept : [false];
      } else out[k] = strip(v);
    }
    return out;
  };
  return strip(schema) as T;
}

/** JSON Pointers of every deviation branch (`x-deviation: true`) of a document. */
export function deviationBranches(doc: JsonObject): string[] {
  return schemaObjects(doc)
    .filter(({ schema }) => schema['x-deviation'] === true)
    .map(({ pointer }) => pointer);
}
