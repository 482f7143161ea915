/**
 * Marketplace A ids are UUIDs; marketplace B ids are integers (§1, §4). Which members are ids,
 * and of which kind, is read from the operation's 200 schema in the contract (`roles.ids`).
 */
import type { IdField } from '../../contract/index.js';
import { escapeToken } from '../../contract/index.js';
import { fail, okBody, pass, type Check, type Verdict } from '../check.js';
import type { Exchange } from '../types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Values looked at per exchange at most (a hostile body may hold millions). */
const MAX_VALUES = 10_000;

/**
 * Every value at an id field's place in the body, with its JSON Pointer; `*` stands for every
 * item of an array. A member that is absent is not yielded (the schema check judges that).
 */
function* valuesAt(body: unknown, field: IdField): Generator<[string, unknown]> {
  const walk = function* (node: unknown, i: number, pointer: string): Generator<[string, unknown]> {
    if (i === field.at.length) {
      yield [pointer, node];
      return;
    }
    const token = field.at[i] as string;
    if (token === '*') {
      if (Array.isArray(node)) for (let j = 0; j < node.length; j++) yield* walk(node[j], i + 1, `${pointer}/${j}`);
    } else if (typeof node === 'object' && node !== null && !Array.isArray(node) && Object.hasOwn(node, token)) {
      yield* walk((node as Record<string, unknown>)[token], i + 1, `${pointer}/${escapeToken(token)}`);
    }
  };
  yield* walk(body, 0, '');
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
    for (const field of ctx.validator.operation(ex.operationId).roles.ids) {
      for (const [at, value] of valuesAt(body, field)) {
        if (++n > MAX_VALUES) break;
        const ok = field.kind === 'uuid' ? typeof value === 'string' && UUID.test(value) : Number.isInteger(value);
        if (!ok) out.push(fail(`${at} must be ${describe(field.kind)}, got ${JSON.stringify(value)}`, ex, at, value));
        if (out.length >= 5) return out;
      }
    }
    return out.length > 0 ? out : n > 0 ? pass(`${n} ids`, ex) : undefined;
  },
};
