/**
 * JSON Pointer (RFC 6901) helpers for walking the contract, and the resolution of the
 * document's own `$ref`s (`#/components/...`) outside JSON Schema (responses, parameters).
 */
import { isObject, type Json, type JsonObject } from './load.js';

/** Escapes one reference token: `~` to `~0`, `/` to `~1` (RFC 6901 §3). */
export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Unescapes one reference token: `~1` to `/`, then `~0` to `~` (RFC 6901 §4). */
export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Splits a JSON Pointer into unescaped tokens: `/a~1b/0` gives `['a/b', '0']`, `''` gives `[]`. */
export function parsePointer(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken);
}

/** Joins tokens into a JSON Pointer, such as `/paths/~1v3~1market_a~1products/get`. */
export function toPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${escapeToken(String(t))}`).join('');
}

/**
 * The value at a JSON Pointer inside `root`, reading own members and array indexes only (a
 * token such as `__proto__` or `constructor` finds nothing unless the document has it).
 * @returns undefined when a token does not exist.
 */
export function ownAt(root: Json, pointer: string): Json | undefined {
  let node: Json | undefined = root;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node)) node = /^(0|[1-9]\d*)$/.test(token) ? (node[Number(token)] as Json | undefined) : undefined;
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else node = undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Reads the value at a JSON Pointer inside `root` (own members only, as {@link ownAt}).
 * @throws Error when a token does not exist; the message names the pointer.
 */
export function getAt(root: Json, pointer: string): Json {
  const node = ownAt(root, pointer);
  if (node === undefined) throw new Error(`the contract has nothing at ${pointer}`);
  return node;
}

/** A node of the document and the JSON Pointer where it really stands (after `$ref`s). */
export interface Located<T extends Json = Json> {
  node: T;
  pointer: string;
}

/**
 * Follows local `$ref`s (`#/...`) from `pointer` until it reaches a node that is not a
 * reference.
 * @throws Error on a remote or circular reference, or a reference to nothing.
 */
export function resolve(root: JsonObject, pointer: string): Located {
  const seen = new Set<string>();
  let at = pointer;
  for (;;) {
    const node = getAt(root, at);
    if (!isObject(node) || typeof node.$ref !== 'string') return { node, pointer: at };
    if (!node.$ref.startsWith('#')) throw new Error(`remote $ref ${node.$ref} at ${at} is not supported`);
    if (seen.has(at)) throw new Error(`circular $ref at ${at}`);
    seen.add(at);
    at = decodeURIComponent(node.$ref.slice(1));
  }
}

/**
 * How many nodes (objects, arrays, values) `root` has once every local `$ref` is replaced by
 * what it points to, as a diff engine that inlines references walks it; a reference to an
 * object already being expanded (a cycle) counts as one node. Each node's count is kept, so the
 * count itself takes time in the size of the document, not of its expansion (attacker 8: 30
 * levels of 4 `$ref`s, a 7 KB document, expand to 4^30 nodes).
 * @returns the count, or `Infinity` once it passes `limit` or nesting passes `maxDepth`.
 */
export function expandedNodes(root: Json, limit: number, maxDepth = 2_000): number {
  const counted = new Map<object, number>();
  const open = new Set<object>();
  const over = new Error('over');
  const count = (node: Json, depth: number): number => {
    if (node === null || typeof node !== 'object') return 1;
    if (depth > maxDepth) throw over;
    const known = counted.get(node);
    if (known !== undefined) return known;
    if (open.has(node)) return 1;
    open.add(node);
    let n = 1;
    const children: Json[] = Array.isArray(node) ? node : Object.values(node);
    if (!Array.isArray(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      let target: Json | undefined;
      try {
        target = ownAt(root, decodeURIComponent(node.$ref.slice(1)));
      } catch {
        target = undefined;
      }
      if (target !== undefined) children.push(target);
    }
    for (const child of children) {
      n += count(child, depth + 1);
      if (n > limit) throw over;
    }
    open.delete(node);
    counted.set(node, n);
    return n;
  };
  try {
    return count(root, 0);
  } catch (e) {
    if (e === over || e instanceof RangeError) return Infinity;
    throw e;
  }
}
