/**
 * A smoke round of the benchmark (one short round, two scenarios, one catalog size), so the
 * harness cannot rot. It asserts that figures come out, never how fast anything is.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { median, replaceSection, runBench, SECTION_END, SECTION_START, toMarkdown } from '../bench/run.js';

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
  const args = ['--import', 'tsx', 'bench/run.ts', '--serving', '--rounds', '2', '--duration', '1', '--connections', '2', '--baseline', 'dist/cli/bin.js', '--scenarios', 'B2'];
  const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8', timeout: 150_000 });
  // scenario | mock req/s | limit req/s | mock/limit | mock µs | limit µs | limit/mock CPU | baseline req/s | baseline µs | mock/baseline | p50 / p99 | non-2xx | load
  expect(stdout).toMatch(/\| B2 lookup \| \d+ \| \d+ \| \d+ % \| [\d.]+ \| [\d.]+ \| \d+ % \| \d+ \| [\d.]+ \| \d+ % \| \S+ \/ \S+ \| 0\/0 \| [\d.]+ \|/);
  expect(stdout).toContain('2 alternating rounds of 1 s per target');
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

describe('the benchmark writer', () => {
  it('replaces only its own section of bench/RESULTS.md and keeps the rest', () => {
    const before = `${SECTION_START}\nold figures\n${SECTION_END}\n\n## Hand-written section\n\nkept text\n`;
    const after = replaceSection(before, '# Benchmark results\n\nnew figures\n');
    expect(after).toBe(`${SECTION_START}\n# Benchmark results\n\nnew figures\n${SECTION_END}\n\n## Hand-written section\n\nkept text\n`);
    // A file without the markers loses nothing: the section goes first.
    expect(replaceSection('## Notes\n\nmine\n', 'gen')).toBe(`${SECTION_START}\ngen\n${SECTION_END}\n\n## Notes\n\nmine\n`);
    expect(replaceSection(undefined, 'gen')).toBe(`${SECTION_START}\ngen\n${SECTION_END}\n`);
  });

  it('reports medians of rounds', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });
});
