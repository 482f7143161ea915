/**
 * `--workers N --rate-limit` holds one limit for the whole server, not N times it: the
 * node:cluster primary counts every API request (`--rate-limit-store cluster`, the default with
 * workers: rate-limiter-flexible's cluster store, mocks/http/limit-stores.ts). Each request
 * goes on a connection of its own, so the cluster spreads them over both workers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { BIN, listeningUrl } from '../helpers/cli.js';

/** One GET on a fresh connection; resolves to the status and the answering worker's pid header, if any. */
function get(url: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { authorization: key, connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('rate limit across workers', () => {
  it('2 workers, 10/min: exactly 10 answers per key, the rest 429', async () => {
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--workers', '2', '--rate-limit', '10/min', '--products', '100', '--now', '2026-01-15'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const { url, out } = await listeningUrl(child, 60_000);
      expect(out).toContain('(2 workers)');
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push(await get(`${url}/v3/market_b/products?limit=1&i=${i}`, 'demo-free'));
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      // Another key has its own window, held by the same primary.
      const other = await Promise.all(Array.from({ length: 12 }, () => get(`${url}/v3/market_b/products?limit=1`, 'demo-premium')));
      expect(other.filter((s) => s === 200)).toHaveLength(10);
      // Requests the limiter does not count (the index) pass whatever the count.
      expect(await get(`${url}/`, 'demo-free')).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);
});

describe('workers and the world cache (issue 33)', () => {
  /** Starts `mock --workers 2` with these flags; returns the answers of a few requests and stderr. */
  async function run(flags: string[]): Promise<{ bodies: string[]; err: string }> {
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--workers', '2', '--products', '3000', '--now', '2026-01-15', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    try {
      const { url } = await listeningUrl(child, 60_000);
      const bodies: string[] = [];
      for (const path of ['/v3/market_a/products?query=nike&limit=20', '/v3/market_b/products?limit=50&page=3']) {
        const res = await fetch(url + path, { headers: { authorization: 'demo-premium' } });
        bodies.push((await res.text()).replaceAll(url, 'ORIGIN'));
      }
      return { bodies, err };
    } finally {
      child.kill('SIGTERM');
    }
  }

  it('the primary writes the snapshot once; the workers restore it and answer as drawn workers do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'resale-kit-workers-cache-'));
    try {
      const drawn = await run(['--world-cache', 'off']);
      const first = await run(['--world-cache', dir]);
      expect(first.err).toContain('and its snapshot for the workers');
      expect(readdirSync(dir).filter((f) => f.endsWith('.snapshot'))).toHaveLength(1);
      const second = await run(['--world-cache', dir]);
      expect(second.err).not.toContain('and its snapshot for the workers');
      expect(second.err).toContain('each restoring the data world from the world cache');
      expect(second.bodies).toEqual(drawn.bodies);
      expect(first.bodies).toEqual(drawn.bodies);
      // Finding 26: a cut snapshot is named by the primary, drawn and written once; the workers restore the new one.
      const file = join(dir, readdirSync(dir).find((f) => f.endsWith('.snapshot')) as string);
      writeFileSync(file, readFileSync(file).subarray(0, 1000));
      const cut = await run(['--world-cache', dir]);
      expect(cut.err).toMatch(/warning: the world snapshot .* was not used: its SHA-256 digest does not match/);
      expect(cut.err).toContain('and its snapshot for the workers');
      expect(cut.err).toContain('each restoring the data world from the world cache');
      expect(cut.bodies).toEqual(drawn.bodies);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
