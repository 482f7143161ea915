/**
 * The thin node:http adapter over the mock core: a request handler for `http.createServer`,
 * supertest, or any framework that takes one, and a `listen` helper for the CLI.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { MockOptions } from '../options.js';
import { createMockCore, type MockCore } from './core.js';

/** The request headers the core reads (lower-case names). */
const WANTED = new Set(['authorization', 'prefer', 'origin', 'access-control-request-method', 'access-control-request-headers']);

/**
 * The headers the core reads, taken from `rawHeaders` (name, value, name, value, ...): reading
 * `req.headers` would make Node build an object of every header on every request.
 */
function pickHeaders(raw: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (WANTED.has(name) && !(name in out)) out[name] = raw[i + 1] as string;
  }
  return out;
}

/** A node request handler: `(req, res) => void`. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The mock as a node request handler, with its core (options, world) at hand. */
export interface MockServer {
  readonly core: MockCore;
  readonly handler: RequestHandler;
  /**
   * Listens on `options.host:options.port` (port 0 picks a free one).
   * @returns the server and its base URL, such as `http://127.0.0.1:4010`.
   * @throws Error when the port cannot be bound (in use, no permission).
   */
  listen(): Promise<{ server: Server; url: string }>;
}

/**
 * Builds the mock server (§4 operations over the seeded data world). Nothing listens until
 * `listen()`; tests pass `handler` to supertest instead.
 * @throws OptionError when an option is invalid.
 */
export function createMockServer(options: Partial<MockOptions> = {}): MockServer {
  const core = createMockCore(options);
  const handler: RequestHandler = (req, res) => {
    const out = core.respond({ method: req.method ?? 'GET', url: req.url ?? '/', headers: pickHeaders(req.rawHeaders) });
    res.on('error', () => undefined);
    req.resume();
    const body = out.bytes ?? Buffer.from(out.body);
    if (out.headers['content-length'] === undefined) out.headers['content-length'] = String(body.length);
    const send = (): void => {
      res.writeHead(out.status, out.headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (out.delayMs) setTimeout(send, out.delayMs);
    else send();
  };
  return {
    core,
    handler,
    listen: () =>
      new Promise((resolve, reject) => {
        const server = createServer(handler);
        server.keepAliveTimeout = 65_000;
        server.once('error', reject);
        server.listen(core.options.port, core.options.host, () => {
          const addr = server.address();
          const port = typeof addr === 'object' && addr ? addr.port : core.options.port;
          const host = core.options.host.includes(':') ? `[${core.options.host}]` : core.options.host;
          const url = `http://${host}:${port}`;
          if (options.publicUrl === undefined) core.setPublicUrl(url);
          resolve({ server, url });
        });
      }),
  };
}
