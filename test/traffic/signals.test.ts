/**
 * `resale-kit proxy --record` stops within 2 s of SIGTERM or SIGINT after a run of recorded exchanges
 * of any length (closing the recorder writes only what is pending), with every file it wrote
 * (rotated by --record-max-bytes) a valid HAR holding every exchange answered.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { partPath, type Har } from '../../conformance/index.js';
import { BIN, listeningUrl } from '../helpers/cli.js';
import { listeningMock } from '../helpers/servers.js';

let upstream: Awaited<ReturnType<typeof listeningMock>> | undefined;
afterAll(async () => upstream?.close());

describe('proxy --record: signals', () => {
  it.each([
    ['SIGTERM', 600],
    ['SIGINT', 200],
  ] as const)(
    '%s after %i recorded exchanges: exit 0 within 2 s, every file valid and complete',
    async (signal, count) => {
      upstream ??= await listeningMock({ products: 100 });
      const har = join(mkdtempSync(join(tmpdir(), 'signals-')), 'run.har');
      const proxy = spawn(process.execPath, [BIN, 'proxy', '--upstream', upstream.url, '--port', '0', '--record', har, '--record-max-bytes', '64K'], { stdio: ['ignore', 'pipe', 'pipe'] });
      const { url } = await listeningUrl(proxy, 30_000);
      let sent = 0;
      const worker = async (): Promise<void> => {
        while (sent < count) {
          const i = sent++;
          const res = await fetch(`${url}/v3/market_b/products?limit=2&offset=${i % 50}&n=${i}`, { headers: { authorization: 'demo-premium' } });
          await res.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      const exited = new Promise<number | null>((r) => proxy.on('exit', (code) => r(code)));
      const started = performance.now();
      proxy.kill(signal);
      const code = await exited;
      const ms = performance.now() - started;
      process.stdout.write(`${signal}: exit ${code} in ${Math.round(ms)} ms after ${count} recorded exchanges\n`);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(2000);
      let entries = 0;
      let part = 0;
      while (existsSync(partPath(har, part))) entries += (JSON.parse(readFileSync(partPath(har, part++), 'utf8')) as Har).log.entries.length;
      expect(part).toBeGreaterThan(1);
      expect(entries).toBe(count);
    },
    120_000,
  );
});
