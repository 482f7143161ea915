/**
 * Deprecations a contract announces (issue 32): an operation with `deprecated: true` (OpenAPI
 * 3.1), optionally `x-deprecated-at` and `x-sunset` (RFC 3339 dates or date-times, UTC) and
 * `x-successor` (the URL or path of the replacement). For such an operation the mock sends
 * `Deprecation: @<unix seconds>` (RFC 9745 §2.1), `Sunset: <HTTP-date>` (RFC 8594 §3) and
 * `Link: <successor>; rel="successor-version"` (RFC 5829 §3.1).
 */
import { isObject, type JsonObject } from './load.js';

/** Response headers announcing one operation's deprecation (lower-case names). */
export type DeprecationHeaders = Partial<Record<'deprecation' | 'sunset' | 'link', string>>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Seconds since the epoch of an RFC 3339 date or date-time, or undefined when it is not one. */
function epochSeconds(text: unknown): number | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))?$/.test(text)) return undefined;
  const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

/**
 * The headers for each deprecated operation of `doc`, keyed by `operationId` (lower-case names).
 * `Deprecation` is always sent: `@<x-deprecated-at>` in unix seconds, or `@0` when the contract
 * gives no date (a kit decision: a date in the past means "already deprecated", RFC 9745 §2.1).
 * `Sunset` only for a well-formed `x-sunset`; `Link` only for an `x-successor` without spaces,
 * control characters, `<` or `>`. Text of the document is data: only own members are read.
 */
export function deprecationHeadersOf(doc: JsonObject): Map<string, DeprecationHeaders> {
  const out = new Map<string, DeprecationHeaders>();
  const paths = Object.hasOwn(doc, 'paths') ? doc.paths : undefined;
  if (!isObject(paths)) return out;
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const m of METHODS) {
      const op = Object.hasOwn(item, m) ? item[m] : undefined;
      if (!isObject(op) || op.deprecated !== true || typeof op.operationId !== 'string') continue;
      const headers: DeprecationHeaders = {};
      const at = epochSeconds(op['x-deprecated-at']);
      headers.deprecation = `@${at ?? 0}`;
      const sunset = epochSeconds(op['x-sunset']);
      if (sunset !== undefined) headers.sunset = new Date(sunset * 1000).toUTCString();
      const successor = op['x-successor'];
      if (typeof successor === 'string' && successor !== '' && !/[\u0000-\u0020<>\u007f]/.test(successor)) headers.link = `<${successor}>; rel="successor-version"`;
      out.set(op.operationId, headers);
    }
  }
  return out;
}
