/**
 * `resale-kit compat` on a recording of the conformance suite against the mock (issue 32): records
 * the suite through `proxy --record` (in process, loopback), then judges the recording under an
 * unchanged copy of openapi.yaml and under one with a changed member type, `runs` times each
 * after a warm-up; prints the HAR's size, its exchanges, and min / median milliseconds per run and
 * per exchange, and CPU milliseconds per run (user + system: less sensitive to a loaded machine). In process: node's start-up and module loading (seconds on a loaded machine) are
 * not counted.
 *
 * Usage: tsx bench/compat.ts [--runs 5]
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchArgs } from './args.js';
import { parse, stringify } from 'yaml';
import { runConformance } from '../conformance/index.js';
import { createMockServer } from '../mocks/index.js';
import { compatOf, startProxy } from '../traffic/index.js';

const { values } = benchArgs(
  { script: 'bench/compat.ts', about: '`resale-kit compat` on a recording of the conformance suite against the mock, under an unchanged contract and a changed one; prints the HAR size, exchanges, and ms per run and per exchange.' },
  { runs: { type: 'string', default: '5', help: 'runs after a warm-up', min: 1, integer: true } },
);
const runs = Math.max(1, Number(values.runs));
const dir = mkdtempSync(join(tmpdir(), 'bench-compat-'));

const contract = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
const same = join(dir, 'same.yaml');
writeFileSync(same, contract);
const doc = parse(contract);
doc.components.schemas.MarketAPrice.properties.asks = { type: 'string' };
const changed = join(dir, 'changed-type.yaml');
writeFileSync(changed, stringify(doc));

const { server, url } = await createMockServer({ seed: 'bench-compat', keys: { 'bench-paid': 'Pro', 'bench-free': 'Free' } }).listen();
const har = join(dir, 'suite.har');
const proxy = await startProxy({ upstream: url, record: har });
await runConformance({ baseUrl: proxy.url, apiKey: 'bench-paid', freeKey: 'bench-free', rateLimit: 0 });
await proxy.close();
server.closeAllConnections();
server.close();

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(`recording: ${(statSync(har).size / 1024 / 1024).toFixed(1)} MiB, suite against the mock`);
for (const [name, path] of [
  ['unchanged contract', same],
  ['changed member type', changed],
] as const) {
  compatOf(path, har); // warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  let report = compatOf(path, har);
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    report = compatOf(path, har);
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  const perExchange = (ms: number): string => (ms / report.exchanges).toFixed(2);
  console.log(
    `${name}: ${report.exchanges} exchanges, ${report.summary.consumer} consumer break(s); min ${Math.round(Math.min(...times))} ms, median ${Math.round(median(times))} ms per run (${perExchange(Math.min(...times))} / ${perExchange(median(times))} ms per exchange), CPU min ${Math.round(Math.min(...cpu))} ms, median ${Math.round(median(cpu))} ms per run, over ${runs} runs`,
  );
}
