/**
 * A smoke round of the benchmark (one short round, two scenarios, one catalog size), so the
 * harness cannot rot. It asserts that figures come out, never how fast anything is.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { median, pairedRatio, replaceSection, runBench, SECTION_END, SECTION_START, toMarkdown } from '../bench/run.js';
import { limitAnswerOf } from '../bench/targets.js';

it('npm run bench -- --smoke produces figures for every target', async () => {
  const result = await runBench({ smoke: true, durationS: 1, connections: 2, sizes: [1000], log: () => undefined });
  expect(result.rounds.map((r) => r.scenario)).toEqual(['A2 lookup, all display flags', 'B1 search']);
  for (const r of result.rounds) {
    for (const t of [r.mock, r.prism, r.limit]) {
      expect(t?.rps).toBeGreaterThan(0);
      expect(t?.errors).toBe(0);
    }
    // CPU per request of mock and limit comes from /proc (this machine is Linux).
    expect(r.mock.cpuUsPerRequest).toBeGreaterThan(0);
    expect(r.limit.cpuUsPerRequest).toBeGreaterThan(0);
    expect(r.mock.non2xx).toBe(0);
    expect(r.limit.non2xx).toBe(0);
  }
  expect(result.scale[0]).toMatchObject({ products: 1000, startupMs: expect.any(Number), rssMb: expect.any(Number) });
  expect(result.conformance[0]?.requests).toBeGreaterThan(30);
  const md = toMarkdown(result);
  expect(md).toContain('| A2 lookup, all display flags |');
  expect(md).toContain('mock µs CPU/request');
  expect(md).toContain('mock/Prism');
}, 180_000);

it('bench/run.ts --serving (docs/development.md) measures mock, limit and a baseline build in alternating rounds, and writes nothing', async () => {
  const results = readFileSync('bench/RESULTS.md', 'utf8');
  // --pin as docs/development.md shows it: the targets on CPU 1, autocannon on CPU 0 (Linux, two cores or more).
  const pin = process.platform === 'linux' && availableParallelism() >= 2;
  const args = ['--import', 'tsx', 'bench/run.ts', '--serving', '--rounds', '2', '--duration', '1', '--connections', '2', '--baseline', 'dist/cli/bin.js', '--scenarios', 'B2', ...(pin ? ['--pin'] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8', timeout: 150_000 });
  // scenario | mock req/s | limit req/s | mock/limit | mock µs | limit µs | limit/mock CPU | paired req/s, CPU | baseline req/s | baseline µs | mock/baseline | p50 / p99 | non-2xx | load
  expect(stdout).toMatch(/\| B2 lookup \| \d+ \| \d+ \| \d+ % \| [\d.]+ \| [\d.]+ \| \d+ % \| \d+ %, \d+ % \| \d+ \| [\d.]+ \| \d+ % \| \S+ \/ \S+ \| 0\/0 \| [\d.]+ \|/);
  expect(stdout).toContain('2 alternating rounds of 1 s per target');
  if (pin) expect(stdout).toContain('targets pinned to CPU 1 and autocannon to CPU 0');
  expect(stdout).not.toContain('A1 search');
  expect(readFileSync('bench/RESULTS.md', 'utf8')).toBe(results);
}, 180_000);

it('bench/startup.ts --sizes (issue 33, docs/mock.md) prints first answers and RSS drawn, first with a cache, and cached, per size', async () => {
  const args = ['--import', 'tsx', 'bench/startup.ts', '--sizes', '2000,100000', '--runs', '1'];
  const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8', timeout: 240_000 });
  const cell = String.raw`\d+ ms \(all eight: \d+ ms\), RSS \d+ / \d+ MB`;
  // Below 100,000 products only the drawn start; from it, the three starts and the ratio to the smallest drawn one.
  expect(stdout).toMatch(new RegExp(String.raw`\| 2,000 \| ${cell} \| \| \| 1\.00 \|`));
  expect(stdout).toMatch(new RegExp(String.raw`\| 100,000 \| ${cell} \| ${cell} \| ${cell} \| \d+\.\d\d \|`));
  expect(stdout).toContain('cached start (restored; median of 1)');
}, 300_000);

it('bench/ageing.ts (docs/development.md) prints CPU per request of mock, limit, a baseline and a mock under node flags per time window', async () => {
  const args = ['--import', 'tsx', 'bench/ageing.ts', '--seconds', '10', '--window', '4', '--duration', '1', '--connections', '2', '--baseline', 'dist/cli/bin.js', '--node-flags=--min-semi-space-size=16'];
  const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8', timeout: 150_000 });
  expect(stdout).toContain('B4 daily: 10 s of alternating 1-s rounds, 2 connections');
  expect(stdout).toContain('| since start (s) | mock µs | limit µs | baseline µs | mock --min-semi-space-size=16 µs | limit/mock CPU | limit/baseline CPU | limit/mock --min-semi-space-size=16 CPU |');
  // At least two windows of 4 s in 10 s of rounds, each with four CPU figures and three ratios.
  expect(stdout.match(/^\| \d+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \| \d+ % \| \d+ % \| \d+ % \|$/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
}, 180_000);

describe('the benchmark writer', () => {
  it('replaces only its own section of bench/RESULTS.md and keeps the rest', () => {
    const before = `${SECTION_START}\nold figures\n${SECTION_END}\n\n## Hand-written section\n\nkept text\n`;
    const after = replaceSection(before, '# Benchmark results\n\nnew figures\n');
    expect(after).toBe(`${SECTION_START}\n# Benchmark results\n\nnew figures\n${SECTION_END}\n\n## Hand-written section\n\nkept text\n`);
    // A file without the markers loses nothing: the section goes first.
    expect(replaceSection('## Notes\n\nmine\n', 'gen')).toBe(`${SECTION_START}\ngen\n${SECTION_END}\n\n## Notes\n\nmine\n`);
    expect(replaceSection(undefined, 'gen')).toBe(`${SECTION_START}\ngen\n${SECTION_END}\n`);
  });

  it('gives the limit server every header of the mock but those node:http writes itself (identical bytes)', async () => {
    const mock = new Response('{"data":1}', {
      status: 200,
      headers: {
        'content-type': 'application/json',
        etag: '"abc"',
        'x-quota-current': '7',
        'access-control-allow-origin': '*',
        date: 'Fri, 27 Nov 2026 12:00:00 GMT',
        'content-length': '10',
        connection: 'keep-alive',
        'keep-alive': 'timeout=65',
      },
    });
    expect(await limitAnswerOf(mock)).toEqual({ status: 200, headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json', etag: '"abc"', 'x-quota-current': '7' }, body: '{"data":1}' });
  });

  it('pairs the rounds of two targets: the median of per-round ratios, not the ratio of medians', () => {
    // The machine slowed down in rounds 2 and 3: each pair still says the mock needs 1.25x the limit's CPU.
    const mock = [25, 50, 100];
    const limit = [20, 40, 80];
    expect(pairedRatio(limit, mock)).toBe(0.8);
    // Unpaired, a drift that lands differently on the two gives another answer: here 60 / 50.
    expect(median([20, 60, 80]) / median([25, 50, 100])).toBe(1.2);
    expect(pairedRatio([1, 2], [0, 4])).toBe(0.5);
    expect(pairedRatio([], [])).toBe(0);
  });

  it('reports medians of rounds', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });
});
