/**
 * `--workers N --rate-limit` holds one limit for the whole server, not N times it: the
 * node:cluster primary counts every API request (`--rate-limit-store cluster`, the default with
 * workers: rate-limiter-flexible's cluster store, mocks/http/limit-stores.ts). Each request
 * goes on a connection of its own, so the cluster spreads them over both workers.
 */
import { spawn } from 'node:child_process';
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
