/**
 * `npm run bench`: the mock against Prism and against the bare node:http limit, per operation,
 * measured with autocannon on loopback in one run, plus 1 vs 2 workers, start-up and memory by
 * catalog size, document generation cost without the response cache, and the conformance
 * suite's run time. Prints the figures and writes its section of bench/RESULTS.md.
 *
 * Mock against limit (issue 33): several short rounds per scenario, the targets alternating
 * (their order rotates each round), and per target the median of its rounds: requests per second
 * and process CPU time per request (user + system, all threads, from `/proc/PID/stat`, in µs).
 * On a shared machine CPU µs per request is the figure to compare; the 1-minute load average is
 * printed with every scenario.
 *
 * Flags: --smoke (one short round, for the tests), --duration S (seconds per round; default 2),
 * --rounds N (alternating rounds of mock and limit per scenario; default 5, smoke 1),
 * --connections N (default 10), --sizes 1000,10000,... (scale), --out PATH (default
 * bench/RESULTS.md; smoke and --serving: none; only the part between the markers
 * {@link SECTION_START} and {@link SECTION_END} is replaced, the rest of the file is kept),
 * --serving (only the mock against the limit per operation: no Prism, workers, conformance,
 * generation or scale), --baseline PATH (another build's `dist/cli/bin.js`, measured as a third
 * target in the same alternating rounds: "before" and "after" in one run),
 * --scenarios a,b (only the scenarios whose names start with one of these, such as `B2,A1`),
 * --pin (Linux: the targets on CPU 1, this process and its autocannon on CPU 0, so that a target
 * never waits for a core behind the load generator; see `pinTargets` in bench/targets.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { runConformance } from '../conformance/index.js';
import { createMockServer } from '../mocks/index.js';
import { benchArgs } from './args.js';
import { measureScale, type ScaleResult } from './scale.js';
import { cpuUs, fetchEach, pinTargets, startLimitFor, startMock, startPrism, type Target } from './targets.js';

const AUTH = { authorization: 'demo-premium' };

/** Options of a benchmark run. */
export interface BenchOptions {
  /** One short round of two scenarios, no workers (the tests' mode). */
  smoke: boolean;
  /** Seconds per round (one target, one scenario). */
  durationS: number;
  /** Alternating rounds of mock and limit (and baseline) per scenario; their medians are reported. */
  rounds?: number;
  /** Only the mock against the limit (and the baseline) per operation. */
  serving?: boolean;
  /** Another build's CLI (`.../dist/cli/bin.js`), measured in the same rounds as "before". */
  baseline?: string;
  /** Only scenarios whose names start with one of these prefixes (all when absent). */
  scenarios?: string[];
  /** The targets ran pinned to CPU 1, the load generator to CPU 0 (`--pin`; the caller pins, see `pinTargets`). */
  pinned?: boolean;
  /** Concurrent connections autocannon keeps open. */
  connections: number;
  /** Catalog sizes (products per marketplace) of the scale measurement; empty skips it. */
  sizes: number[];
  /** Where the CLI writes the Markdown (bench/RESULTS.md); runBench itself writes nothing. */
  out?: string;
  /** Receives progress lines. */
  log: (line: string) => void;
}

/**
 * What one target did in a scenario: requests per second (mean of a round), latency p50/p99 in
 * ms, non-2xx answers and errors; with several rounds, the median of each figure (counts summed).
 */
export interface Round {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Process CPU time (user + system, /proc) per request, in microseconds; median of the rounds. */
  cpuUsPerRequest?: number;
  /** Requests per second of each round, in order (alternating rounds only). */
  rpsRounds?: number[];
  /** CPU µs per request of each round, in order (alternating rounds only). */
  cpuRounds?: number[];
}

/** One scenario of the request mix: a name and the paths it cycles through. */
export interface Scenario {
  name: string;
  paths: string[];
}

/** Everything a run measured. */
export interface BenchResult {
  date: string;
  machine: string;
  versions: Record<string, string>;
  options: Omit<BenchOptions, 'log' | 'out'>;
  /** Per scenario; `prism` is absent with --serving, `baseline` without --baseline; `load` is the 1-minute load average after the scenario. */
  rounds: { scenario: string; mock: Round; prism?: Round; limit: Round; baseline?: Round; load: number }[];
  workers: { scenario: string; one: Round; two: Round }[];
  scale: ScaleResult[];
  generation: { what: string; msPerDocument: number }[];
  conformance: { ms: number; requests: number; rateLimit: number }[];
}

export async function round(target: Target, paths: string[], o: BenchOptions): Promise<Round> {
  const before = cpuUs(target.pid);
  const r = await autocannon({
    url: target.baseUrl,
    connections: o.connections,
    duration: o.durationS,
    requests: paths.map((path) => ({ method: 'GET', path, headers: AUTH })),
  });
  const cpuUsPerRequest = (cpuUs(target.pid) - before) / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, cpuUsPerRequest };
}

/** The median of some figures (the mean of the middle two for an even count; 0 for none). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/**
 * `rounds` rounds of every target in turn, the order rotating each round (so none always runs
 * first, right after another's load), after one uncounted warm-up second per target, and per
 * target the median of its rounds.
 */
export async function alternating(targets: Target[], paths: string[], rounds: number, o: BenchOptions): Promise<Round[]> {
  const per: Round[][] = targets.map(() => []);
  // A warm-up second per target, not counted: the first load of a process includes its JIT compilation.
  for (const t of targets) await round(t, paths, { ...o, durationS: 1 });
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < targets.length; k++) {
      const t = (i + k) % targets.length;
      (per[t] as Round[]).push(await round(targets[t] as Target, paths, o));
    }
  }
  return per.map((rs) => ({
    rps: median(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
    errors: rs.reduce((n, r) => n + r.errors, 0),
    cpuUsPerRequest: median(rs.map((r) => r.cpuUsPerRequest ?? 0)),
    rpsRounds: rs.map((r) => r.rps),
    cpuRounds: rs.map((r) => r.cpuUsPerRequest ?? 0),
  }));
}

async function json(base: string, path: string): Promise<any> {
  return (await fetch(base + path, { headers: AUTH })).json();
}

/** The request mix, built from what the mock serves (the most popular products first). */
export async function scenarios(mock: Target, products: number): Promise<Scenario[]> {
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
  const nRounds = o.rounds ?? (o.smoke ? 1 : 5);
  try {
    o.log('starting our mock (default settings) ...');
    const mock = await startMock();
    started.push(mock);
    const mix = await scenarios(mock, o.smoke ? 5 : 20);
    const picked = o.scenarios ? mix.filter((s) => o.scenarios?.some((p) => s.name.startsWith(p))) : mix;
    const chosen = o.smoke ? mix.filter((s) => ['A2 lookup, all display flags', 'B1 search'].includes(s.name)) : picked;
    o.log('precomputing the limit server answers from the mock ...');
    const limit = await startLimitFor(
      mock,
      chosen.flatMap((s) => s.paths),
    );
    started.push(limit);
    let baseline: Target | undefined;
    if (o.baseline) {
      o.log(`starting the baseline mock (${o.baseline}) ...`);
      baseline = await startMock([], 120_000, o.baseline);
      started.push(baseline);
      // One pass fills its response cache, as the precomputing pass did for our mock.
      await fetchEach(
        baseline,
        chosen.flatMap((s) => s.paths),
      );
    }
    let prism: Target | undefined;
    if (!o.serving) {
      o.log('starting Prism ...');
      prism = await startPrism();
      started.push(prism);
    }
    const rounds: BenchResult['rounds'] = [];
    for (const s of chosen) {
      const [m, l, b] = (await alternating(baseline ? [mock, limit, baseline] : [mock, limit], s.paths, nRounds, o)) as [Round, Round, Round | undefined];
      const p = prism ? await round(prism, s.paths, o) : undefined;
      const load = loadavg()[0] ?? 0;
      rounds.push({ scenario: s.name, mock: m, limit: l, load, ...(p ? { prism: p } : {}), ...(b ? { baseline: b } : {}) });
      o.log(
        `${s.name}: mock ${f0(m.rps)} req/s ${us(m)}, limit ${f0(l.rps)} req/s ${us(l)}, mock/limit ${pct(m.rps, l.rps)}` +
          (b ? `, baseline ${f0(b.rps)} req/s ${us(b)}` : '') +
          (p ? `, prism ${f0(p.rps)} req/s` : '') +
          ` (medians of ${nRounds} rounds; load ${load.toFixed(2)})`,
      );
    }
    await prism?.stop();
    await limit.stop();
    await baseline?.stop();
    const workers: BenchResult['workers'] = [];
    const conformance: BenchResult['conformance'] = [];
    const options = { smoke: o.smoke, durationS: o.durationS, rounds: nRounds, connections: o.connections, sizes: o.sizes, serving: o.serving === true, pinned: o.pinned === true, ...(o.baseline ? { baseline: o.baseline } : {}) };
    if (o.serving) {
      await mock.stop();
      return { date: new Date().toISOString(), machine: machine(), versions: versions(), options, rounds, workers, scale: [], generation: [], conformance };
    }
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
    return { date: new Date().toISOString(), machine: machine(), versions: versions(), options, rounds, workers, scale, generation, conformance };
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
const cpu = (r: Round | undefined): string => (r?.cpuUsPerRequest === undefined ? 'n/a' : r.cpuUsPerRequest.toFixed(1));
const us = (r: Round): string => `(${cpu(r)} µs CPU/request)`;

/** The line that starts the part of bench/RESULTS.md `npm run bench` writes. */
export const SECTION_START = '<!-- bench/run.ts writes from here to the end marker; npm run bench replaces it, sections below are kept -->';
/** The line that ends it. */
export const SECTION_END = '<!-- end of the section bench/run.ts writes -->';

/**
 * The file's text with its generated section replaced by `section` (between {@link SECTION_START}
 * and {@link SECTION_END}, markers kept); a file without both markers keeps all its text, after
 * the new section. Never drops text outside the markers.
 */
export function replaceSection(existing: string | undefined, section: string): string {
  const block = `${SECTION_START}\n${section.trimEnd()}\n${SECTION_END}`;
  if (existing === undefined || existing.trim() === '') return `${block}\n`;
  const from = existing.indexOf(SECTION_START);
  const to = existing.indexOf(SECTION_END, from + 1);
  if (from < 0 || to < 0) return `${block}\n\n${existing}`;
  return existing.slice(0, from) + block + existing.slice(to + SECTION_END.length);
}

/**
 * The median of per-round ratios `num[i] / den[i]` (0 when there are none): two targets measured
 * back to back in the same alternating round share the machine's state of that moment, so on a
 * shared machine whose speed drifts between rounds the median of paired ratios is steadier than
 * the ratio of the two medians.
 */
export function pairedRatio(num: number[], den: number[]): number {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(num.length, den.length); i++) {
    const d = den[i] as number;
    if (d > 0) ratios.push((num[i] as number) / d);
  }
  return median(ratios);
}

/** The mock against the limit per scenario: medians of the alternating rounds, CPU µs per request, load. */
function servingTable(r: BenchResult): string[] {
  const base = r.rounds.some((x) => x.baseline);
  return [
    `Per scenario, ${r.options.rounds ?? 1} alternating rounds of ${r.options.durationS} s per target (order rotating each round), ${r.options.connections} connections${r.options.pinned ? '; targets pinned to CPU 1 and autocannon to CPU 0 (`--pin`)' : ''}; each figure is the median of a target's rounds, and "paired" the median of the per-round ratios (mock and limit measured back to back in each round). CPU is the target process's user + system time (/proc) over the round divided by its requests: on this shared machine it is the figure to compare. Load: 1-minute load average after the scenario.`,
    '',
    `| scenario | mock req/s | limit req/s | mock/limit | mock µs CPU/request | limit µs CPU/request | limit/mock CPU | paired: mock/limit req/s, limit/mock CPU |${base ? ' baseline req/s | baseline µs CPU/request | mock/baseline req/s |' : ''} mock p50 / p99 ms | non-2xx (mock/limit) | load |`,
    `|---|---|---|---|---|---|---|---|${base ? '---|---|---|' : ''}---|---|---|`,
    ...r.rounds.map(
      (x) =>
        `| ${x.scenario} | ${f0(x.mock.rps)} | ${f0(x.limit.rps)} | ${pct(x.mock.rps, x.limit.rps)} | ${cpu(x.mock)} | ${cpu(x.limit)} | ${pct(x.limit.cpuUsPerRequest ?? 0, x.mock.cpuUsPerRequest ?? 0)} | ${pct(pairedRatio(x.mock.rpsRounds ?? [], x.limit.rpsRounds ?? []), 1)}, ${pct(pairedRatio(x.limit.cpuRounds ?? [], x.mock.cpuRounds ?? []), 1)} |` +
        (base ? ` ${x.baseline ? f0(x.baseline.rps) : 'n/a'} | ${cpu(x.baseline)} | ${x.baseline ? pct(x.mock.rps, x.baseline.rps) : 'n/a'} |` : '') +
        ` ${ms(x.mock.p50)} / ${ms(x.mock.p99)} | ${x.mock.non2xx}/${x.limit.non2xx} | ${x.load.toFixed(2)} |`,
    ),
    '',
  ];
}

/** The results as Markdown (the generated section of bench/RESULTS.md). */
export function toMarkdown(r: BenchResult): string {
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${r.date} on ${r.machine}; ${Object.entries(r.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    `autocannon on loopback. Compare ratios, not absolute figures across runs. Each scenario cycles through its URLs (5 to 80 distinct ones), so after the first pass our mock answers from its response cache, as the limit server answers from its precomputed table; the cost of building an answer is in the generation table below. autocannon itself runs on the same two cores, so near the limit it takes CPU from the target.`,
    '',
    '## Per operation: our mock against the bare node:http limit',
    '',
    ...servingTable(r),
  ];
  if (r.rounds.some((x) => x.prism)) {
    lines.push(
      '## Per operation: our mock against Prism',
      '',
      `One round of ${r.options.durationS} s of Prism per scenario, after the mock's rounds.`,
      '',
      '| scenario | mock req/s | Prism req/s | Prism p99 ms | mock/Prism | non-2xx (Prism) |',
      '|---|---|---|---|---|---|',
    );
    lines.push(
      ...r.rounds.map((x) =>
        x.prism ? `| ${x.scenario} | ${f0(x.mock.rps)} | ${f0(x.prism.rps)} | ${ms(x.prism.p99)} | ${ratio(x.mock.rps, x.prism.rps)} | ${x.prism.non2xx} |` : `| ${x.scenario} | ${f0(x.mock.rps)} | n/a | n/a | n/a | n/a |`,
      ),
      '',
    );
  }
  if (r.workers.length > 0) {
    lines.push('## Workers (node:cluster, `--workers N`)', '', '| scenario | 1 worker req/s | 2 workers req/s | gain |', '|---|---|---|---|');
    lines.push(...r.workers.map((w) => `| ${w.scenario} | ${f0(w.one.rps)} | ${f0(w.two.rps)} | ${ratio(w.two.rps, w.one.rps)} |`), '');
  }
  if (r.generation.length > 0) {
    lines.push('## Document generation without the response cache (in process, 10,000 products)', '', '| document | ms per document |', '|---|---|');
    lines.push(...r.generation.map((g) => `| ${g.what} | ${g.msPerDocument.toFixed(3)} |`), '');
  }
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
  if (r.conformance.length > 0) {
    lines.push('## Conformance suite against the mock (default settings)', '', '| --rate-limit | run time (ms) | requests |', '|---|---|---|');
    lines.push(...r.conformance.map((c) => `| ${c.rateLimit === 0 ? 'none' : `${c.rateLimit} req/s (default)`} | ${f0(c.ms)} | ${c.requests} |`), '');
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: v } = benchArgs(
    {
      script: 'bench/run.ts',
      about:
        'The mock against the bare node:http limit (and Prism, workers, start-up, generation, the suite) per operation, with autocannon on loopback; prints Markdown and rewrites its section of bench/RESULTS.md (not with --smoke or --serving).',
    },
    {
      smoke: { type: 'boolean', help: 'one short round of two scenarios, no workers (the tests use it)' },
      serving: { type: 'boolean', help: 'only the mock against the limit (and --baseline) per operation' },
      duration: { type: 'string', help: 'seconds per round (default: 2; smoke 1)', min: 1, integer: true },
      rounds: { type: 'string', help: 'alternating rounds of each target per scenario (default: 5; smoke 1)', min: 1, integer: true },
      connections: { type: 'string', default: '10', help: 'connections autocannon keeps open', min: 1, integer: true },
      sizes: { type: 'string', help: 'catalog sizes of the start-up and memory part, comma-separated (default: 1000,10000,100000,1000000; smoke 1000)', min: 1, integer: true, list: true },
      out: { type: 'string', help: 'the Markdown file whose generated section is replaced (default: bench/RESULTS.md; none with --smoke or --serving)' },
      baseline: { type: 'string', help: "another build's dist/cli/bin.js, measured in the same rounds as a third target", file: true },
      scenarios: { type: 'string', help: 'only scenarios whose names start with one of these, comma-separated (such as B2,A1)' },
      pin: { type: 'boolean', help: 'Linux: targets on CPU 1, this process and autocannon on CPU 0' },
    },
  );
  const smoke = v.smoke;
  const serving = v.serving;
  const baseline = v.baseline;
  const sizes = (v.sizes ?? (smoke ? '1000' : '1000,10000,100000,1000000')).split(',').map(Number);
  const pinned = v.pin;
  if (pinned) pinTargets('1', '0');
  const o: BenchOptions = {
    smoke,
    pinned,
    serving,
    durationS: Number(v.duration ?? (smoke ? 1 : 2)),
    rounds: Number(v.rounds ?? (smoke ? 1 : 5)),
    connections: Number(v.connections),
    sizes,
    out: v.out ?? (smoke || serving ? undefined : 'bench/RESULTS.md'),
    log: (line) => process.stderr.write(`${line}\n`),
    ...(baseline ? { baseline } : {}),
    ...(v.scenarios ? { scenarios: v.scenarios.split(',') } : {}),
  };
  const result = await runBench(o);
  const md = toMarkdown(result);
  process.stdout.write(md);
  if (o.out) {
    writeFileSync(o.out, replaceSection(existsSync(o.out) ? readFileSync(o.out, 'utf8') : undefined, md));
    process.stderr.write(`wrote the generated section of ${o.out}\n`);
  }
}
