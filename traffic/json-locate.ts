/**
 * JSON Pointers of byte offsets in a JSON body, without parsing it into values: one pass over the
 * bytes, a stack of the containers open at each point. Used by the recorder to say where in a body
 * a secret was replaced (`/detail`, `/data/0/slug`).
 */
import { escapeToken as token } from '../contract/index.js';

/** The end of a number or literal: `,`, `}`, `]` or whitespace. */
const isDelimiter = (c: number): boolean => c === 0x2c || c === 0x7d || c === 0x5d || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Deepest nesting followed; deeper offsets get no pointer. */
const MAX_DEPTH = 256;

/**
 * The JSON Pointer of the value (or member name, as `pointer` of its member) each offset falls in.
 * @param body the original body bytes (any encoding; only ASCII structure is read).
 * @param offsets byte offsets, ascending.
 * @returns one pointer per offset, or undefined where the body is not JSON or too deep there.
 */
export function pointersAt(body: Buffer, offsets: readonly number[]): (string | undefined)[] {
  const out: (string | undefined)[] = offsets.map(() => undefined);
  if (offsets.length === 0) return out;
  // Each open container: its pointer, whether an object, the next array index / pending member name.
  // Member names are kept as byte spans and decoded only for a pointer.
  const stack: { object: boolean; index: number; nameStart: number; nameEnd: number; expectName: boolean }[] = [];
  const nameOf = (a: number, b: number): string => {
    try {
      return JSON.parse(body.subarray(a, b).toString('utf8')) as string;
    } catch {
      return body.subarray(a + 1, b - 1).toString('utf8');
    }
  };
  let next = 0;
  let root = true;
  // The pointer of the current position, built only when an offset falls there.
  const here = (): string => {
    let out = '';
    for (const c of stack) out += c.object ? `/${token(c.nameEnd > c.nameStart ? nameOf(c.nameStart, c.nameEnd) : '')}` : `/${c.index}`;
    return out;
  };
  /** After a value: an object waits for the next name, an array counts one more item. */
  const advance = (c: (typeof stack)[number] | undefined): void => {
    if (!c) return;
    if (c.object) c.expectName = true;
    else c.index++;
  };
  const assign = (start: number, end: number): void => {
    while (next < offsets.length && (offsets[next] as number) < start) next++;
    if (next < offsets.length && (offsets[next] as number) < end) {
      const pointer = here();
      while (next < offsets.length && (offsets[next] as number) < end) out[next++] = pointer;
    }
  };
  let i = 0;
  while (i < body.length && next < offsets.length) {
    const c = body[i] as number;
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2c || c === 0x3a) {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === 0x22) {
      // A string: a member name or a value.
      let j = body.indexOf(0x22, i + 1);
      // A quote preceded by an odd number of backslashes is escaped: look further.
      for (;;) {
        if (j < 0) {
          j = body.length;
          break;
        }
        let k = j - 1;
        while (body[k] === 0x5c) k--;
        if ((j - 1 - k) % 2 === 0) break;
        j = body.indexOf(0x22, j + 1);
      }
      const end = Math.min(j + 1, body.length);
      if (top?.object && top.expectName) {
        top.nameStart = i;
        top.nameEnd = end;
        top.expectName = false;
        assign(i, end);
      } else {
        assign(i, end);
        advance(top);
      }
      i = end;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= MAX_DEPTH) return out;
      stack.push({ object: c === 0x7b, index: 0, nameStart: 0, nameEnd: 0, expectName: c === 0x7b });
      root = false;
      i++;
      continue;
    }
    if (c === 0x7d || c === 0x5d) {
      stack.pop();
      const parent = stack[stack.length - 1];
      advance(parent);
      i++;
      continue;
    }
    // A number, true, false or null.
    let j = i;
    while (j < body.length && !isDelimiter(body[j] as number)) j++;
    if (root) return out;
    assign(i, j);
    advance(top);
    i = Math.max(j, i + 1);
  }
  return out;
}
