/**
 * Processes that heal: with `--workers 2`, a worker killed with SIGKILL is replaced and the port
 * keeps answering (before: one dead worker stopped the whole server). Killing every worker at
 * once: the port answers again once the replacements have built their world. Timing bounds here
 * are bounds of polling loops, not speed assertions.
 */
import { execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, listeningUrl } from '../helpers/cli.js';

const children: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

/** The status of one GET on a fresh connection, or 0 when nothing answers. */
function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, headers: { authorization: 'demo-free', connection: 'close' }, timeout: 1000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** The pids of the workers (children of the primary). */
function workersOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Polls until `ok()` or `ms` have passed; returns the milliseconds it took, or undefined. */
async function within(ms: number, ok: () => Promise<boolean> | boolean): Promise<number | undefined> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await ok()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

describe('mock --workers 2 heals', () => {
  it('a worker killed with SIGKILL: the port answers within 2 s, a new worker takes its place', async () => {
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--workers', '2', '--products', '100'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const { url } = await listeningUrl(child, 60_000);
    const api = `${url}/v3/market_b/products?query=nike`;
    expect(await status(api)).toBe(200);
    const before = workersOf(child.pid as number);
    expect(before).toHaveLength(2);

    process.kill(before[0] as number, 'SIGKILL');
    expect(await within(2000, async () => (await status(api)) === 200)).toBeDefined();
    expect(await within(30_000, () => workersOf(child.pid as number).filter((p) => !before.includes(p)).length === 1)).toBeDefined();
    expect(child.exitCode).toBeNull();
    expect(await within(10_000, () => stderr.includes('starting a new one'))).toBeDefined();

    // Every worker at once: nothing listens until a replacement has built its world (100 products: well within the bound).
    for (const pid of workersOf(child.pid as number)) process.kill(pid, 'SIGKILL');
    expect(await within(30_000, async () => (await status(api)) === 200)).toBeDefined();
    expect(child.exitCode).toBeNull();
  }, 90_000);
});
