/**
 * The validation proxy's speed (issue 21): autocannon against the mock directly, through a bare
 * node:http proxy (bench/bare-proxy.mjs, no judging), through `resale-kit proxy --judge async`
 * and `--judge sync`, and through Prism's validating proxy (`prism proxy openapi.yaml UPSTREAM
 * --errors`), all in front of the same mock, in the same run, same paths and connections.
 * Targets alternate within each round; figures are the mean over the rounds. Prints requests
 * per second, p50/p99 (ms), the load average before and after, and the issues' ratios: async vs
 * bare (issue 33: target ≥ 90 %, added p99 ≤ 5 ms; async judging runs in a worker thread) and
 * sync vs Prism (target ≥ 3×).
 *
 * Usage: tsx bench/proxy-speed.ts [--seconds 5] [--rounds 2] [--connections 10]
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { benchArgs } from './args.js';
import autocannon from 'autocannon';
import { freePort, PROXY_AUTH, PROXY_PATHS, spawnAnswering, startMock } from './targets.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values } = benchArgs(
  {
    script: 'bench/proxy-speed.ts',
    about: "The mock directly, through a bare node:http proxy, through `resale-kit proxy --judge async` and `--judge sync`, and through Prism's validating proxy, same run; prints requests per second, p50/p99 (ms) and the issues' ratios.",
  },
  {
    seconds: { type: 'string', default: '5', help: 'seconds per round', min: 1 },
    rounds: { type: 'string', default: '2', help: 'rounds per target', min: 1, integer: true },
    connections: { type: 'string', default: '10', help: 'connections kept open', min: 1, integer: true },
  },
);
const PATHS = PROXY_PATHS;
const AUTH = PROXY_AUTH;

interface Fig {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function round(url: string): Promise<Fig> {
  const r = await autocannon({ url, connections: Number(values.connections), duration: Number(values.seconds), requests: PATHS.map((path) => ({ method: 'GET', path, headers: AUTH })) });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
const loadBefore = load();
const mock = await startMock();
const ports = { bare: await freePort(), async: await freePort(), sync: await freePort(), prism: await freePort() };
const url = (port: number): string => `http://127.0.0.1:${port}`;
const procs: ChildProcess[] = [];
try {
  procs.push(await spawnAnswering(process.execPath, [`${ROOT}bench/bare-proxy.mjs`, mock.baseUrl, String(ports.bare)], url(ports.bare)));
  procs.push(await spawnAnswering(process.execPath, [`${ROOT}dist/cli/bin.js`, 'proxy', '--upstream', mock.baseUrl, '--port', String(ports.async), '--judge', 'async'], url(ports.async)));
  procs.push(await spawnAnswering(process.execPath, [`${ROOT}dist/cli/bin.js`, 'proxy', '--upstream', mock.baseUrl, '--port', String(ports.sync), '--judge', 'sync'], url(ports.sync)));
  procs.push(await spawnAnswering(`${ROOT}node_modules/.bin/prism`, ['proxy', `${ROOT}openapi.yaml`, mock.baseUrl, '--errors', '-v', 'silent', '--host', '127.0.0.1', '--port', String(ports.prism)], url(ports.prism)));
  const targets: [string, string][] = [
    ['mock directly', mock.baseUrl],
    ['bare node:http proxy', url(ports.bare)],
    ['proxy --judge async', url(ports.async)],
    ['proxy --judge sync', url(ports.sync)],
    ['prism proxy --errors', url(ports.prism)],
  ];
  const figs = new Map<string, Fig[]>(targets.map(([name]) => [name, []]));
  for (let r = 0; r < Number(values.rounds); r++) for (const [name, u] of targets) figs.get(name)?.push(await round(u));
  const mean = (name: string): Fig => {
    const list = figs.get(name) ?? [];
    const avg = (k: keyof Fig): number => list.reduce((n, f) => n + f[k], 0) / list.length;
    return { rps: avg('rps'), p50: avg('p50'), p99: avg('p99'), non2xx: avg('non2xx'), errors: avg('errors') };
  };
  process.stdout.write(`${values.rounds} round(s) of ${values.seconds} s per target, ${values.connections} connections, ${PATHS.length} search paths\n`);
  for (const [name] of targets) {
    const f = mean(name);
    process.stdout.write(
      `${name.padEnd(22)} ${Math.round(f.rps).toString().padStart(6)} req/s  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  non-2xx ${f.non2xx}  errors ${f.errors}   per round: ${(figs.get(name) ?? []).map((x) => Math.round(x.rps)).join(', ')}\n`,
    );
  }
  const bare = mean('bare node:http proxy');
  const asy = mean('proxy --judge async');
  const syn = mean('proxy --judge sync');
  const prism = mean('prism proxy --errors');
  const perRound = (figs.get('proxy --judge async') ?? []).map((f, i) => `${((100 * f.rps) / (figs.get('bare node:http proxy')?.[i]?.rps ?? NaN)).toFixed(0)} %`);
  process.stdout.write(`async vs bare: ${((100 * asy.rps) / bare.rps).toFixed(0)} % of throughput (target >= 90 %; per round: ${perRound.join(', ')}), added p99 ${(asy.p99 - bare.p99).toFixed(1)} ms (target <= 5 ms)\n`);
  process.stdout.write(`sync vs prism: ${(syn.rps / prism.rps).toFixed(1)}x throughput (target >= 3x)\n`);
  process.stdout.write(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after\n`);
} finally {
  for (const p of procs) p.kill('SIGTERM');
  await mock.stop();
}
