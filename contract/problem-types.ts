/**
 * The problem types (RFC 9457 §3.1.1 `type`) this kit answers with, one per kind of error,
 * defined once for the mock, the MSW handlers and the validation proxy. The API description
 * shows no errors (§7); the contract's `ProblemDetails` schema allows any URI reference, and a
 * client branches on `type` instead of parsing `detail`.
 *
 * The URIs are tag URIs (RFC 4151), stable names that are not meant to be fetched, which RFC
 * 9457 §3.1.1 allows for types that have no page of their own. They never change once
 * published: a new kind of error gets a new entry.
 */

/** One problem type: its URI, its HTTP status, its title, and when it is used. */
export interface ProblemType {
  type: string;
  /** The status it is answered with (a scenario may force another status on `simulated`). */
  status: number;
  /** The `title` member: short, the same for every occurrence (RFC 9457 §3.1.3). */
  title: string;
  /** When a server of this kit answers with it. */
  when: string;
}

const tag = (name: string): string => `tag:resale-kit,2026:problems/${name}`;

/** Every problem type, by kind. The kind is also the last segment of the type URI. */
export const PROBLEM_TYPES = {
  'malformed-request': { type: tag('malformed-request'), status: 400, title: 'Bad Request', when: 'the request could not be parsed as HTTP, or its target is not a URL' },
  'invalid-key': { type: tag('invalid-key'), status: 401, title: 'Unauthorized', when: 'no API key, or one the server does not know (§5)' },
  'not-entitled': { type: tag('not-entitled'), status: 403, title: 'Forbidden', when: "the key's plan may not call a premium operation (§5, x-premium)" },
  'product-not-found': { type: tag('product-not-found'), status: 404, title: 'Not Found', when: 'no product has this id or slug' },
  'not-found': { type: tag('not-found'), status: 404, title: 'Not Found', when: 'no operation, schema or image at this path' },
  'not-recorded': { type: tag('not-recorded'), status: 404, title: 'Not Found', when: 'a mock replaying a HAR recording (--replay) has no recorded answer for this request' },
  'method-not-allowed': { type: tag('method-not-allowed'), status: 405, title: 'Method Not Allowed', when: 'a method other than GET, HEAD or OPTIONS (the API is read-only, §1)' },
  'request-timeout': { type: tag('request-timeout'), status: 408, title: 'Request Timeout', when: 'the client did not finish sending its request in time' },
  'invalid-parameters': { type: tag('invalid-parameters'), status: 422, title: 'Unprocessable Content', when: 'a parameter is outside its schema; `errors` lists each one' },
  'rate-limited': { type: tag('rate-limited'), status: 429, title: 'Too Many Requests', when: 'the rate limit is exceeded; `Retry-After` says when to retry' },
  'headers-too-large': { type: tag('headers-too-large'), status: 431, title: 'Request Header Fields Too Large', when: 'the request headers exceed 16 KiB' },
  'internal-error': { type: tag('internal-error'), status: 500, title: 'Internal Server Error', when: 'the server failed on this request (a bug: report it)' },
  'upstream-unreachable': { type: tag('upstream-unreachable'), status: 502, title: 'Bad Gateway', when: 'the validation proxy cannot reach the upstream server' },
  'bad-upstream-answer': {
    type: tag('bad-upstream-answer'),
    status: 502,
    title: 'Bad Gateway',
    when: 'the upstream answered the validation proxy with something it cannot pass on (not HTTP, a status outside 200–599, an upgrade, a header node cannot send, a body cut short)',
  },
  'too-many-connections': {
    type: tag('too-many-connections'),
    status: 503,
    title: 'Service Unavailable',
    when: 'one remote address holds more connections at once than the mock allows (256 by default); `Retry-After` says when to try again',
  },
  'upstream-timeout': { type: tag('upstream-timeout'), status: 504, title: 'Gateway Timeout', when: 'the upstream server did not answer the validation proxy in time' },
  simulated: { type: tag('simulated'), status: 500, title: 'Simulated Error', when: 'a failure scenario forced this answer (`Prefer: code=...`, `--error-rate`); the status is the forced one' },
} as const satisfies Record<string, ProblemType>;

/** The kinds of problem (`invalid-key`, `rate-limited`, ...). */
export type ProblemKind = keyof typeof PROBLEM_TYPES;
