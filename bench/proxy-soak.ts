/**
 * Soak of the validation proxy (issue 21): `resale-kit proxy` (through its CLI, no --record)
 * in front of `resale-kit mock`, driven at full speed with autocannon for N seconds with varied
 * URLs (searches, pages, lookups, unknown products; a mutant upstream by default so that there
 * are violations of many kinds to aggregate). Prints the proxy's RSS (MB, from /proc) after one
 * minute (or a fifth of the run when shorter) and at the end, requests per second, and how long
 * the proxy took to exit after SIGTERM. Flat memory: end within 20 % of the one-minute figure.
 *
 * Usage: tsx bench/proxy-soak.ts [seconds=180] [--connections 10] [--judge sync|async] [--mutant rank-as-string|none]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './args.js';
import autocannon from 'autocannon';
import { freePort, startMock } from './targets.js';

/** RSS of a process in MB (/proc/PID/status, VmRSS). */
const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

const BIN = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));
const { values, positionals } = benchArgs(
  {
    script: 'bench/proxy-soak.ts',
    positionals: '[SECONDS]',
    positionalNumbers: { min: 1, most: 1 },
    about: '`resale-kit proxy` in front of `resale-kit mock` at full speed with varied URLs for SECONDS (default 180); prints RSS after a minute and at the end, requests per second, and the time to exit after SIGTERM.',
  },
  {
    connections: { type: 'string', default: '10', help: 'connections kept open', min: 1, integer: true },
    judge: { type: 'string', default: 'sync', help: "the proxy's --judge (sync or async)" },
    mutant: { type: 'string', default: 'rank-as-string', help: 'the upstream: a mutant mock (rank-as-string) or none' },
  },
);
const seconds = Number(positionals[0] ?? 180);
const WORDS = ['jordan', 'nike', 'dunk', 'low', 'retro', 'adidas', 'samba', 'yeezy', 'panda', 'chicago', 'zzz'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const rand = (): string => Math.random().toString(36).slice(2);

/** A varied request: every operation kind, pages and limits, unknown products. */
function randomPath(): string {
  const r = Math.random();
  if (r < 0.35) return `/v3/market_a/products?query=${pick(WORDS)}&page=${1 + Math.floor(Math.random() * 10)}&limit=${1 + Math.floor(Math.random() * 20)}`;
  if (r < 0.6) return `/v3/market_b/products?query=${pick(WORDS)}&page=${1 + Math.floor(Math.random() * 10)}`;
  if (r < 0.8) return `/v3/market_a/products/${rand()}`;
  return `/v3/market_b/products/${1 + Math.floor(Math.random() * 20_000)}`;
}

const mock = await startMock(values.mutant === 'none' ? [] : ['--mutant', values.mutant]);
const port = await freePort();
const proxy = spawn(process.execPath, [BIN, 'proxy', '--upstream', mock.baseUrl, '--port', String(port), '--judge', values.judge], { stdio: ['ignore', 'ignore', 'ignore'] });
const url = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; i < 200; i++) {
    try {
      await (await fetch(`${url}/v3/market_a/products?limit=1`, { headers: { authorization: 'demo-premium' } })).arrayBuffer();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const at = Math.min(60, seconds / 5);
  let early = Number.NaN;
  const mark = setTimeout(() => (early = rssMb(proxy.pid as number)), at * 1000);
  const samples: string[] = [];
  const started = Date.now();
  const every = setInterval(() => samples.push(`${Math.round((Date.now() - started) / 1000)}: ${rssMb(proxy.pid as number).toFixed(0)}`), 10_000);
  const result = await autocannon({
    url,
    connections: Number(values.connections),
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: randomPath(), headers: { authorization: 'demo-premium' } }) }],
  });
  clearTimeout(mark);
  clearInterval(every);
  const end = rssMb(proxy.pid as number);
  const t = Date.now();
  const exited = new Promise<void>((r) => proxy.once('exit', () => r()));
  proxy.kill('SIGTERM');
  await exited;
  const stopMs = Date.now() - t;
  process.stdout.write(`proxy --judge ${values.judge} in front of the mock (${values.mutant === 'none' ? 'clean' : `mutant ${values.mutant}`}); ${seconds} s, ${values.connections} connections\n`);
  process.stdout.write(`requests: ${result.requests.total} (${Math.round(result.requests.average)} req/s), non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}, p99 ${result.latency.p99} ms\n`);
  process.stdout.write(`RSS samples (s: MB): ${samples.join(', ')}\n`);
  process.stdout.write(`RSS after ${at} s: ${early.toFixed(0)} MB; at the end: ${end.toFixed(0)} MB (${(((end - early) / early) * 100).toFixed(1)} %)\n`);
  process.stdout.write(`exit after SIGTERM: ${stopMs} ms\n`);
} finally {
  if (proxy.exitCode === null) proxy.kill('SIGKILL');
  await mock.stop();
}
