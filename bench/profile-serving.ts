/**
 * Where the mock's serving time goes (issue 33 item 3): starts the built mock (`dist/cli/bin.js
 * mock`, default settings) under `node --cpu-prof`, loads one scenario of `bench/run.ts` with
 * autocannon, stops the mock with SIGINT so V8 writes its `.cpuprofile`, and prints the top
 * functions and files by self time over the load's window, with per request the main thread's
 * busy time (profile samples, wall clock) and the process's CPU time (/proc, all threads, µs); then does the same with the bare node:http limit server (bench/limit-server.mjs)
 * serving the identical bodies. One process per scenario and target, so each profile holds one.
 *
 * Usage: `npm run -s build && node --import tsx bench/profile-serving.ts [--duration S]
 * [--connections N] [--top N] [--dir DIR] [--scenario b2|a1|...]` (default: b2 then a1, 10 s,
 * 10 connections, top 25, profiles in a fresh temporary directory). Prints figures only; writes
 * nothing but the profiles.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchArgs } from './args.js';
import { cpuUs, freePort, limitAnswerOf, type LimitAnswer } from './targets.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const AUTH = { authorization: 'demo-premium' };

/** The scenarios, with the same URLs as bench/run.ts builds (top 20 products of "nike"). */
async function pathsOf(scenario: string, base: string): Promise<string[]> {
  const get = async (p: string): Promise<any> => (await fetch(base + p, { headers: AUTH })).json();
  const queries = ['nike', 'jordan', 'dunk low', 'adidas samba', 'new balance'];
  if (scenario === 'a1') return queries.map((q) => `/v3/market_a/products?query=${encodeURIComponent(q)}&limit=20`);
  if (scenario === 'b1') return queries.map((q) => `/v3/market_b/products?query=${encodeURIComponent(q)}&limit=20`);
  if (scenario === 'b2' || scenario === 'b3') {
    const b = (await get('/v3/market_b/products?query=nike&limit=20')).data as { id: number }[];
    return b.map((p) => `/v3/market_b/products/${p.id}${scenario === 'b3' ? '/sales' : ''}`);
  }
  const a = (await get('/v3/market_a/products?query=nike&limit=20')).data as { slug: string }[];
  if (scenario === 'a2') return a.map((p) => `/v3/market_a/products/${p.slug}?display[variants]=true&display[prices]=true&display[identifiers]=true`);
  if (scenario === 'a3') return a.map((p) => `/v3/market_a/products/${p.slug}/sales`);
  throw new Error(`unknown scenario ${scenario}: use a1, a2, a3, b1, b2 or b3`);
}

/** A V8 `.cpuprofile`, the fields read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time by function and by file of a V8 `.cpuprofile`, over its last `windowS` seconds only
 * (the load; start-up and the warm pass come before it), and the CPU time spent (non-idle
 * samples, in microseconds).
 */
export function summarise(profile: CpuProfile, windowS: number, top: number): { busyUs: number; idleUs: number; lines: string[] } {
  const frame = new Map(profile.nodes.map((n) => [n.id, n.callFrame] as const));
  const times: number[] = [];
  let t = 0;
  for (const d of profile.timeDeltas) times.push((t += d));
  const from = t - windowS * 1e6;
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  let busyUs = 0;
  let idleUs = 0;
  const short = (url: string): string => (url ? url.replace(`file://${ROOT}`, '').replace(/^file:\/\/.*node_modules\//, 'node_modules/') : '(native)');
  profile.samples.forEach((id, i) => {
    const at = times[i] ?? 0;
    if (at < from) return;
    // A sample stands for the time until the next one.
    const us = Math.max(0, (times[i + 1] ?? at) - at);
    const cf = frame.get(id);
    if (!cf) return;
    if (cf.functionName === '(idle)') {
      idleUs += us;
      return;
    }
    busyUs += us;
    const file = short(cf.url);
    const fn = `${cf.functionName || '(anonymous)'} ${file}${cf.url ? `:${cf.lineNumber + 1}` : ''}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
  });
  const rows = (m: Map<string, number>): string[] =>
    [...m]
      .sort((x, y) => y[1] - x[1])
      .slice(0, top)
      .map(([k, v]) => `${((100 * v) / Math.max(1, busyUs)).toFixed(1).padStart(5)} %  ${k}`);
  return { busyUs, idleUs, lines: ['top functions by self time (share of busy time):', ...rows(byFn), '', 'top files by self time (share of busy time):', ...rows(byFile)] };
}

/** Starts a node script under --cpu-prof (SIGINT exits cleanly so the profile is written), waits for `probe`. */
async function startProfiled(script: string[], dir: string, probe: string): Promise<{ pid: number; stop: () => Promise<void> }> {
  const exitOnInt = 'data:text/javascript,process.on("SIGINT",()=>process.exit(0))';
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', exitOnInt, ...script], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  for (let i = 0; ; i++) {
    try {
      await (await fetch(probe, { headers: AUTH })).arrayBuffer();
      break;
    } catch {
      if (i > 2400 || child.exitCode !== null) throw new Error(`${script.join(' ')} did not start within 120 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** Loads `base` with the scenario's URLs, stops the target, and reads its profile. */
async function load(
  name: string,
  base: string,
  paths: string[],
  target: { pid: number; stop: () => Promise<void> },
  dir: string,
  durationS: number,
  connections: number,
  top: number,
): Promise<{ rps: number; cpuUsPerRequest: number; procUsPerRequest: number }> {
  const before = cpuUs(target.pid);
  const r = await autocannon({ url: base, connections, duration: durationS, requests: paths.map((path) => ({ method: 'GET', path, headers: AUTH })) });
  const procUsPerRequest = (cpuUs(target.pid) - before) / Math.max(1, r.requests.total);
  await target.stop();
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const s = summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, durationS, top);
  const cpuUsPerRequest = s.busyUs / Math.max(1, r.requests.total);
  process.stdout.write(
    `\n### ${name}: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}; over the last ${durationS} s of the profile: busy ${(s.busyUs / 1e6).toFixed(2)} s, idle ${(s.idleUs / 1e6).toFixed(2)} s, ${cpuUsPerRequest.toFixed(1)} µs of main-thread busy time (profile) and ${procUsPerRequest.toFixed(1)} µs of process CPU (/proc, all threads) per request\nprofile: ${join(dir, file)}\n${s.lines.join('\n')}\n`,
  );
  return { rps: r.requests.average, cpuUsPerRequest, procUsPerRequest };
}

async function profileOne(scenario: string, dir: string, durationS: number, connections: number, top: number): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  mkdirSync(join(dir, 'mock'), { recursive: true });
  mkdirSync(join(dir, 'limit'), { recursive: true });
  const mock = await startProfiled([`${ROOT}dist/cli/bin.js`, 'mock', '--port', String(port)], join(dir, 'mock'), `${base}/v3/market_a/products?limit=1`);
  const paths = await pathsOf(scenario, base);
  // One pass fills the response cache and gives the limit server its identical bytes (as bench/run.ts does).
  const answers: Record<string, LimitAnswer> = {};
  for (const p of paths) {
    const res = await fetch(base + p, { headers: AUTH });
    answers[p] = await limitAnswerOf(res);
  }
  writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
  process.stdout.write(`\n## ${scenario}: ${paths.length} URLs, ${connections} connections, ${durationS} s\n`);
  const m = await load('mock', base, paths, mock, join(dir, 'mock'), durationS, connections, top);
  const limitPort = await freePort();
  const limitBase = `http://127.0.0.1:${limitPort}`;
  const limit = await startProfiled([`${ROOT}bench/limit-server.mjs`, join(dir, 'answers.json'), String(limitPort)], join(dir, 'limit'), `${limitBase}${paths[0] ?? '/'}`);
  const l = await load('bare node:http limit, identical bytes', limitBase, paths, limit, join(dir, 'limit'), durationS, connections, top);
  process.stdout.write(
    `\n${scenario}: mock/limit throughput ${((100 * m.rps) / l.rps).toFixed(0)} %; per request mock/limit: main-thread busy ${m.cpuUsPerRequest.toFixed(1)} / ${l.cpuUsPerRequest.toFixed(1)} µs (${(m.cpuUsPerRequest / l.cpuUsPerRequest).toFixed(2)}×), process CPU ${m.procUsPerRequest.toFixed(1)} / ${l.procUsPerRequest.toFixed(1)} µs (${(m.procUsPerRequest / l.procUsPerRequest).toFixed(2)}×)\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = benchArgs(
    {
      script: 'bench/profile-serving.ts',
      about:
        "Where the mock's serving time goes: the built mock and then the bare node:http limit under node --cpu-prof, one scenario each; prints the top functions and files by self time and the time per request (run npm run -s build first).",
    },
    {
      duration: { type: 'string', default: '10', help: 'seconds of load per target', min: 1 },
      connections: { type: 'string', default: '10', help: 'connections kept open', min: 1, integer: true },
      top: { type: 'string', default: '25', help: 'functions and files listed', min: 1, integer: true },
      dir: { type: 'string', help: 'where the profiles go (default: a fresh temporary directory)' },
      scenario: { type: 'string', default: 'b2,a1', help: 'scenarios, comma-separated (b2, a1, ...)' },
    },
  );
  const root = values.dir ?? mkdtempSync(join(tmpdir(), 'prof33-'));
  for (const s of values.scenario.split(',')) {
    const dir = join(root, s);
    mkdirSync(dir, { recursive: true });
    await profileOne(s, dir, Number(values.duration), Number(values.connections), Number(values.top));
  }
}
