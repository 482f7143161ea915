/**
 * Problem-details templates (RFC 9457; contract `ProblemDetails`, §7 decision): one place that
 * writes every error the mock answers with.
 */
import { PROBLEM_TYPES, type ProblemKind } from '../../contract/index.js';
import type { components } from '../../generated/api.js';
import type { MockResponse } from './response.js';

type Problem = components['schemas']['ProblemDetails'];
type ProblemError = components['schemas']['ProblemDetailsError'];

/** Titles of statuses a scenario may force that have no kind of their own (`simulated`). */
const STATUS_TITLES: ReadonlyMap<number, string> = new Map([
  [500, 'Internal Server Error'],
  [502, 'Bad Gateway'],
  [503, 'Service Unavailable'],
  [504, 'Gateway Timeout'],
]);

/** The kind a forced status is answered as: the kind of that status if there is one, else `simulated`. */
export function kindOfStatus(status: number): ProblemKind {
  const preferred: readonly ProblemKind[] = ['invalid-key', 'not-entitled', 'product-not-found', 'invalid-parameters', 'rate-limited', 'internal-error'];
  return preferred.find((k) => PROBLEM_TYPES[k].status === status) ?? 'simulated';
}

/** Percent-encodes what a URI reference may not hold, so `instance` is always valid. */
export function safeInstance(path: string): string {
  return path.replace(/%(?![0-9A-Fa-f]{2})/g, '%25').replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: write U+FFFD
    }
  });
}

/** How much of the request a problem echoes: `instance` (characters of the encoded path), `detail`, and each `errors[].value`. */
export const ECHO_BOUNDS = { instance: 2048, detail: 1024, value: 256 } as const;

/** `text` cut to `max` characters, with `…` marking the cut (a lone surrogate at the cut is dropped). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).replace(/[\ud800-\udbff]$/, '')}…`;
}

/** The encoded path for `instance`, cut at {@link ECHO_BOUNDS} without splitting a `%XX` escape. */
function boundedInstance(path: string): string {
  const full = safeInstance(path.length > ECHO_BOUNDS.instance * 3 ? path.slice(0, ECHO_BOUNDS.instance * 3) : path);
  return full.length <= ECHO_BOUNDS.instance ? full : full.slice(0, ECHO_BOUNDS.instance).replace(/%[0-9A-Fa-f]?$/, '');
}

/** The challenge of every 401 (RFC 9110 §11.6.1, RFC 6750 §3): a Bearer token, the API key. */
export const WWW_AUTHENTICATE = 'Bearer realm="Resale Market Data API"';

/**
 * A problem-details response. What it echoes of the request is bounded ({@link ECHO_BOUNDS}), so
 * a 5 MB id gives a small answer, not one twice its size.
 * @param kind the problem type ({@link PROBLEM_TYPES}): gives `type`, `title` and the status.
 * @param detail what went wrong for this request, in a sentence a developer can act on.
 * @param path the request path, written to `instance` (undefined: no `instance`, as when the
 *   request could not be parsed).
 * @param extra `errors` (422), extra headers (`Allow` on 405, `Retry-After` on 429), and the
 *   status of a `simulated` problem (400–599; default 500).
 */
export function problem(publicUrl: string, kind: ProblemKind, detail: string, path: string | undefined, extra: { errors?: ProblemError[]; headers?: Record<string, string>; status?: number } = {}): MockResponse {
  const template = PROBLEM_TYPES[kind];
  const status = kind === 'simulated' ? (extra.status ?? template.status) : template.status;
  const body: Problem = {
    $schema: `${publicUrl}/schemas/ProblemDetails.json`,
    type: template.type,
    title: kind === 'simulated' ? (STATUS_TITLES.get(status) ?? template.title) : template.title,
    status,
    detail: cut(detail, ECHO_BOUNDS.detail),
    ...(path === undefined ? {} : { instance: boundedInstance(path) }),
    ...(extra.errors ? { errors: extra.errors.map((e) => (typeof e.value === 'string' && e.value.length > ECHO_BOUNDS.value ? { ...e, value: cut(e.value, ECHO_BOUNDS.value) } : e)) } : {}),
  };
  return {
    status,
    // RFC 9110 §11.6.1: a 401 carries a challenge (attacker probe 7); production takes the key bare or as a Bearer token.
    headers: { 'content-type': 'application/problem+json', ...(status === 401 ? { 'www-authenticate': WWW_AUTHENTICATE } : {}), ...extra.headers },
    body: JSON.stringify(body),
  };
}
