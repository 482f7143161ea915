/**
 * Problem-details templates (RFC 9457; contract `ProblemDetails`, §7 decision): one place that
 * writes every error the mock answers with.
 */
import type { components } from '../../generated/api.js';
import type { MockResponse } from './response.js';

type Problem = components['schemas']['ProblemDetails'];
type ProblemError = components['schemas']['ProblemDetailsError'];

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

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

/**
 * A problem-details response.
 * @param status HTTP status (400–599).
 * @param detail what went wrong for this request, in a sentence a developer can act on.
 * @param path the request path, written to `instance` (undefined: no `instance`, as when the
 *   request could not be parsed).
 * @param extra `errors` (422) and extra headers (`Allow` on 405, `Retry-After` on 429).
 */
export function problem(publicUrl: string, status: number, detail: string, path: string | undefined, extra: { errors?: ProblemError[]; headers?: Record<string, string> } = {}): MockResponse {
  const body: Problem = {
    $schema: `${publicUrl}/schemas/ProblemDetails.json`,
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    ...(path === undefined ? {} : { instance: safeInstance(path) }),
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
  return {
    status,
    headers: { 'content-type': 'application/problem+json', ...extra.headers },
    body: JSON.stringify(body),
  };
}
