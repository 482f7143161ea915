/**
 * CPU per forwarded answer (issue 33), a figure that other jobs on a shared machine disturb far
 * less than throughput: the same fixed request rate (autocannon `overallRate`, below saturation)
 * through the bare node:http proxy (bench/bare-proxy.mjs) and through `resale-kit proxy --judge
 * async`, reading each thread's CPU time (user + system, from /proc/PID/task/TID/stat; Linux
 * only) before and after. Prints microseconds of CPU per answer for the bare proxy, the
 * resale-kit proxy's main thread (forwarding) and its other threads (the judging worker, libuv
 * and V8 helpers).
 *
 * Usage: tsx bench/proxy-cpu.ts [--rate 400] [--seconds 5]
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './args.js';
import autocannon from 'autocannon';
import { freePort, PROXY_AUTH, PROXY_PATHS, spawnAnswering, startMock } from './targets.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values } = benchArgs(
  { script: 'bench/proxy-cpu.ts', about: 'CPU per forwarded answer at a fixed request rate: the bare node:http proxy against `resale-kit proxy --judge async` (its main thread and its other threads).' },
  {
    rate: { type: 'string', default: '400', help: 'requests per second sent', min: 1, integer: true },
    seconds: { type: 'string', default: '5', help: 'seconds per measurement', min: 1 },
  },
);
const PATHS = PROXY_PATHS;
const AUTH = PROXY_AUTH;
const TICK_US = 1e6 / 100; // USER_HZ: clock ticks of /proc stat are 1/100 s on Linux

/** CPU time (µs) of each thread of a process, by thread id: utime + stime. */
function threads(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * TICK_US);
    } catch {
      // the thread ended
    }
  }
  return out;
}

async function measure(pid: number, url: string): Promise<{ answers: number; main: number; other: number }> {
  // Warm-up, then the measured run.
  await autocannon({ url, connections: 10, duration: 2, overallRate: Number(values.rate), requests: PATHS.map((path) => ({ method: 'GET', path, headers: AUTH })) });
  await new Promise((r) => setTimeout(r, 1500)); // the worker finishes its backlog
  const before = threads(pid);
  const r = await autocannon({ url, connections: 10, duration: Number(values.seconds), overallRate: Number(values.rate), requests: PATHS.map((path) => ({ method: 'GET', path, headers: AUTH })) });
  await new Promise((res) => setTimeout(res, 1500)); // and judges what it was handed
  const after = threads(pid);
  let main = 0;
  let other = 0;
  for (const [tid, us] of after) {
    const spent = us - (before.get(tid) ?? 0);
    if (tid === String(pid)) main += spent;
    else other += spent;
  }
  return { answers: r.requests.total, main, other };
}

const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
const loadBefore = load();
const mock = await startMock();
const procs: ChildProcess[] = [];
try {
  const ports = { bare: await freePort(), async: await freePort() };
  const bare = await spawnAnswering(process.execPath, [`${ROOT}bench/bare-proxy.mjs`, mock.baseUrl, String(ports.bare)], `http://127.0.0.1:${ports.bare}`);
  procs.push(bare);
  const asy = await spawnAnswering(process.execPath, [`${ROOT}dist/cli/bin.js`, 'proxy', '--upstream', mock.baseUrl, '--port', String(ports.async), '--judge', 'async'], `http://127.0.0.1:${ports.async}`);
  procs.push(asy);
  // Alternating, twice each; the figures of the second pair are printed (the first warms up).
  await measure(bare.pid as number, `http://127.0.0.1:${ports.bare}`);
  await measure(asy.pid as number, `http://127.0.0.1:${ports.async}`);
  const b = await measure(bare.pid as number, `http://127.0.0.1:${ports.bare}`);
  const a = await measure(asy.pid as number, `http://127.0.0.1:${ports.async}`);
  process.stdout.write(`${values.rate} req/s for ${values.seconds} s, 10 connections, ${PATHS.length} search paths; CPU per answer (user + system)\n`);
  process.stdout.write(`bare node:http proxy         ${b.answers} answers, ${((b.main + b.other) / b.answers).toFixed(0)} µs\n`);
  process.stdout.write(`proxy --judge async, main    ${a.answers} answers, ${(a.main / a.answers).toFixed(0)} µs (forwarding; ${((100 * a.main) / a.answers / ((b.main + b.other) / b.answers)).toFixed(0)} % of the bare proxy's)\n`);
  process.stdout.write(`proxy --judge async, others  ${(a.other / a.answers).toFixed(0)} µs (the judging worker and helper threads)\n`);
  process.stdout.write(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after\n`);
} finally {
  for (const p of procs) p.kill('SIGTERM');
  await mock.stop();
}
