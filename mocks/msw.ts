/**
 * MSW request handlers (`resale-kit/msw`) on the same data world and the same core as the HTTP
 * server: no server, no second implementation. For unit tests (`msw/node`) and for the browser
 * (service worker). Honours `Prefer: delay` and `--latency` with MSW's `delay`.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { createMockCore, type MockCore } from './http/core.js';
import type { MockOptions } from './options.js';
import { READ_HEADERS } from './http/response.js';
import { OptionError } from './errors.js';

/** `text` with every RegExp metacharacter escaped. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The base URL checked and normalised: an absolute http(s) URL with no credentials, query or
 * fragment; its trailing slashes dropped.
 * @throws OptionError saying what is wrong.
 */
function checkBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw new OptionError('createMswHandlers: baseUrl must be an absolute URL, such as http://127.0.0.1:4010 or https://app.example/api');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OptionError('createMswHandlers: baseUrl must be an http or https URL');
  if (url.username !== '' || url.password !== '') throw new OptionError('createMswHandlers: baseUrl must not hold a user name or password');
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(String(baseUrl))) throw new OptionError('createMswHandlers: baseUrl must not hold a query or fragment (the operation paths follow it)');
  return url;
}

/** Handlers and the core behind them. */
export interface MswMock {
  /** Pass to `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  handlers: HttpHandler[];
  core: MockCore;
}

/**
 * Builds MSW handlers answering every request under `baseUrl` from a mock core.
 * @param baseUrl the base URL the app calls, such as `http://127.0.0.1:4010` or
 *   `https://app.example/api` (the operations' paths follow it); it is also written into
 *   `$schema` and image URLs, so they stay under the handlers.
 * @throws OptionError when an option is invalid, or `baseUrl` is not an absolute http(s) URL
 *   without credentials, query or fragment.
 */
export function createMswHandlers(baseUrl: string, options: Partial<MockOptions> = {}): MswMock {
  const base = checkBaseUrl(baseUrl);
  // A base URL may carry a path (`https://app.example/api`): the core sees the path below it.
  const basePath = base.pathname.replace(/\/+$/, '');
  const origin = `${base.origin}${basePath}`;
  const core = createMockCore({ ...options, publicUrl: origin });
  // A RegExp without capture groups, not MSW's string pattern: MSW decodes what a pattern
  // captures (`decodeURIComponent`), so `/products/100%` threw a 500 before the core saw it, and
  // `:`, `*` or `(` in the base URL would be read as pattern syntax.
  const below = new RegExp(`^${literal(origin)}(?:/.*)?$`);
  const handler = http.all(below, async ({ request }) => {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
    const headers: Record<string, string> = {};
    for (const name of READ_HEADERS) {
      const v = request.headers.get(name);
      if (v !== null) headers[name] = v;
    }
    const out = core.respond({ method: request.method, url: path + url.search, headers });
    if (out.delayMs) await delay(out.delayMs);
    const empty = out.status === 204 || out.status === 304 || request.method === 'HEAD';
    // The HTTP adapter sends Content-Length on every answer; so do the handlers (same headers).
    const hasLength = Object.keys(out.headers).some((k) => k.toLowerCase() === 'content-length');
    const answerHeaders = empty || hasLength ? out.headers : { ...out.headers, 'content-length': String(out.bytes?.byteLength ?? new TextEncoder().encode(out.body).byteLength) };
    return new HttpResponse(empty ? null : out.body, { status: out.status, headers: answerHeaders });
  });
  return { handlers: [handler], core };
}
