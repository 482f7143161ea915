/**
 * JSON Pointer (RFC 6901) helpers for walking the contract, and the resolution of the
 * document's own `$ref`s (`#/components/...`) outside JSON Schema (responses, parameters).
 */
import { isObject, type Json, type JsonObject } from './load.js';

/** Escapes one reference token: `~` to `~0`, `/` to `~1` (RFC 6901 §3). */
export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins tokens into a JSON Pointer, such as `/paths/~1v3~1market_a~1products/get`. */
export function toPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${escapeToken(String(t))}`).join('');
}

/**
 * Reads the value at a JSON Pointer inside `root`.
 * @throws Error when a token does not exist; the message names the pointer.
 */
export function getAt(root: Json, pointer: string): Json {
  if (pointer === '') return root;
  let node: Json = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(token)] as Json;
    else if (isObject(node)) node = node[token] as Json;
    else node = undefined as unknown as Json;
    if (node === undefined) throw new Error(`the contract has nothing at ${pointer}`);
  }
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
