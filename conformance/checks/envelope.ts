/** The envelope rules of §1 and §2.1: `data`, `$schema`, `meta`. */
import type { OperationRoles } from '../../contract/index.js';
import { fail, okBody, pass, type Check, type CheckContext } from '../check.js';
import type { Exchange } from '../types.js';

/** The roles the contract gives the exchange's operation (list or lookup, `meta`), if it is one. */
function rolesOf(ex: Exchange, ctx: CheckContext): OperationRoles | undefined {
  return ex.operationId ? ctx.validator.operation(ex.operationId).roles : undefined;
}

/** Every successful response is a JSON object with `data`: an array for lists, an object for lookups. */
export const envelopeData: Check = {
  id: 'envelope-data',
  level: 'must',
  requirement: '§1, §2.1: every successful response is a JSON object with a data member (array for lists, object for lookups)',
  title: 'data is present, array or object as the operation says',
  response: (ex, ctx) => {
    const roles = rolesOf(ex, ctx);
    if (ex.status !== 200 || !roles) return undefined;
    const body = okBody(ex);
    if (!body) return fail('the body is not a JSON object', ex, '', ex.text.slice(0, 200));
    if (!('data' in body)) return fail('no data member', ex, '', Object.keys(body));
    if (roles.shape === 'list' && !Array.isArray(body.data)) return fail('data must be an array for this list', ex, '/data', body.data);
    if (roles.shape === 'lookup' && (typeof body.data !== 'object' || body.data === null || Array.isArray(body.data))) return fail('data must be one object for a lookup', ex, '/data', body.data);
    return pass('data present', ex);
  },
};

/** `$schema`, when present, is a string URL. */
export const envelopeSchemaUrl: Check = {
  id: 'envelope-schema-url',
  level: 'must',
  requirement: '§1, §2.1: $schema is a string URL that names the response schema',
  title: '$schema is a URL when present',
  response: (ex) => {
    const body = okBody(ex);
    if (!body || !ex.operationId || !('$schema' in body)) return undefined;
    const value = body.$schema;
    let ok = false;
    try {
      ok = typeof value === 'string' && ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      ok = false;
    }
    return ok ? pass(String(value), ex) : fail(`$schema is not an http(s) URL: ${JSON.stringify(value)}`, ex, '/$schema', value);
  },
};

const isInt = (x: unknown): boolean => Number.isInteger(x);

/** `meta`: null on lookups, {current_page, per_page, total} on A1, {page, per_page} on B3, absent elsewhere. */
export const envelopeMeta: Check = {
  id: 'envelope-meta',
  level: 'must',
  requirement: '§2.1: meta null on lookups; {current_page, per_page, total} on A1; {page, per_page} on B3; no meta on B1, A3, A4, B4',
  title: 'meta has the shape §2.1 gives each operation',
  response: (ex, ctx) => {
    const body = okBody(ex);
    const roles = rolesOf(ex, ctx);
    if (!body || !roles) return undefined;
    const meta = body.meta;
    const rule = roles.meta;
    if (rule.kind === 'null') {
      return 'meta' in body && meta === null ? pass('meta is null', ex) : fail(`meta must be null on a lookup, got ${'meta' in body ? JSON.stringify(meta) : 'no meta member'}`, ex, '/meta', meta);
    }
    if (rule.kind === 'object') {
      const shape = `{${rule.required.join(', ')}}`;
      const ok = typeof meta === 'object' && meta !== null && rule.required.every((k) => isInt(meta[k]));
      return ok ? pass(`meta ${shape}`, ex) : fail(`meta must be ${shape} with integers`, ex, '/meta', meta);
    }
    return 'meta' in body ? fail('this operation has no meta (§2.1), but the body has one', ex, '/meta', meta) : pass('no meta', ex);
  },
};
