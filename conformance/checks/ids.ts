/** Marketplace A ids are UUID strings; marketplace B ids are integers (§1, §4). */
import { fail, okBody, pass, type Check, type Verdict } from '../check.js';
import type { Exchange } from '../types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id of the body, with its JSON Pointer and the kind it must be. */
function* ids(op: string, data: unknown): Generator<[string, unknown]> {
  const items = Array.isArray(data) ? data.map((d, i) => [`/data/${i}`, d] as const) : [['/data', data] as const];
  for (const [at, item] of items) {
    if (typeof item !== 'object' || item === null) continue;
    const o = item as Record<string, unknown>;
    if (op.endsWith('Products') || op.startsWith('get')) {
      yield [`${at}/id`, o.id];
      const variants: unknown[] = Array.isArray(o.variants) ? o.variants : [];
      for (let j = 0; j < variants.length; j++) {
        const vo = (variants[j] ?? {}) as Record<string, unknown>;
        if (op.includes('MarketA')) yield [`${at}/variants/${j}/id`, vo.id];
        else yield [`${at}/variants/${j}/product_id`, vo.product_id];
      }
    } else {
      yield [`${at}/product_id`, o.product_id];
      if ('variant_id' in o) yield [`${at}/variant_id`, o.variant_id];
    }
  }
}

/** Ids are UUID strings on marketplace A, integers on marketplace B. */
export const idTypes: Check = {
  id: 'id-types',
  level: 'must',
  requirement: '§1, §4: marketplace A identifies products by UUID strings, marketplace B by integers',
  title: 'A ids are UUIDs, B ids integers',
  response: (ex: Exchange) => {
    const body = okBody(ex);
    if (!body || !ex.operationId) return undefined;
    const isA = ex.operationId.includes('MarketA');
    const out: Verdict[] = [];
    let n = 0;
    for (const [at, value] of ids(ex.operationId, body.data)) {
      n++;
      const ok = isA ? typeof value === 'string' && UUID.test(value) : Number.isInteger(value);
      if (!ok) out.push(fail(`${at} must be ${isA ? 'a UUID string' : 'an integer'}, got ${JSON.stringify(value)}`, ex, at, value));
      if (out.length >= 5) break;
    }
    return out.length > 0 ? out : n > 0 ? pass(`${n} ids`, ex) : undefined;
  },
};
