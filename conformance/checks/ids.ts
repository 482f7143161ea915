/**
 * Marketplace A ids are UUIDs; marketplace B ids are integers (§1, §4). Which members are ids,
 * and of which kind, is read from the operation's 200 schema in the contract (`roles.ids`).
 */
import type { IdField } from '../../contract/index.js';
import { escapeToken } from '../../contract/index.js';
import { fail, NOT_FULLY_JUDGED, okBody, pass, skip, type Check, type Verdict } from '../check.js';
import type { Exchange } from '../types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Values looked at per exchange at most (a hostile body may hold millions). */
const MAX_VALUES = 10_000;

/**
 * Values at an id field's place in the body, with their JSON Pointers; `*` stands for every
 * item of an array. A member that is absent is not listed (the schema check judges that).
 * Iterative, in document order, and bounded: at most `limit` places are visited, then `cut`.
 */
function valuesAt(body: unknown, field: IdField, limit: number): { values: [string, unknown][]; cut: boolean } {
  const values: [string, unknown][] = [];
  const stack: [unknown, number, string][] = [[body, 0, '']];
  let visited = 0;
  let cut = false;
  while (stack.length > 0) {
    if (++visited > limit) return { values, cut: true };
    const [node, i, pointer] = stack.pop() as [unknown, number, string];
    if (i === field.at.length) {
      values.push([pointer, node]);
      continue;
    }
    const token = field.at[i] as string;
    if (token === '*') {
      if (Array.isArray(node)) {
        const room = Math.min(node.length, limit - visited - stack.length);
        if (room < node.length) cut = true;
        for (let j = room - 1; j >= 0; j--) stack.push([node[j], i + 1, `${pointer}/${j}`]);
      }
    } else if (typeof node === 'object' && node !== null && !Array.isArray(node) && Object.hasOwn(node, token)) {
      stack.push([(node as Record<string, unknown>)[token], i + 1, `${pointer}/${escapeToken(token)}`]);
    }
  }
  return { values, cut };
}

const describe = (kind: IdField['kind']): string => (kind === 'uuid' ? 'a UUID string' : 'an integer');

/** Ids are UUID strings on marketplace A, integers on marketplace B. */
export const idTypes: Check = {
  id: 'id-types',
  level: 'must',
  source: 'description',
  requirement: '§1, §4: marketplace A identifies products by UUID strings, marketplace B by integers',
  title: 'A ids are UUIDs, B ids integers',
  response: (ex: Exchange, ctx) => {
    const body = okBody(ex);
    if (!body || !ex.operationId) return undefined;
    const out: Verdict[] = [];
    let n = 0;
    let cut = false;
    for (const field of ctx.validator.operation(ex.operationId).roles.ids) {
      const found = valuesAt(body, field, MAX_VALUES);
      cut ||= found.cut;
      for (const [at, value] of found.values) {
        n++;
        const ok = field.kind === 'uuid' ? typeof value === 'string' && UUID.test(value) : Number.isInteger(value);
        if (!ok) out.push(fail(`${at} must be ${describe(field.kind)}, got ${JSON.stringify(value)}`, ex, at, value));
        if (out.length >= 5) return out;
      }
    }
    const note = cut ? [skip(`${NOT_FULLY_JUDGED}: the body holds more than ${MAX_VALUES} places an id may stand; the first ${MAX_VALUES} were looked at`)] : [];
    if (out.length > 0) return [...out, ...note];
    return n > 0 ? [pass(`${n} ids`, ex), ...note] : note.length > 0 ? note : undefined;
  },
};
