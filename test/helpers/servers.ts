/** Listening mock servers for tests that need real HTTP (the conformance suite uses fetch). */
import type { Server } from 'node:http';
import { createMockServer, type MockOptions } from '../../mocks/index.js';
import { NOW } from './mock.js';

/** Stops a server: drops its open connections, resolves when it has closed. */
export const stopServer = (server: Server): Promise<void> =>
  new Promise((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });

/** Starts a server on a free loopback port. @returns its origin, `http://127.0.0.1:PORT`. */
export const listenLoopback = (server: Server): Promise<string> => new Promise((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));

/** A listening mock on a free loopback port; `close` stops it. */
export async function listeningMock(options: Partial<MockOptions> = {}): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const mock = createMockServer({ port: 0, now: NOW, products: 300, seed: 'conformance', ...options });
  const { server, url } = await mock.listen();
  return { url, server, close: () => stopServer(server) };
}
