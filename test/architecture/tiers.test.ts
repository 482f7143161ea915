/**
 * The fast tier stays fast (issue 31 item 7): every test file that starts a process is in the slow
 * tier (test/tiers.ts), every name there is a file, and .ci/run runs both tiers, so CI covers
 * every file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_TESTS, STARTS_PROCESSES } from '../tiers.js';

const ROOT = join(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [relative(ROOT, join(dir, e.name))] : []));
}

describe('test tiers (test/tiers.ts)', () => {
  const files = testFiles(join(ROOT, 'test'));

  it('every test file that starts a process is in the slow tier', () => {
    const starting = files.filter((f) => STARTS_PROCESSES.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(starting.length).toBeGreaterThan(30);
    expect(starting.filter((f) => !SLOW_TESTS.includes(f))).toEqual([]);
  });

  it('every file the slow tier names exists, once', () => {
    expect(SLOW_TESTS.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
    expect(new Set(SLOW_TESTS).size).toBe(SLOW_TESTS.length);
  });

  it(".ci/run runs the fast tier (the README's npm test) and the slow tier", () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^CI=true npm test$/m);
    expect(ci).toMatch(/^CI=true npm run -s test:slow$/m);
  });

  it('the pattern sees a file that starts the CLI (it can fail)', () => {
    // Written in two pieces, so that this file itself does not read as one that starts a process.
    expect(STARTS_PROCESSES.test(`const r = await ${'run'}${'Cli'}(['mock', '--help']);`)).toBe(true);
    expect(STARTS_PROCESSES.test('const core = createMockCore({ products: 5 });')).toBe(false);
  });
});
