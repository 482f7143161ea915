/** Checks on how the server answers at all: transport, 5xx, content type (§1, §4; decisions). */
import { fail, pass, type Check } from '../check.js';

/** Every request got a complete answer: no timeout, reset, redirect, oversized body or endless 429. */
export const transport: Check = {
  id: 'transport',
  level: 'should',
  source: 'practice',
  requirement: 'HTTP practice: every request gets a complete answer (no timeouts, resets, redirects, endless 429)',
  title: 'requests are answered completely',
  response: (ex) => (ex.error ? fail(ex.error, ex) : pass('answered', ex)),
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
