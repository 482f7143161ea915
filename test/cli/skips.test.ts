/**
 * Skips are visible and, in CI, fatal (issue 31 item 7): the reporter of test/helpers/skip-reporter.ts
 * lists each skipped test with its reason and the slowest files; with CI=true a skip fails the run
 * unless its reason names the CI stage where the test runs instead.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
const CONFIG = fileURLToPath(new URL('../fixtures/skips/vitest.config.ts', import.meta.url));

function run(env: Record<string, string>): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [VITEST, 'run', '--config', CONFIG], { env: { ...process.env, CI: '', ...env }, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('the skip reporter', () => {
  it('lists each skipped test with its reason, and the slowest files; outside CI the run passes', () => {
    const r = run({ SKIP_FIXTURE: 'both' });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Skipped tests \(2\):/);
    expect(r.out).toMatch(/needs a tool[^\n]*: the tool is not installed; apt-get install tool/);
    expect(r.out).toMatch(/Slowest test files:\n\s+\d+\.\d s {2}skips\.fixture\.ts/);
  }, 130_000);

  it('with CI=true a skip fails the run, naming it', () => {
    const r = run({ SKIP_FIXTURE: 'both', CI: 'true' });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/CI=true: 1 test\(s\) skipped without running anywhere else/);
  }, 130_000);

  it('with CI=true a skip whose reason names the stage where it runs does not fail the run', () => {
    const r = run({ SKIP_FIXTURE: 'node', CI: 'true' });
    expect(r.out).toMatch(/Skipped tests \(1\):/);
    expect(r.code).toBe(0);
  }, 130_000);
});
