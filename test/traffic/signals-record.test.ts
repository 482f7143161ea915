/**
 * `resale-kit proxy --record` stops within 2 s of SIGTERM or SIGINT after a run of recorded exchanges
 * of any length (closing the recorder writes only what is pending), with every file it wrote
 * (rotated by --record-max-bytes) a valid HAR holding every exchange answered; killed with
 * SIGKILL, every file still parses and holds every exchange answered a second before.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { partPath, type Har } from '../../traffic/index.js';
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

  it('SIGKILL: every file parses and holds every exchange answered a second before', async () => {
    upstream ??= await listeningMock({ products: 100 });
    const har = join(mkdtempSync(join(tmpdir(), 'signals-kill-')), 'run.har');
    const proxy = spawn(process.execPath, [BIN, 'proxy', '--upstream', upstream.url, '--port', '0', '--record', har, '--record-max-bytes', '32K'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const { url } = await listeningUrl(proxy, 30_000);
    const ask = async (i: number): Promise<void> => {
      await (await fetch(`${url}/v3/market_a/products?limit=3&n=${i}`, { headers: { authorization: 'demo-premium' } })).arrayBuffer();
    };
    for (let i = 0; i < 150; i++) await ask(i);
    await new Promise((r) => setTimeout(r, 1000));
    // More traffic in flight at the moment of the kill.
    const late = Array.from({ length: 20 }, (_, i) => ask(1000 + i).catch(() => undefined));
    const exited = new Promise((r) => proxy.on('exit', r));
    proxy.kill('SIGKILL');
    await exited;
    await Promise.all(late);
    // The writer process finishes what it was sent (it is not the process killed): wait until it has.
    const parsesAll = (): boolean => {
      try {
        for (let p = 0; existsSync(partPath(har, p)); p++) JSON.parse(readFileSync(partPath(har, p), 'utf8'));
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; waited < 5000 && !parsesAll(); waited += 50) await new Promise((r) => setTimeout(r, 50));
    const seen = new Set<string>();
    let parts = 0;
    for (; existsSync(partPath(har, parts)); parts++) {
      for (const e of (JSON.parse(readFileSync(partPath(har, parts), 'utf8')) as Har).log.entries) seen.add(new URL(e.request.url).searchParams.get('n') ?? '');
    }
    expect(parts).toBeGreaterThan(1);
    for (let i = 0; i < 150; i++) expect(seen.has(String(i)), `exchange ${i}`).toBe(true);
  }, 60_000);
});
