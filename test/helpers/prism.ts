/**
 * Starts Prism (`@stoplight/prism-cli`, pinned) mocking openapi.yaml on a free loopback port,
 * for tests that compare it with the contract or with our mock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CONTRACT_PATH } from '../../contract/index.js';

const PRISM_BIN = fileURLToPath(new URL('../../node_modules/.bin/prism', import.meta.url));

/** A free TCP port on 127.0.0.1, found by binding port 0 and releasing it. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/** A running Prism mock: its base URL and a stop function. */
export interface PrismHandle { baseUrl: string; stop: () => Promise<void> }

/**
 * Starts `prism mock openapi.yaml` and waits (up to `timeoutMs`, default 45 000 ms) until it answers.
 * @throws Error with Prism's output when it exits or does not answer in time.
 */
export async function startPrism(timeoutMs = 45_000): Promise<PrismHandle> {
  const port = await freePort();
  const child: ChildProcess = spawn(PRISM_BIN, ['mock', CONTRACT_PATH, '--host', '127.0.0.1', '--port', String(port), '-v', 'silent'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => { output += String(d); });
  child.stderr?.on('data', (d) => { output += String(d); });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    await new Promise<void>((done) => { child.once('exit', () => done()); child.kill('SIGTERM'); });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}: ${output}`);
    try {
      await fetch(`${baseUrl}/v3/market_a/products`, { headers: { authorization: 'probe' } });
      return { baseUrl, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await stop();
  throw new Error(`prism did not answer within ${timeoutMs} ms: ${output}`);
}
