/**
 * Saturation soak of the mock (issue 11): starts `resale-kit mock` through its CLI (default
 * settings plus any flags given after `--`), drives it with autocannon for the whole duration
 * with mostly distinct URLs (random searches, pages, lookups, long query strings up to 8,000
 * characters, random keys), samples its resident memory (RSS, MB, from /proc) every 5 s, and
 * prints the samples and the plateau: the highest RSS of the first and of the last third of
 * the run. Memory that levels off has last-third growth near zero.
 *
 * Usage: tsx bench/soak.ts [--seconds 180] [--connections 10] [-- mock flags...]
 *   e.g. tsx bench/soak.ts -- --response-cache 0
 */
import { readFileSync } from 'node:fs';
import { benchArgs } from './args.js';
import autocannon from 'autocannon';
import { startMock } from './targets.js';

/** RSS of a process in MB (/proc/PID/status, VmRSS). */
export const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

const WORDS = ['jordan', 'nike', 'dunk', 'low', 'retro', 'adidas', 'samba', 'yeezy', 'new', 'balance', '550', 'panda', 'chicago', 'zzz', 'x'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const rand = (): string => Math.random().toString(36).slice(2);

/** A mostly distinct request: path and Authorization key. */
function randomRequest(): { path: string; key: string } {
  const key = Math.random() < 0.8 ? 'demo-premium' : `k-${rand()}${'x'.repeat(Math.floor(Math.random() * 1024))}`;
  const r = Math.random();
  if (r < 0.35) return { path: `/v3/market_a/products?query=${pick(WORDS)}+${pick(WORDS)}&page=${1 + Math.floor(Math.random() * 20)}&limit=${1 + Math.floor(Math.random() * 50)}`, key };
  if (r < 0.55) return { path: `/v3/market_b/products?query=${pick(WORDS)}&page=${1 + Math.floor(Math.random() * 50)}&r=${rand()}`, key };
  if (r < 0.75) return { path: `/v3/market_a/products/${rand()}-${rand()}?display[variants]=true`, key };
  if (r < 0.9) return { path: `/v3/market_b/products/${1 + Math.floor(Math.random() * 20_000)}?x=${rand()}`, key };
  return { path: `/v3/market_a/products?query=${pick(WORDS)}&pad=${'p'.repeat(Math.floor(Math.random() * 8000))}`, key };
}

async function main(): Promise<void> {
  const { values, rest: mockFlags } = benchArgs(
    {
      script: 'bench/soak.ts',
      passThrough: 'mock flags...',
      about: 'Saturation soak of `resale-kit mock` (default settings plus the flags after --): autocannon with mostly distinct URLs, RSS sampled every 5 s; prints the samples and the plateau.',
    },
    {
      seconds: { type: 'string', default: '180', help: 'seconds of load', min: 1 },
      connections: { type: 'string', default: '10', help: 'connections kept open', min: 1, integer: true },
    },
  );
  const seconds = Number(values.seconds);
  const mock = await startMock(mockFlags);
  const samples: { t: number; rss: number }[] = [];
  const started = Date.now();
  const sample = (): void => {
    samples.push({ t: Math.round((Date.now() - started) / 1000), rss: rssMb(mock.pid) });
  };
  sample();
  const timer = setInterval(sample, 5000);
  try {
    const result = await autocannon({
      url: mock.baseUrl,
      connections: Number(values.connections),
      duration: seconds,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            const { path, key } = randomRequest();
            return { ...req, path, headers: { authorization: key } };
          },
        },
      ],
    });
    sample();
    clearInterval(timer);
    const third = Math.max(1, Math.floor(samples.length / 3));
    const first = Math.max(...samples.slice(0, third).map((s) => s.rss));
    const last = Math.max(...samples.slice(-third).map((s) => s.rss));
    const middle = Math.max(...samples.slice(third, -third).map((s) => s.rss));
    process.stdout.write(`mock flags: ${mockFlags.join(' ') || '(defaults)'}; ${seconds} s, ${values.connections} connections\n`);
    process.stdout.write(`requests: ${result.requests.total} (${Math.round(result.requests.average)} req/s), non-2xx ${result.non2xx}, errors ${result.errors}\n`);
    process.stdout.write(`RSS samples (s: MB): ${samples.map((s) => `${s.t}: ${s.rss.toFixed(0)}`).join(', ')}\n`);
    process.stdout.write(`plateau: max RSS first third ${first.toFixed(0)} MB, middle third ${middle.toFixed(0)} MB, last third ${last.toFixed(0)} MB (last - middle: ${(last - middle).toFixed(0)} MB)\n`);
  } finally {
    clearInterval(timer);
    await mock.stop();
  }
}

await main();
