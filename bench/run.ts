/**
 * `npm run bench`: the mock against Prism and against the bare node:http limit, per operation,
 * measured with autocannon on loopback in one run (targets alternate, same connections and
 * duration), plus 1 vs 2 workers, start-up and memory by catalog size, document generation
 * cost without the response cache, and the conformance suite's run time. Prints the figures
 * and writes bench/RESULTS.md.
 *
 * Flags: --smoke (one short round, for the tests), --duration S (default 8), --connections N
 * (default 10), --sizes 1000,10000,... (scale), --out PATH (default bench/RESULTS.md; smoke: none).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { runConformance } from '../conformance/index.js';
import { createMockServer } from '../mocks/index.js';
import { measureScale, type ScaleResult } from './scale.js';
import { startLimit, startMock, startPrism, type Target } from './targets.js';

const AUTH = { authorization: 'demo-premium' };

/** Options of a benchmark run. */
export interface BenchOptions {
  /** One short round of two scenarios, no workers (the tests' mode). */
  smoke: boolean;
  /** Seconds per target and scenario. */
  durationS: number;
  /** Concurrent connections autocannon keeps open. */
  connections: number;
  /** Catalog sizes (products per marketplace) of the scale measurement; empty skips it. */
  sizes: number[];
  /** Where the CLI writes the Markdown (bench/RESULTS.md); runBench itself writes nothing. */
  out?: string;
  /** Receives progress lines. */
  log: (line: string) => void;
}

/** One autocannon round: requests per second (mean), latency p50/p99 in ms, non-2xx and errors. */
export interface Round {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One scenario of the request mix: a name and the paths it cycles through. */
interface Scenario {
  name: string;
  paths: string[];
}

/** Everything a run measured. */
export interface BenchResult {
  date: string;
  machine: string;
  versions: Record<string, string>;
  options: Omit<BenchOptions, 'log' | 'out'>;
  rounds: { scenario: string; mock: Round; prism: Round; limit: Round }[];
  workers: { scenario: string; one: Round; two: Round }[];
  scale: ScaleResult[];
  generation: { what: string; msPerDocument: number }[];
  conformance: { ms: number; requests: number; rateLimit: number }[];
}

async function round(target: Target, paths: string[], o: BenchOptions): Promise<Round> {
  const r = await autocannon({
    url: target.baseUrl,
    connections: o.connections,
    duration: o.durationS,
    requests: paths.map((path) => ({ method: 'GET', path, headers: AUTH })),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

async function json(base: string, path: string): Promise<any> {
  return (await fetch(base + path, { headers: AUTH })).json();
}

/** The request mix, built from what the mock serves (the most popular products first). */
async function scenarios(mock: Target, products: number): Promise<Scenario[]> {
  const a = (await json(mock.baseUrl, `/v3/market_a/products?query=nike&limit=${products}`)).data as { slug: string; id: string }[];
  const b = (await json(mock.baseUrl, `/v3/market_b/products?query=nike&limit=${products}`)).data as { id: number }[];
  const variant = new Map<string, string>();
  for (const p of a) variant.set(p.id, (await json(mock.baseUrl, `/v3/market_a/products/${p.id}?display[variants]=true`)).data.variants[4]?.id);
  return [
    { name: 'A1 search, page 1', paths: ['nike', 'jordan', 'dunk low', 'adidas samba', 'new balance'].map((q) => `/v3/market_a/products?query=${encodeURIComponent(q)}&limit=20`) },
    { name: 'A1 search, deep page', paths: ['nike', 'jordan'].map((q) => `/v3/market_a/products?query=${q}&limit=20&page=40`) },
    { name: 'A2 lookup, all display flags', paths: a.map((p) => `/v3/market_a/products/${p.slug}?display[variants]=true&display[prices]=true&display[identifiers]=true`) },
    { name: 'A3 sales', paths: a.map((p) => `/v3/market_a/products/${p.slug}/sales`) },
    { name: 'A3 sales, variant_id', paths: a.map((p) => `/v3/market_a/products/${p.id}/sales?variant_id=${variant.get(p.id)}`) },
    { name: 'A4 daily', paths: a.map((p) => `/v3/market_a/products/${p.slug}/sales/daily`) },
    { name: 'B1 search', paths: ['nike', 'jordan', 'dunk low', 'adidas samba', 'new balance'].map((q) => `/v3/market_b/products?query=${encodeURIComponent(q)}&limit=20`) },
    { name: 'B2 lookup', paths: b.map((p) => `/v3/market_b/products/${p.id}`) },
    { name: 'B3 sales', paths: b.map((p) => `/v3/market_b/products/${p.id}/sales`) },
    { name: 'B4 daily', paths: b.map((p) => `/v3/market_b/products/${p.id}/sales/daily`) },
    {
      name: 'mixed product page (search, lookup, sales, daily)',
      paths: a.flatMap((p) => [
        `/v3/market_a/products?query=nike&limit=20`,
        `/v3/market_a/products/${p.slug}?display[variants]=true&display[prices]=true`,
        `/v3/market_a/products/${p.slug}/sales`,
        `/v3/market_a/products/${p.slug}/sales/daily`,
      ]),
    },
  ];
}

/** Milliseconds per document built from a cold world (no response cache), in this process. */
function generationCost(): BenchResult['generation'] {
  const mock = createMockServer({ now: Date.UTC(2026, 0, 15) });
  const { world } = mock.core;
  const ids = world.searchA(undefined).slice(0, 200);
  const time = (what: string, fn: (p: number) => unknown): { what: string; msPerDocument: number } => {
    const t = performance.now();
    for (const p of ids) fn(p);
    return { what, msPerDocument: (performance.now() - t) / ids.length };
  };
  return [
    time('A2 with variants, prices, identifiers (top 200 products)', (p) => JSON.stringify(world.a.product(p, { variants: true, prices: true, identifiers: true }))),
    time('A2 without flags', (p) => JSON.stringify(world.a.product(p))),
    time('A3 first page of 50', (p) => JSON.stringify(world.a.sales(p, undefined, 0, 50))),
    time('A4 30 days', (p) => JSON.stringify(world.a.daily(p, 0, 30))),
    time('B2 lookup', (p) => JSON.stringify(world.b.product(p, true))),
  ];
}

/**
 * Runs the benchmark: starts the targets as child processes on free loopback ports, measures,
 * and stops them (also on failure).
 * @returns every figure: requests per second, latencies in ms, RSS in MB, times in ms.
 * @throws Error when a target does not start (its output is in the message).
 */
export async function runBench(o: BenchOptions): Promise<BenchResult> {
  const started: Target[] = [];
  try {
    o.log('starting our mock (default settings) ...');
    const mock = await startMock();
    started.push(mock);
    const mix = await scenarios(mock, o.smoke ? 5 : 20);
    const chosen = o.smoke ? mix.filter((s) => ['A2 lookup, all display flags', 'B1 search'].includes(s.name)) : mix;
    o.log('precomputing the limit server answers from the mock ...');
    const answers: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
    for (const s of chosen)
      for (const path of s.paths) {
        const res = await fetch(mock.baseUrl + path, { headers: AUTH });
        answers[path] = { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' }, body: await res.text() };
      }
    const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'answers.json');
    writeFileSync(file, JSON.stringify(answers));
    const limit = await startLimit(file);
    started.push(limit);
    o.log('starting Prism ...');
    const prism = await startPrism();
    started.push(prism);
    const rounds: BenchResult['rounds'] = [];
    for (const s of chosen) {
      const m = await round(mock, s.paths, o);
      const p = await round(prism, s.paths, o);
      const l = await round(limit, s.paths, o);
      rounds.push({ scenario: s.name, mock: m, prism: p, limit: l });
      o.log(`${s.name}: mock ${m.rps.toFixed(0)} req/s (p99 ${m.p99} ms), prism ${p.rps.toFixed(0)}, limit ${l.rps.toFixed(0)}`);
    }
    await prism.stop();
    await limit.stop();
    const workers: BenchResult['workers'] = [];
    if (!o.smoke) {
      o.log('starting our mock with --workers 2 ...');
      const two = await startMock(['--workers', '2']);
      started.push(two);
      for (const s of mix.filter((x) => x.name.startsWith('A2') || x.name.startsWith('mixed') || x.name === 'A1 search, page 1')) {
        const w1 = await round(mock, s.paths, o);
        const w2 = await round(two, s.paths, o);
        workers.push({ scenario: s.name, one: w1, two: w2 });
        o.log(`${s.name}: 1 worker ${w1.rps.toFixed(0)} req/s, 2 workers ${w2.rps.toFixed(0)} req/s`);
      }
      await two.stop();
    }
    o.log('conformance suite against the mock ...');
    const conformance: BenchResult['conformance'] = [];
    for (const rateLimit of o.smoke ? [0] : [20, 0]) {
      const t = performance.now();
      const report = await runConformance({ baseUrl: mock.baseUrl, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit });
      conformance.push({ ms: performance.now() - t, requests: report.requests, rateLimit });
    }
    await mock.stop();
    o.log('document generation without the response cache ...');
    const generation = generationCost();
    const scale: ScaleResult[] = [];
    for (const n of o.sizes) {
      o.log(`start-up and memory at ${n} products per marketplace ...`);
      scale.push(await measureScale(n, await import('./targets.js').then((m) => m.freePort())));
    }
    return { date: new Date().toISOString(), machine: machine(), versions: versions(), options: { smoke: o.smoke, durationS: o.durationS, connections: o.connections, sizes: o.sizes }, rounds, workers, scale, generation, conformance };
  } finally {
    for (const t of started) await t.stop().catch(() => undefined);
  }
}

function machine(): string {
  const c = cpus();
  return `${c.length} × ${c[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${process.platform} ${process.arch}`;
}

function versions(): Record<string, string> {
  const pkg = (name: string): string => {
    try {
      return (JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { version: string }).version;
    } catch {
      return '?';
    }
  };
  let git = '?';
  try {
    git = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    /* not a checkout */
  }
  return { node: process.version, autocannon: pkg('autocannon'), '@stoplight/prism-cli': pkg('@stoplight/prism-cli'), 'resale-kit commit': git };
}

const f0 = (n: number): string => n.toFixed(0);
/** autocannon's latencies are whole milliseconds: 0 means below one. */
const ms = (n: number): string => (n < 1 ? '<1' : String(n));
const ratio = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
const pct = (a: number, b: number): string => (b > 0 ? `${((100 * a) / b).toFixed(0)} %` : 'n/a');

/** The results as Markdown (bench/RESULTS.md). */
export function toMarkdown(r: BenchResult): string {
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${r.date} on ${r.machine}; ${Object.entries(r.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    `autocannon on loopback, ${r.options.connections} connections, ${r.options.durationS} s per target and scenario; the three targets run back to back per scenario. Compare ratios, not absolute figures across runs. Each scenario cycles through its URLs (5 to 80 distinct ones), so after the first pass our mock answers from its response cache, as the limit server answers from its precomputed table; the cost of building an answer is in the generation table below. autocannon itself runs on the second of the two cores, so near the limit it is the bottleneck and mock/limit ratios above 90 % are within noise.`,
    '',
    '## Per operation: our mock, Prism, and the bare node:http limit',
    '',
    '| scenario | mock req/s | mock p50 / p99 ms | Prism req/s | Prism p99 ms | limit req/s | mock/Prism | mock/limit | non-2xx (mock/Prism/limit) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...r.rounds.map(
      (x) =>
        `| ${x.scenario} | ${f0(x.mock.rps)} | ${ms(x.mock.p50)} / ${ms(x.mock.p99)} | ${f0(x.prism.rps)} | ${ms(x.prism.p99)} | ${f0(x.limit.rps)} | ${ratio(x.mock.rps, x.prism.rps)} | ${pct(x.mock.rps, x.limit.rps)} | ${x.mock.non2xx}/${x.prism.non2xx}/${x.limit.non2xx} |`,
    ),
    '',
  ];
  if (r.workers.length > 0) {
    lines.push('## Workers (node:cluster, `--workers N`)', '', '| scenario | 1 worker req/s | 2 workers req/s | gain |', '|---|---|---|---|');
    lines.push(...r.workers.map((w) => `| ${w.scenario} | ${f0(w.one.rps)} | ${f0(w.two.rps)} | ${ratio(w.two.rps, w.one.rps)} |`), '');
  }
  lines.push('## Document generation without the response cache (in process, 10,000 products)', '', '| document | ms per document |', '|---|---|');
  lines.push(...r.generation.map((g) => `| ${g.what} | ${g.msPerDocument.toFixed(3)} |`), '');
  if (r.scale.length > 0) {
    lines.push(
      '## Scale: start-up, memory and search latency by catalog size',
      '',
      'Default settings. Search and lookup latencies are medians over 200 requests with distinct URLs (no response-cache hits), one at a time.',
      '',
      '| products per marketplace | first answer after spawn (ms) | RSS after warm-up (MB) | search p50, uncached (ms) | B2 lookup p50, uncached (ms) |',
      '|---|---|---|---|---|',
    );
    lines.push(...r.scale.map((s) => `| ${s.products.toLocaleString('en-US')} | ${f0(s.startupMs)} | ${f0(s.rssMb)} | ${s.searchP50Ms.toFixed(2)} | ${s.lookupP50Ms.toFixed(2)} |`), '');
  }
  lines.push('## Conformance suite against the mock (default settings)', '', '| --rate-limit | run time (ms) | requests |', '|---|---|---|');
  lines.push(...r.conformance.map((c) => `| ${c.rateLimit === 0 ? 'none' : `${c.rateLimit} req/s (default)`} | ${f0(c.ms)} | ${c.requests} |`), '');
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const val = (flag: string): string | undefined => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const smoke = args.includes('--smoke');
  const o: BenchOptions = {
    smoke,
    durationS: Number(val('--duration') ?? (smoke ? 1 : 8)),
    connections: Number(val('--connections') ?? 10),
    sizes: (val('--sizes') ?? (smoke ? '1000' : '1000,10000,100000,1000000')).split(',').map(Number),
    out: val('--out') ?? (smoke ? undefined : 'bench/RESULTS.md'),
    log: (line) => process.stderr.write(`${line}\n`),
  };
  const result = await runBench(o);
  const md = toMarkdown(result);
  process.stdout.write(md);
  if (o.out) {
    writeFileSync(o.out, md);
    process.stderr.write(`wrote ${o.out}\n`);
  }
}
