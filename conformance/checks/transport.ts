/** Checks on how the server answers at all: transport, 5xx, content type (§1, §4; decisions). */
import { fail, pass, type Check } from '../check.js';
import { escapeToken } from '../../contract/index.js';

/** Every request got a complete answer: no timeout, reset, redirect, oversized body or endless 429. */
export const transport: Check = {
  id: 'transport',
  level: 'should',
  source: 'practice',
  requirement: 'HTTP practice: every request gets a complete answer (no timeouts, resets, redirects, endless 429)',
  title: 'requests are answered completely',
  response: (ex) => (ex.error ? fail(ex.error, ex) : pass('answered', ex)),
};

/** The redirect statuses (RFC 9110 §15.4; 304 answers a conditional request and is not one). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * §9: "every endpoint path begins with `/v3/`", and §4 addresses every operation there. A
 * server that answers an operation's `/v3/` path with a redirect (to `/v4/`, to another host)
 * does not serve the operation at its path: a must-level failure, reported once per operation
 * with where it points. Judged on requests made with the run's paying key, so a redirect of a
 * caller without one (a login page) is `auth-required`'s business, not this check's.
 */
export const versionedPaths: Check = {
  id: 'versioned-paths',
  level: 'must',
  source: 'description',
  requirement: '§9, §4: every endpoint path begins with /v3/ and the operations are served there (not redirected elsewhere)',
  title: 'the operations answer at their /v3/ paths',
  response: (ex) => {
    if (ex.status === undefined || !ex.operationId || (ex.auth !== 'main' && ex.auth !== 'bare' && ex.auth !== 'bearer')) return undefined;
    if (REDIRECTS.has(ex.status))
      return fail(
        `${new URL(ex.request.url).pathname} answered ${ex.status} to ${ex.headers.location === undefined ? 'no Location' : JSON.stringify(ex.headers.location.slice(0, 120))}: the operation is not served at its /v3/ path (§9)`,
        ex,
        '',
        ex.headers.location ?? null,
      );
    return ex.status >= 200 && ex.status < 300 ? pass(`answered ${ex.status} at its /v3/ path`, ex) : undefined;
  },
};

/** No request is answered with a 5xx. */
export const noServerError: Check = {
  id: 'no-server-error',
  level: 'should',
  source: 'practice',
  requirement: 'HTTP practice (§7 not shown): a request is answered, or refused with a 4xx; no request makes the server fail',
  title: 'no 5xx on any request',
  response: (ex) => {
    if (ex.status === undefined) return undefined;
    return ex.status >= 500 ? fail(`answered ${ex.status}: the server failed on this request`, ex, '', ex.text.slice(0, 500)) : pass(`answered ${ex.status}`, ex);
  },
};

/** Successful answers are JSON (§4: "return JSON"). */
export const contentType: Check = {
  id: 'content-type',
  level: 'must',
  source: 'description',
  requirement: '§4: all endpoints return JSON',
  title: '200 answers are application/json',
  response: (ex) => {
    if (ex.status !== 200 || !ex.operationId) return undefined;
    const type = ex.headers['content-type'] ?? '';
    return /^application\/([a-z.+-]*\+)?json\b/i.test(type) ? pass(type, ex) : fail(`Content-Type is ${JSON.stringify(type)}, not application/json`, ex);
  },
};

/**
 * Deprecations a server announces (issue 32; §9 leaves the change policy "not shown"): an answer
 * that carries `Deprecation` (RFC 9745), `Sunset` (RFC 8594) or a `Link` with
 * `rel="successor-version"` is reported at info level, once per operation, so a vendor and its
 * clients see what is going away. Never failing a run: the kit's own decision to report it.
 */
export const deprecationHeaders: Check = {
  id: 'deprecation-headers',
  level: 'info',
  source: 'decision',
  requirement: 'decision (§9: change and deprecation policy not shown; RFC 9745 Deprecation, RFC 8594 Sunset): a deprecated operation is reported, with its sunset and successor',
  title: 'deprecations the server announces are reported',
  response: (ex) => {
    if (ex.status === undefined || !ex.operationId) return undefined;
    const deprecation = ex.headers.deprecation;
    const sunset = ex.headers.sunset;
    const link = ex.headers.link;
    const successor = link !== undefined && /rel="?successor-version"?/i.test(link) ? link.slice(0, 120) : undefined;
    if (deprecation === undefined && sunset === undefined && successor === undefined) return ex.status >= 200 && ex.status < 300 ? pass('not announced as deprecated', ex) : undefined;
    return fail(`${ex.operationId} is announced as deprecated (Deprecation: ${deprecation?.slice(0, 40) ?? 'none'}; Sunset: ${sunset?.slice(0, 40) ?? 'none'}${successor ? `; successor: ${successor}` : ''})`, ex);
  },
};

/** An RFC 3339 date-time with its offset; group 1 is the offset (`Z`, `+00:00`, `-05:00`). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
/** How deep and how many values `utc-timestamps` walks in one answer (bounded whatever the body). */
const WALK_DEPTH = 16;
const WALK_VALUES = 50_000;

/**
 * Every value of `node` down to {@link WALK_DEPTH}, in document order, with its JSON Pointer. Lazy:
 * it holds one frame per level, never a container's children, so stopping after
 * {@link WALK_VALUES} values bounds the work and the memory whatever the answer's size.
 */
function* valuesOf(node: unknown, at: string, depth: number): Generator<[unknown, string]> {
  yield [node, at];
  if (depth >= WALK_DEPTH || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) for (let i = 0; i < node.length; i++) yield* valuesOf(node[i], `${at}/${i}`, depth + 1);
  else for (const k in node) if (Object.hasOwn(node, k)) yield* valuesOf((node as Record<string, unknown>)[k], `${at}/${escapeToken(k)}`, depth + 1);
}

/** The JSON Pointer and text of the first timestamp in `json` whose offset is not UTC, walking at most {@link WALK_VALUES} values. */
function firstNonUtc(json: unknown): { at: string; text: string } | undefined {
  let seen = 0;
  for (const [node, at] of valuesOf(json, '', 0)) {
    if (++seen > WALK_VALUES) return undefined;
    if (typeof node !== 'string') continue;
    const offset = DATE_TIME.exec(node)?.[1];
    if (offset !== undefined && offset.toUpperCase() !== 'Z' && offset !== '+00:00') return { at, text: node };
  }
  return undefined;
}

/**
 * Production note (Values seen): timestamps are RFC 3339 UTC with `Z`. The description asks UTC
 * only of marketplace A products and daily dates (judged at must by `response-schema`); every
 * other timestamp of a 200 answer with another offset (`+01:00`) is reported here, at should level.
 */
export const utcTimestamps: Check = {
  id: 'utc-timestamps',
  level: 'should',
  source: 'production',
  requirement: 'production note (Values seen in real responses): timestamps are RFC 3339 UTC with Z, also where the description says only "string (timestamp)" (§2.3, §2.4, §2.6, §2.7, §2.8)',
  title: 'every timestamp is UTC',
  response: (ex) => {
    if (ex.status !== 200 || !ex.operationId || ex.json === undefined) return undefined;
    const bad = firstNonUtc(ex.json);
    return bad ? fail(`${bad.at} is ${JSON.stringify(bad.text)}, not UTC; production sends timestamps in UTC with Z`, ex, bad.at, bad.text) : pass('every timestamp is UTC', ex);
  },
};
