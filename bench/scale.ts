/**
 * Start-up and memory of the mock at several catalog sizes: spawns `resale-kit mock` as a user
 * would (default settings), measures the time from spawn to the first answered request (ms),
 * warms it up with a mixed request set, then reads its resident memory (MB, from /proc) and
 * the median latency (ms) of 200 sequential searches and of up to 200 B2 lookups, all with
 * distinct URLs so that none is answered from the response cache.
 *
 * Usage: tsx bench/scale.ts [size ...]   (default 1000 10000 100000 1000000)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './args.js';
import { freePort } from './targets.js';

const BIN = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));
const AUTH = { authorization: 'demo-premium' };

/** Figures of one catalog size. */
export interface ScaleResult {
  products: number;
  startupMs: number;
  rssMb: number;
  searchP50Ms: number;
  lookupP50Ms: number;
  /** RSS right after the first answer, before any warm-up (MB). */
  firstRssMb: number;
  /** From spawn until each of the eight operations has answered once, one after another (ms). */
  allOpsMs: number;
}

const rss = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

async function median(times: number, fn: () => Promise<unknown>): Promise<number> {
  const xs: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)] as number;
}

/**
 * Measures one size; the child is always stopped.
 * @param args more `mock` flags, such as `['--world-cache', DIR]` (bench/startup.ts).
 * @param bin the CLI to start (default this checkout's `dist/cli/bin.js`; another build's for a before/after).
 */
export async function measureScale(products: number, port: number, args: readonly string[] = [], bin = BIN): Promise<ScaleResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'mock', '--port', String(port), '--products', String(products), '--now', '2026-01-15T00:00:00Z', ...args], { stdio: 'ignore' });
  try {
    const base = `http://127.0.0.1:${port}`;
    let startupMs = Number.NaN;
    let firstRssMb = Number.NaN;
    let allOpsMs = Number.NaN;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`mock exited with ${child.exitCode}`);
      try {
        const res = await fetch(`${base}/v3/market_a/products?limit=1`, { headers: AUTH });
        if (res.ok) {
          await res.arrayBuffer();
          startupMs = performance.now() - started;
          firstRssMb = rss(child.pid as number);
          // The first answer of each of the other seven operations (§4.1 A2-A4, §4.2 B1-B4), one after another.
          const a = ((await (await fetch(`${base}/v3/market_a/products?query=nike&limit=1`, { headers: AUTH })).json()) as { data: { id: string; slug: string }[] }).data[0];
          const b = ((await (await fetch(`${base}/v3/market_b/products?limit=1`, { headers: AUTH })).json()) as { data: { id: number }[] }).data[0];
          for (const path of [
            `/v3/market_a/products/${a?.slug ?? ''}`,
            `/v3/market_a/products/${a?.id ?? ''}/sales`,
            `/v3/market_a/products/${a?.id ?? ''}/sales/daily`,
            `/v3/market_b/products/${b?.id ?? 0}`,
            `/v3/market_b/products/${b?.id ?? 0}/sales`,
            `/v3/market_b/products/${b?.id ?? 0}/sales/daily`,
          ]) {
            const r = await fetch(base + path, { headers: AUTH });
            await r.arrayBuffer();
            if (!r.ok) throw new Error(`${path}: ${r.status}`);
          }
          allOpsMs = performance.now() - started;
          break;
        }
      } catch {
        await new Promise((r) => setTimeout(r, 10));
      }
      if (performance.now() - started > 120_000) throw new Error('mock did not answer within 120 s');
    }
    const first = (await (await fetch(`${base}/v3/market_a/products?query=jordan&limit=20`, { headers: AUTH })).json()) as { data: { slug: string }[] };
    const slugs = first.data.map((p) => p.slug);
    for (let i = 0; i < 300; i++) {
      const slug = slugs[i % slugs.length] as string;
      const urls = [`/v3/market_a/products/${slug}?display[variants]=true&display[prices]=true`, `/v3/market_a/products/${slug}/sales`, `/v3/market_b/products?query=dunk low`, `/v3/market_a/products?query=white&page=${1 + (i % 5)}`];
      await (await fetch(base + (urls[i % urls.length] as string), { headers: AUTH })).arrayBuffer();
    }
    const rssMb = rss(child.pid as number);
    // 200 distinct URLs each: every request misses the response cache, so these time the
    // search index and document generation, not the replay of a cached answer.
    const terms = ['jordan', 'nike', 'adidas', 'dunk low', 'white', 'black', 'new balance', 'retro high', 'samba', 'panda'];
    let i = 0;
    const searchP50Ms = await median(200, async () => {
      const url = `${base}/v3/market_a/products?query=${encodeURIComponent(terms[i % terms.length] as string)}&limit=20&page=${1 + Math.floor(i / terms.length)}`;
      i++;
      return (await fetch(url, { headers: AUTH })).arrayBuffer();
    });
    const ids = ((await (await fetch(`${base}/v3/market_b/products?limit=100`, { headers: AUTH })).json()) as { data: { id: number }[] }).data.map((p) => p.id);
    const more = ((await (await fetch(`${base}/v3/market_b/products?limit=100&page=2`, { headers: AUTH })).json()) as { data: { id: number }[] }).data.map((p) => p.id);
    const all = [...ids, ...more];
    let j = 0;
    const lookupP50Ms = await median(Math.min(200, all.length), async () => (await fetch(`${base}/v3/market_b/products/${all[j++] ?? all[0]}`, { headers: AUTH })).arrayBuffer());
    return { products, startupMs, rssMb, searchP50Ms, lookupP50Ms, firstRssMb, allOpsMs };
  } finally {
    child.kill('SIGKILL');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals } = benchArgs(
    {
      script: 'bench/scale.ts',
      positionals: '[SIZE ...]',
      positionalNumbers: { min: 1, integer: true },
      about: 'Start-up and memory of `resale-kit mock` per catalog size (default 1000 10000 100000 1000000 products per marketplace): first answer (ms), RSS (MB), search and lookup p50 (ms).',
    },
    {},
  );
  const sizes = positionals.map(Number);
  for (const n of sizes.length ? sizes : [1000, 10_000, 100_000, 1_000_000]) {
    const r = await measureScale(n, await freePort());
    console.log(`${String(n).padStart(8)} products: first answer ${r.startupMs.toFixed(0)} ms, RSS ${r.rssMb.toFixed(0)} MB, search p50 ${r.searchP50Ms.toFixed(2)} ms, lookup p50 ${r.lookupP50Ms.toFixed(2)} ms`);
  }
}
