/**
 * Standalone JSON Schema documents of the contract's component schemas, as the `$schema`
 * URLs of responses name them (§1, §2.1; decision: served at `/schemas/<Name>.json`).
 */
import { isObject, type Json, type JsonObject, type OpenApiDocument } from './load.js';

const PREFIX = '#/components/schemas/';

/**
 * One component schema as a self-contained JSON Schema 2020-12 document: the schema itself
 * plus every schema it references, under `$defs`, with references rewritten to `#/$defs/...`.
 * @param id the `$id` to give the document (the URL it is served at).
 * @returns undefined when the contract has no schema of that name.
 */
export function bundleSchema(doc: OpenApiDocument, name: string, id: string): JsonObject | undefined {
  const all = (doc.components.schemas ?? {}) as JsonObject;
  // `name` may come from a request (`/schemas/<Name>.json`): only own members are schemas.
  if (!Object.hasOwn(all, name) || !isObject(all[name])) return undefined;
  const needed = new Set<string>();
  const rewrite = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(PREFIX)) {
        const target = v.slice(PREFIX.length);
        if (!needed.has(target)) {
          needed.add(target);
          defs[target] = rewrite(all[target] as Json);
        }
        out[k] = `#/$defs/${target}`;
      } else out[k] = rewrite(v);
    }
    return out;
  };
  const defs: JsonObject = {};
  const root = rewrite(all[name] as Json) as JsonObject;
  const sorted: JsonObject = {};
  for (const k of Object.keys(defs).sort()) sorted[k] = defs[k] as Json;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: id,
    title: name,
    ...root,
    ...(Object.keys(sorted).length > 0 ? { $defs: sorted } : {}),
  };
}
