/**
 * A single pass over a response body's raw bytes and JSON text that finds what `JSON.parse`
 * hides (RFC 8259 §§ 4, 6, 8): a byte order mark, bytes that are not UTF-8, member names
 * repeated in one object, integers a JSON client cannot hold exactly (beyond 2^53 − 1),
 * numbers that overflow a 64-bit float (`1e400` parses as Infinity), strings with an unpaired
 * surrogate escape (`"\ud800"`), and nesting deeper than the suite will read. Member names in
 * findings and pointers are cut at {@link MAX_NAME_CHARS} characters. Iterative, so no body can exhaust the stack; bounded in findings.
 */

import { isUtf8 as nodeIsUtf8 } from 'node:buffer';
import { escapeToken } from '../contract/pointer.js';
import { hasLoneSurrogate } from '../contract/text.js';

/** Deepest nesting the suite reads; deeper bodies are a finding and are not parsed. */
export const MAX_DEPTH = 256;
/** Findings kept per kind and body. */
const MAX_FINDINGS = 20;

/** What a body has that a JSON client would silently get wrong. Pointers are JSON Pointers. */
export interface BodyScan {
  /** The bytes start with a UTF-8 byte order mark (EF BB BF). */
  bom: boolean;
  /** The bytes are not valid UTF-8 (decoding replaced some with U+FFFD). */
  invalidUtf8: boolean;
  /** Deepest nesting seen (stops counting past {@link MAX_DEPTH}). */
  depth: number;
  /** Member names that occur twice in one object: where, and the name. */
  duplicates: { pointer: string; name: string }[];
  /** Integer literals with magnitude above 2^53 − 1. */
  unsafeIntegers: { pointer: string; literal: string }[];
  /** Number literals that overflow to ±Infinity. */
  overflows: { pointer: string; literal: string }[];
  /**
   * Strings (member names or values) holding a `\uD800`–`\uDFFF` escape that is not one half of a
   * pair (RFC 8259 §8.2: such a string's behaviour is unpredictable; it is not Unicode text).
   */
  loneSurrogates: { pointer: string }[];
}

/** Longest member name kept in a finding or a pointer segment; longer ones are cut and marked. */
export const MAX_NAME_CHARS = 200;
/** A member name as a finding keeps it: at most {@link MAX_NAME_CHARS} characters. */
const cutName = (name: string): string => (name.length > MAX_NAME_CHARS ? `${name.slice(0, MAX_NAME_CHARS)}… (${name.length} characters)` : name);
/** An escaped surrogate (`\uD800`–`\uDFFF`) in raw JSON string text. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

interface Frame {
  kind: 'object' | 'array';
  names: Set<string>;
  key: string;
  index: number;
  expectKey: boolean;
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/**
 * Scans a body. `text` is the UTF-8 decoding of `bytes` (BOM removed); never throws.
 * @param bytes the raw body.
 * @param text the body decoded as UTF-8, without a leading BOM.
 */
export function scanBody(bytes: Uint8Array, text: string): BodyScan {
  const scan: BodyScan = {
    bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf,
    invalidUtf8: !isUtf8(bytes),
    depth: 0,
    duplicates: [],
    unsafeIntegers: [],
    overflows: [],
    loneSurrogates: [],
  };
  const stack: Frame[] = [];
  /** The next backslash at or after the string being read (2^32 - 1 when none is left). */
  let backslash = -1;
  /** The JSON Pointer of the value being read inside the first `frames` containers (all: the current value). */
  const pointer = (frames = stack.length): string =>
    stack
      .slice(0, frames)
      .map((f) => `/${escapeToken(f.kind === 'object' ? cutName(f.key) : String(f.index))}`)
      .join('');
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x3a /* : */) {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      stack.push({ kind: c === 0x7b ? 'object' : 'array', names: new Set(), key: '', index: 0, expectKey: c === 0x7b });
      scan.depth = Math.max(scan.depth, stack.length);
      if (stack.length > MAX_DEPTH) return scan;
      i++;
      continue;
    }
    if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      i++;
      continue;
    }
    if (c === 0x2c /* , */) {
      if (top?.kind === 'object') top.expectKey = true;
      else if (top) top.index++;
      i++;
      continue;
    }
    if (c === 0x22 /* " */) {
      // The closing quote: the next `"` not escaped by an odd run of backslashes (indexOf is native).
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) {
          j = n;
          break;
        }
        let b = q - 1;
        while (b > i && text.charCodeAt(b) === 0x5c) b--;
        if ((q - 1 - b) % 2 === 0) {
          j = q;
          break;
        }
        j = q + 1;
      }
      // Whether the string holds an escape: the next backslash of the body, found natively and kept
      // until the scan passes it, so strings without one are never copied or searched.
      if (backslash < i) backslash = text.indexOf('\\', i) >>> 0;
      const escaped = backslash < j;
      const isName = top?.kind === 'object' && top.expectKey;
      if (escaped && scan.loneSurrogates.length < MAX_FINDINGS && SURROGATE_ESCAPE.test(text.slice(i + 1, j))) {
        let value: unknown;
        try {
          value = JSON.parse(text.slice(i, j + 1));
        } catch {
          value = '';
        }
        if (typeof value === 'string' && hasLoneSurrogate(value)) scan.loneSurrogates.push({ pointer: isName ? `${pointer(stack.length - 1)}/${escapeToken(cutName(value))}` : pointer() });
      }
      if (top?.kind === 'object' && top.expectKey) {
        let name: string;
        if (escaped) {
          try {
            name = JSON.parse(text.slice(i, j + 1)) as string;
          } catch {
            return scan;
          }
        } else name = text.slice(i + 1, j); // no escapes: the name is the text between the quotes
        if (top.names.has(name)) {
          if (scan.duplicates.length < MAX_FINDINGS) scan.duplicates.push({ pointer: pointer(stack.length - 1), name: cutName(name) });
        } else top.names.add(name);
        top.key = name;
        top.expectKey = false;
      }
      i = j + 1;
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) return scan;
      const literal = m[0];
      const value = Number(literal);
      if (!Number.isFinite(value)) {
        if (scan.overflows.length < MAX_FINDINGS) scan.overflows.push({ pointer: pointer(), literal: literal.slice(0, 40) });
      } else if (m[1] === undefined && m[2] === undefined && !Number.isSafeInteger(value)) {
        if (scan.unsafeIntegers.length < MAX_FINDINGS) scan.unsafeIntegers.push({ pointer: pointer(), literal: literal.slice(0, 40) });
      }
      i = NUMBER.lastIndex;
      continue;
    }
    if (text.startsWith('true', i) || text.startsWith('null', i)) {
      i += 4;
      continue;
    }
    if (text.startsWith('false', i)) {
      i += 5;
      continue;
    }
    return scan; // not JSON from here on: JSON.parse will say so
  }
  return scan;
}

/** True when the bytes are valid UTF-8 (node's native check). */
export function isUtf8(bytes: Uint8Array): boolean {
  return bytes.length === 0 || nodeIsUtf8(bytes);
}
