/**
 * MSW request handlers (`resale-kit/msw`) on the same data world and the same core as the HTTP
 * server: no server, no second implementation. For unit tests (`msw/node`) and for the browser
 * (service worker). Honours `Prefer: delay` and `--latency` with MSW's `delay`.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { createMockCore, type MockCore } from './http/core.js';
import type { MockOptions } from './options.js';
import { READ_HEADERS } from './http/response.js';

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
 * @throws OptionError when an option is invalid.
 */
export function createMswHandlers(baseUrl: string, options: Partial<MockOptions> = {}): MswMock {
  const origin = baseUrl.replace(/\/+$/, '');
  // A base URL may carry a path (`https://app.example/api`): the core sees the path below it.
  const basePath = new URL(origin).pathname.replace(/\/+$/, '');
  const core = createMockCore({ ...options, publicUrl: origin });
  const handler = http.all(`${origin}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const below = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
    const headers: Record<string, string> = {};
    for (const name of READ_HEADERS) {
      const v = request.headers.get(name);
      if (v !== null) headers[name] = v;
    }
    const out = core.respond({ method: request.method, url: below + url.search, headers });
    if (out.delayMs) await delay(out.delayMs);
    const empty = out.status === 204 || out.status === 304 || request.method === 'HEAD';
    return new HttpResponse(empty ? null : out.body, { status: out.status, headers: out.headers });
  });
  return { handlers: [handler], core };
}
