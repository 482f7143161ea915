/**
 * Memory the rate limiter keeps for callers it has never seen (issue 11): builds a mock core
 * with `--rate-limit 1000000/min`, sends 50,000 API requests each with a different random
 * 1 KiB key, and prints the growth of the V8 heap (MB) after a full GC, with the response
 * cache off so only the limiter and per-key state remain. Run: node --expose-gc --import tsx bench/limiter-memory.ts
 */
import { createMockCore } from '../mocks/index.js';
import { benchArgs, exitUsage } from './args.js';

const CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';
/** A random key of `n` characters, built as an HTTP parser would hand it over (one flat string). */
const randomKey = (n: number): string => Array.from({ length: n }, () => CHARS[Math.floor(Math.random() * CHARS.length)]).join('');
const { positionals } = benchArgs(
  {
    script: 'bench/limiter-memory.ts',
    positionals: '[REQUESTS]',
    positionalNumbers: { min: 1, integer: true, most: 1 },
    about: 'Memory the rate limiter keeps for unseen callers: REQUESTS (default 50,000) requests with distinct random 1 KiB keys; prints the V8 heap growth after a full GC (run with node --expose-gc --import tsx).',
  },
  {},
);
const REQUESTS = Number(positionals[0] ?? 50_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) exitUsage('bench/limiter-memory.ts', 'run it with node --expose-gc --import tsx bench/limiter-memory.ts (it reads the heap after a full collection)');
const core = createMockCore({ products: 1000, now: Date.UTC(2026, 0, 15), responseCache: 0, rateLimit: { count: 1_000_000, windowMs: 60_000 } });
const mb = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
core.respond({ method: 'GET', url: '/v3/market_b/products?limit=1', headers: { authorization: 'demo-free' } });
const before = mb();
const statuses = new Map<number, number>();
for (let i = 0; i < REQUESTS; i++) {
  const key = randomKey(1024);
  const { status } = core.respond({ method: 'GET', url: '/v3/market_b/products?limit=1', headers: { authorization: key } });
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}
const after = mb();
// Keep the core alive past the measurement, or the collector may free it (and its limiter) first.
core.respond({ method: 'GET', url: '/', headers: {} });
process.stdout.write(`${REQUESTS} requests with random 1 KiB keys: statuses ${JSON.stringify(Object.fromEntries(statuses))}; heap used ${before.toFixed(1)} MB -> ${after.toFixed(1)} MB (+${(after - before).toFixed(1)} MB after GC)\n`);
