/** Listening mock servers for tests that need real HTTP (the conformance suite uses fetch). */
import type { Server } from 'node:http';
import { createMockServer, type MockOptions } from '../../mocks/index.js';
import { NOW } from './mock.js';

/** A listening mock on a free loopback port; `close` stops it. */
export async function listeningMock(options: Partial<MockOptions> = {}): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const mock = createMockServer({ port: 0, now: NOW, products: 300, seed: 'conformance', ...options });
  const { server, url } = await mock.listen();
  return {
    url,
    server,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
