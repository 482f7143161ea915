/**
 * Servers that implement only part of the API, for the profile and certificate tests: a stub in
 * front of the mock's core that answers a plain 404 problem to every request it does not
 * implement (another marketplace, premium operations), counting those requests. It also sends
 * `Server` and `X-Api-Version` headers (what a server says of itself, for the certificate).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockCore, type MockOptions } from '../../mocks/index.js';
import { NOW } from './mock.js';
import { stopServer } from './servers.js';

/** A listening partial server. */
export interface PartialServer {
  url: string;
  /** Requests it answered 404 because it does not implement them. */
  refused: string[];
  close(): Promise<void>;
}

/**
 * Starts a stub implementing only the requests `implements` accepts (by path); the rest get a
 * 404 problem-details answer, as a server without those routes would.
 * @param mock options of the mock core behind it (a mutant for a known defect, keys).
 */
export async function partialServer(implementsPath: (path: string) => boolean, mock: Partial<MockOptions> = {}): Promise<PartialServer> {
  const core = createMockCore({ now: NOW, products: 60, seed: 'partial', ...mock });
  const refused: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    const url = req.url ?? '/';
    const path = url.split('?')[0] as string;
    const headers: Record<string, string> = {};
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers[(req.rawHeaders[i] as string).toLowerCase()] = req.rawHeaders[i + 1] as string;
    if (!implementsPath(path)) {
      refused.push(url);
      res.writeHead(404, { 'content-type': 'application/problem+json', server: 'partial-stub/1.0' });
      res.end(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'this server does not implement this operation' }));
      return;
    }
    const out = core.respond({ method: req.method ?? 'GET', url, headers });
    res.writeHead(out.status, { ...out.headers, server: 'partial-stub/1.0', 'x-api-version': '3.0.0' });
    res.end(out.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  core.setPublicUrl(url);
  return { url, refused, close: () => stopServer(server) };
}

/** Paths of one marketplace only (`market_b`). */
export const onlyMarketplace =
  (segment: string) =>
  (path: string): boolean =>
    path.startsWith(`/v3/${segment}/`) || path === `/v3/${segment}` || !path.startsWith('/v3/');

/** Every path but the premium operations (per-sale and daily sales, §5). */
export const noPremium = (path: string): boolean => !/\/sales(\/daily)?$/.test(path);
