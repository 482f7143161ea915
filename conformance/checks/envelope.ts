/** The envelope rules of §1 and §2.1: `data`, `$schema`, `meta`. */
import { validateWithDocument, type OperationRoles } from '../../contract/index.js';
import { fail, isObject, notJudged, okBody, pass, skip, unusable, type Check, type CheckContext, type Verdict } from '../check.js';
import type { Exchange } from '../types.js';

/** The roles the contract gives the exchange's operation (list or lookup, `meta`), if it is one. */
function rolesOf(ex: Exchange, ctx: CheckContext): OperationRoles | undefined {
  return ex.operationId ? ctx.validator.operation(ex.operationId).roles : undefined;
}

/** Every successful response is a JSON object with `data`: an array for lists, an object for lookups. */
export const envelopeData: Check = {
  id: 'envelope-data',
  level: 'must',
  source: 'description',
  requirement: '§1, §2.1: every successful response is a JSON object with a data member (array for lists, object for lookups)',
  title: 'data is present, array or object as the operation says',
  response: (ex, ctx) => {
    const roles = rolesOf(ex, ctx);
    // Every successful (2xx) answer to a GET, not only 200: a 204 without a body is no JSON object.
    if (ex.status === undefined || ex.status < 200 || ex.status >= 300 || ex.request.method !== 'GET' || !roles) return undefined;
    const body = okBody(ex);
    if (!body) return fail(`the ${ex.status} answer's body is not a JSON object${ex.text === '' ? ' (it is empty)' : ''}`, ex, '', ex.text.slice(0, 200));
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
  source: 'description',
  optional: true,
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

/** The schema name a `$schema` URL names: its last path segment without `.json` (production: `/schemas/<SchemaName>.json`). */
function schemaNameOf(url: string): { path: string; name: string } | undefined {
  try {
    const u = new URL(url);
    const last = decodeURIComponent(u.pathname.split('/').pop() ?? '');
    return { path: u.pathname, name: last.replace(/\.json$/i, '') };
  } catch {
    return undefined;
  }
}

/** `$schema` paths by the operations whose answers carried them (computed once per run, after every request). */
const pathsSeen = new WeakMap<CheckContext, Map<string, Set<string>>>();
function operationsBySchemaPath(ctx: CheckContext): Map<string, Set<string>> {
  let seen = pathsSeen.get(ctx);
  if (!seen) {
    seen = new Map();
    for (const ex of ctx.client.exchanges) {
      const value = okBody(ex)?.$schema;
      const named = typeof value === 'string' && ex.operationId ? schemaNameOf(value) : undefined;
      if (named && ex.operationId) seen.set(named.path, new Set([...(seen.get(named.path) ?? []), ex.operationId]));
    }
    pathsSeen.set(ctx, seen);
  }
  return seen;
}

/**
 * `$schema`, when present, names the schema of this operation's response (§1 "a string URL that
 * names the response schema"): never the schema of another operation of the contract, and never
 * the same URL as another operation's answers (one URL, one schema).
 */
export const envelopeSchemaNames: Check = {
  id: 'envelope-schema-names',
  level: 'must',
  source: 'description',
  optional: true,
  requirement: "§1, §2.1: $schema names the response schema of this operation (not another operation's)",
  title: "$schema names this operation's schema",
  response: (ex, ctx) => {
    const body = okBody(ex);
    if (!body || !ex.operationId || typeof body.$schema !== 'string') return undefined;
    const named = schemaNameOf(body.$schema);
    if (!named) return undefined; // envelope-schema-url reports it
    const own = ctx.validator.operation(ex.operationId).responses.find((r) => r.status === '200')?.schemaName;
    if (own !== undefined && named.name === own) return pass(`$schema names ${own}`, ex);
    const other = ctx.validator.operations.find((op) => op.operationId !== ex.operationId && op.responses.some((r) => r.status === '200' && r.schemaName === named.name && r.schemaName !== own));
    if (other) return fail(`$schema names ${named.name}, the response schema of ${other.operationId}, not of ${ex.operationId}${own ? ` (${own})` : ''}`, ex, '/$schema', body.$schema);
    const sharing = [...(operationsBySchemaPath(ctx).get(named.path) ?? [])].filter((op) => op !== ex.operationId);
    if (sharing.length > 0) return fail(`$schema ${JSON.stringify(named.path)} is also what ${sharing.join(', ')} answers carry: one URL names one response schema`, ex, '/$schema', body.$schema);
    return pass(`$schema names ${named.name}`, ex);
  },
};

/**
 * The document at a `$schema` URL validates the body that named it (production note
 * "Envelope": the service serves those JSON Schemas at that URL). One body per operation is
 * judged; documents of another origin than the server under test are not fetched.
 */
export const envelopeSchemaDocument: Check = {
  id: 'envelope-schema-document',
  level: 'should',
  source: 'production',
  optional: true,
  requirement: 'production note (Envelope): the service serves the JSON Schema a $schema URL names, and it validates the body',
  title: 'the $schema document is served and validates the body',
  scenario: async (ctx) => {
    const out: Verdict[] = [];
    const base = new URL(ctx.options.baseUrl);
    const judged = new Set<string>();
    for (const ex of [...ctx.client.exchanges]) {
      const body = okBody(ex);
      const url = body && typeof body.$schema === 'string' ? body.$schema : undefined;
      if (!url || !ex.operationId || judged.has(ex.operationId)) continue;
      judged.add(ex.operationId);
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        continue; // envelope-schema-url reports it
      }
      const prefix = base.pathname.replace(/\/+$/, '');
      if (target.origin !== base.origin || !target.pathname.startsWith(prefix)) {
        out.push(notJudged(`$schema ${JSON.stringify(url)} is not on the server under test; the suite fetches nothing else`, ex.operationId));
        continue;
      }
      const doc = await ctx.client.get('', target.pathname.slice(prefix.length) + target.search, {}, 'main');
      if (doc.status !== 200 || doc.json === undefined) {
        out.push({ ...fail(`GET ${url} answered ${doc.status ?? doc.error}${doc.status === 200 ? ' with a body that is not JSON' : ''}; production serves the schema a $schema URL names`, doc), operation: ex.operationId });
        continue;
      }
      // A JSON Schema is JSON: served as such (round 4 vendor probe 8: text/html).
      const type = (doc.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!/^application\/([a-z0-9.+-]*\+)?json$/.test(type)) {
        out.push({ ...fail(`GET ${url} answered Content-Type ${JSON.stringify(type.slice(0, 60))}; a JSON Schema document is served as JSON (application/schema+json or application/json)`, doc), operation: ex.operationId });
        continue;
      }
      const result = validateWithDocument(doc.json, body);
      if ('error' in result) out.push({ ...fail(`${url}: ${result.error}`, doc), operation: ex.operationId });
      else if (result.length > 0)
        out.push(
          fail(
            `the body does not validate against its own $schema document ${url}: ${result
              .slice(0, 3)
              .map((v) => v.message)
              .join('; ')}`,
            ex,
            result[0]?.pointer,
            undefined,
          ),
        );
      else out.push(pass(`valid against ${url}`, ex));
    }
    // Production's answers name their schema (and §2.1's samples mostly show it): a server that never sends $schema
    // is judged too, not skipped (round 4 vendor probe 7: no $schema anywhere escaped every check).
    const answered = ctx.client.exchanges.filter((ex) => ex.operationId !== '' && okBody(ex) !== undefined);
    if (judged.size === 0 && answered.length >= SCHEMA_SAMPLE && !answered.some((ex) => '$schema' in (okBody(ex) as object))) {
      out.push(
        fail(
          `none of the run's ${answered.length} 200 answers carries $schema; production's name their response schema ($schema: https://<host>/schemas/<SchemaName>.json), as most of §2.1's samples do`,
          answered[0] as Exchange,
          '/$schema',
        ),
      );
    }
    return out;
  },
};

/** 200 answers without any `$schema` past which its absence is a finding of `envelope-schema-document`. */
const SCHEMA_SAMPLE = 10;

const isInt = (x: unknown): boolean => Number.isInteger(x);

/** `meta`: null on lookups, {current_page, per_page, total} on A1, {page, per_page} on B3, absent elsewhere. */
export const envelopeMeta: Check = {
  id: 'envelope-meta',
  level: 'must',
  source: 'description',
  requirement: '§2.1, §1: meta null on lookups; {current_page, per_page, total} on A1; {page, per_page} on B3; no meta (absent or null) on B1, A3, A4, B4',
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
    // §2.1 "has no meta", and §1 "meta is either null or a pagination object": a null meta is no pagination object (round 4 vendor probe).
    if ('meta' in body && meta !== null) return fail('this operation has no meta (§2.1), but the body has a pagination object', ex, '/meta', meta);
    return pass(meta === null ? 'meta is null (§1: null or a pagination object)' : 'no meta', ex);
  },
};

/**
 * §1 "every successful response is a JSON object with a data member", where a server is most
 * tempted to break it: empty sales lists. A3 and A4 of an upcoming product (one that cannot have
 * sold, found by the run's searches) and of a discovered product on a page far past its end
 * (page 9999, limit 1) must answer 200 with an empty `data` array, or an error; never 204 or an
 * empty body.
 */
export const emptyListsAreEnvelopes: Check = {
  id: 'empty-lists-are-envelopes',
  level: 'must',
  source: 'description',
  // A server that refuses every request it could be judged on leaves nothing to judge; that never makes a run inconclusive.
  optional: true,
  requirement: '§1: every successful response is a JSON object with a data member, an empty list included (A3 and A4 of a product without sales, or past the last page)',
  title: 'empty sales lists are JSON envelopes',
  scenario: async (ctx) => {
    if (!ctx.options.apiKey) return [skip('needs --api-key (a paid key): A3 and A4 are premium operations', 'listMarketAProductSales')];
    const targets: { id: string; query: Record<string, number>; what: string }[] = [];
    for (const query of ctx.options.queries.length > 0 ? ctx.options.queries : ['nike']) {
      const data = okBody(await ctx.call('searchMarketAProducts', {}, { query, limit: 100 }))?.data;
      const found = Array.isArray(data) ? (data as unknown[]).find((p) => isObject(p) && p.upcoming === true && typeof p.id === 'string') : undefined;
      if (isObject(found)) {
        targets.push({ id: found.id as string, query: {}, what: `the upcoming product ${String(found.id)}` });
        break;
      }
    }
    const d = await ctx.discover();
    const known = d.aSales ?? d.a[0];
    if (known) targets.push({ id: known.id, query: { page: 9999, limit: 1 }, what: `product ${known.id} at page 9999, limit 1 (past the last page of a product with fewer than 9,999 sales)` });
    if (targets.length === 0) return [notJudged(d.notes.a ?? 'no marketplace A product was found', 'listMarketAProductSales')];
    const out: Verdict[] = [];
    // A product that exists (its lookup answered) and has no sales (its A3 answered an empty list):
    // its daily series is an empty list too, never a refusal (round 4 vendor probe: A4 answered 404).
    const quiet = d.a.find((p) => p.sales?.status === 200 && Array.isArray(okBody(p.sales)?.data) && (okBody(p.sales)?.data as unknown[]).length === 0);
    if (quiet) {
      const op = 'listMarketAProductDailySales';
      const ex = await ctx.call(op, { id_or_slug: quiet.id });
      const body = okBody(ex);
      if (ex.status === undefined) out.push(unusable(ex, `${op} of product ${quiet.id}`));
      else if (ex.status >= 200 && ex.status < 300 && body && Array.isArray(body.data)) out.push(pass(`${ex.status} with ${body.data.length} item(s) for product ${quiet.id}, which has no sales`, ex, op));
      else
        out.push(
          fail(
            `${op} of product ${quiet.id} answered ${ex.status}${ex.status >= 200 && ex.status < 300 ? ' without a data array' : ''}; the product exists (its lookup and its per-sale history, an empty list, answered), so its daily series is a list, empty if it must be (§1, §4.1 A4)`,
            ex,
            '',
            ex.text.slice(0, 100),
            op,
          ),
        );
    }
    for (const t of targets) {
      for (const op of ['listMarketAProductSales', 'listMarketAProductDailySales'] as const) {
        const ex = await ctx.call(op, { id_or_slug: t.id }, t.query);
        if (ex.status === undefined) out.push(unusable(ex, `${op} of ${t.what}`));
        else if (ex.status < 200 || ex.status >= 300) out.push(notJudged(`${op} of ${t.what} answered ${ex.status}`, op));
        else {
          const body = okBody(ex);
          out.push(
            body && Array.isArray(body.data)
              ? pass(`${ex.status} with ${body.data.length} item(s) for ${t.what}`, ex, op)
              : fail(`${op} of ${t.what} answered ${ex.status} ${ex.text === '' ? 'without a body' : 'without a data array'}; every successful response is a JSON object with data (§1)`, ex, '', ex.text.slice(0, 100), op),
          );
        }
      }
    }
    return out;
  },
};
