/**
 * The kit's own breaking-change rules, for what the engine misses (docs/contract-evolution.md):
 * a request parameter whose schema got tighter refuses a value a client sent before. Per
 * operation present in both documents (same path, same method) and per parameter (same `name`
 * and `in`), compares the resolved parameter schemas:
 * `minimum`/`exclusiveMinimum`/`minLength` raised or added, `maximum`/`exclusiveMaximum`/
 * `maxLength` lowered or added, `pattern` added or changed, `enum` values removed or an `enum`
 * added: breaking (`request-<keyword>-tightened`); the opposite moves are reported as
 * non-breaking (`request-<keyword>-loosened`). Request bodies are not compared: every operation
 * of this API (§4) is a GET.
 */
import { isObject, type Json, type JsonObject } from '../load.js';
import { escapeToken, ownAt } from '../pointer.js';
import type { EngineChange } from './types.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Own member of a parsed document (never the prototype's): document text is data. */
const own = (o: JsonObject, key: string): Json | undefined => (Object.hasOwn(o, key) ? o[key] : undefined);

/** Follows local `$ref`s (at most 16); returns the node and the pointer where it stands, or undefined. */
function deref(doc: JsonObject, node: Json | undefined, pointer: string): { node: JsonObject; pointer: string } | undefined {
  let at = pointer;
  let cur = node;
  for (let i = 0; i < 16; i++) {
    if (!isObject(cur)) return undefined;
    const ref = own(cur, '$ref');
    if (typeof ref !== 'string') return { node: cur, pointer: at };
    if (!ref.startsWith('#/')) return undefined;
    at = decodeURIComponent(ref.slice(1));
    cur = ownAt(doc, at);
  }
  return undefined;
}

/** The parameters of one operation (path-level and operation-level), keyed `in:name`, resolved. */
function parametersOf(doc: JsonObject, path: string, method: string): Map<string, { param: JsonObject; pointer: string }> {
  const out = new Map<string, { param: JsonObject; pointer: string }>();
  const paths = own(doc, 'paths');
  const item = isObject(paths) ? own(paths, path) : undefined;
  if (!isObject(item)) return out;
  const base = `/paths/${escapeToken(path)}`;
  const lists: [Json | undefined, string][] = [[own(item, 'parameters'), `${base}/parameters`]];
  const op = own(item, method);
  if (isObject(op)) lists.push([own(op, 'parameters'), `${base}/${method}/parameters`]);
  for (const [list, at] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((p, i) => {
      const found = deref(doc, p, `${at}/${i}`);
      if (found && typeof found.node.name === 'string' && typeof found.node.in === 'string') out.set(`${found.node.in}:${found.node.name}`, { param: found.node, pointer: found.pointer });
    });
  }
  return out;
}

const num = (s: JsonObject, k: string): number | undefined => {
  const v = own(s, k);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};

/**
 * The kit's rules over two parsed documents (see the module comment).
 * @returns changes with pointers into NEW (`side: 'after'`), or into OLD for a removed `pattern`/`enum`/limit.
 */
export function kitRules(before: JsonObject, after: JsonObject): EngineChange[] {
  const out: EngineChange[] = [];
  const oldPaths = own(before, 'paths');
  const newPaths = own(after, 'paths');
  if (!isObject(oldPaths) || !isObject(newPaths)) return out;
  for (const path of Object.keys(oldPaths)) {
    if (!Object.hasOwn(newPaths, path)) continue;
    for (const method of METHODS) {
      const o = own(oldPaths, path);
      const n = own(newPaths, path);
      if (!isObject(o) || !isObject(n) || !isObject(own(o, method)) || !isObject(own(n, method))) continue;
      const oldParams = parametersOf(before, path, method);
      for (const [key, { param: np, pointer: npAt }] of parametersOf(after, path, method)) {
        const op = oldParams.get(key)?.param;
        if (!op) continue;
        const os = deref(before, own(op, 'schema'), `${oldParams.get(key)?.pointer ?? ''}/schema`);
        const ns = deref(after, own(np, 'schema'), `${npAt}/schema`);
        if (!os || !ns) continue;
        const where = `${method.toUpperCase()} ${path} parameter ${key}`;
        const push = (keyword: string, tightened: boolean, detail: string): void => {
          const removed = own(ns.node, keyword) === undefined;
          out.push({
            pointer: removed ? `${os.pointer}/${keyword}` : `${ns.pointer}/${keyword}`,
            side: removed ? 'before' : 'after',
            kind: `request-${keyword.toLowerCase()}-${tightened ? 'tightened' : 'loosened'}`,
            breaking: tightened,
            message: `${where}: ${keyword} ${detail}${tightened ? ': a value a client sent before is now refused' : ''}`,
          });
        };
        // Lower bounds: higher (or newly set) is tighter.
        for (const k of ['minimum', 'exclusiveMinimum', 'minLength', 'minItems']) {
          const a = num(os.node, k);
          const b = num(ns.node, k);
          if (a === b) continue;
          if (b !== undefined && (a === undefined || b > a)) push(k, true, `${a ?? 'none'} → ${b}`);
          else push(k, false, `${a ?? 'none'} → ${b ?? 'none'}`);
        }
        // Upper bounds: lower (or newly set) is tighter.
        for (const k of ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems']) {
          const a = num(os.node, k);
          const b = num(ns.node, k);
          if (a === b) continue;
          if (b !== undefined && (a === undefined || b < a)) push(k, true, `${a ?? 'none'} → ${b}`);
          else push(k, false, `${a ?? 'none'} → ${b ?? 'none'}`);
        }
        const op2 = own(os.node, 'pattern');
        const np2 = own(ns.node, 'pattern');
        if (op2 !== np2) {
          if (typeof np2 === 'string') push('pattern', true, op2 === undefined ? 'added' : 'changed');
          else push('pattern', false, 'removed');
        }
        const oe = own(os.node, 'enum');
        const ne = own(ns.node, 'enum');
        const text = (v: Json): string => JSON.stringify(v);
        if (Array.isArray(ne) && (!Array.isArray(oe) || oe.some((v) => !ne.map(text).includes(text(v))))) {
          const gone = Array.isArray(oe) ? oe.filter((v) => !ne.map(text).includes(text(v))).map(text) : [];
          push('enum', true, Array.isArray(oe) ? `narrowed (no longer ${gone.join(', ')})` : 'added');
        } else if (Array.isArray(oe) && (!Array.isArray(ne) || ne.length > oe.length)) push('enum', false, Array.isArray(ne) ? 'widened' : 'removed');
      }
    }
  }
  return out;
}
