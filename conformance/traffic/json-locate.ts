/**
 * JSON Pointers of byte offsets in a JSON body, without parsing it into values: one pass over the
 * bytes, a stack of the containers open at each point. Used by the recorder to say where in a body
 * a secret was replaced (`/detail`, `/data/0/slug`).
 */

/** Escapes one reference token of a JSON Pointer (RFC 6901). */
const token = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

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
  const stack: { path: string; object: boolean; index: number; name: string | undefined; expectName: boolean }[] = [];
  let next = 0;
  let root = true;
  const here = (): string => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    return top.object ? `${top.path}/${token(top.name ?? '')}` : `${top.path}/${top.index}`;
  };
  /** After a value: an object waits for the next name, an array counts one more item. */
  const advance = (c: (typeof stack)[number] | undefined): void => {
    if (!c) return;
    if (c.object) c.expectName = true;
    else c.index++;
  };
  const assign = (start: number, end: number, pointer: string): void => {
    while (next < offsets.length && (offsets[next] as number) < start) next++;
    while (next < offsets.length && (offsets[next] as number) < end) out[next++] = pointer;
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
      let j = i + 1;
      while (j < body.length && body[j] !== 0x22) j += body[j] === 0x5c ? 2 : 1;
      const end = Math.min(j + 1, body.length);
      if (top?.object && top.expectName) {
        let name: string;
        try {
          name = JSON.parse(body.subarray(i, end).toString('utf8')) as string;
        } catch {
          name = body.subarray(i + 1, j).toString('utf8');
        }
        top.name = name;
        top.expectName = false;
        assign(i, end, here());
      } else {
        assign(i, end, here());
        advance(top);
      }
      i = end;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= MAX_DEPTH) return out;
      stack.push({ path: root ? '' : here(), object: c === 0x7b, index: 0, name: undefined, expectName: c === 0x7b });
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
    while (j < body.length && ![0x2c, 0x7d, 0x5d, 0x20, 0x0a, 0x0d, 0x09].includes(body[j] as number)) j++;
    if (root) return out;
    assign(i, j, here());
    advance(top);
    i = Math.max(j, i + 1);
  }
  return out;
}
