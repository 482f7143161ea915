/**
 * Portability gate (issue 19): Specmatic (npm `specmatic`, its jar on the machine's Java 17)
 * loads openapi.yaml without `--lenient`, and its contract tests, built from the contract's
 * own examples (request and response examples paired by name), pass against the default mock
 * (seed `resale-kit`, 10,000 products: the examples are real values of it). A copy of the
 * contract with `retail_prices` as an array without `items` (main before issue 19) fails to
 * load: proof the gate can fail.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningMock } from '../helpers/servers.js';
import { contractCopy, ROOT, runTool } from '../helpers/tools.js';
import { skipNote } from '../helpers/skip-reporter.js';

const JAR = join(ROOT, 'node_modules', 'specmatic', 'specmatic.jar');
/** JVM flags that halve Specmatic's CPU time for a short run (client compiler only, serial GC). */
const JVM_FAST_START = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
const hasJava = ((): boolean => {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let mock: { url: string; close: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (hasJava) mock = await listeningMock({ products: 10_000, seed: 'resale-kit' });
}, 60_000);
afterAll(async () => {
  await mock?.close();
});

/** The edited text; throws when the edit matched nothing (the mutation would prove nothing). */
function changed(before: string, after: string): string {
  if (after === before) throw new Error('the mutation did not change the contract');
  return after;
}

/** `specmatic test` of a contract copy against the mock; the summary line and the exit code. */
async function specmaticTest(edit?: (t: string) => string): Promise<{ code: number | null; out: string; run: number; passed: number; failed: number }> {
  const { dir } = contractCopy(edit);
  writeFileSync(join(dir, 'specmatic.yaml'), 'version: 2\ncontracts:\n  - provides:\n      - openapi.yaml\n');
  const r = await runTool('java', [...JVM_FAST_START, '-jar', JAR, 'test', `--testBaseURL=${mock!.url}`], { cwd: dir, env: { ApiKeyAuth: 'Bearer demo-premium' }, timeoutMs: 150_000 });
  const m = /Tests run: (\d+), Successes: (\d+), Failures: (\d+)/.exec(r.out);
  return { code: r.code, out: r.out, run: Number(m?.[1] ?? 0), passed: Number(m?.[2] ?? 0), failed: Number(m?.[3] ?? -1) };
}

describe.skipIf(!hasJava)(`Specmatic reads the contract${skipNote(!hasJava, 'java is not installed; apt-get install openjdk-17-jre-headless')}`, () => {
  it('loads it without --lenient and its example-based contract tests pass against the mock', async () => {
    const r = await specmaticTest();
    expect(r.out).not.toMatch(/No items schema defined/);
    expect(r.failed, r.out.slice(-3000)).toBe(0);
    // One test per 200 example: A2 has two (plain and expanded), every other operation one.
    expect(r.run).toBeGreaterThanOrEqual(9);
    expect(r.passed).toBe(r.run);
    expect(r.code).toBe(0);
  }, 180_000);

  it('the gate can fail: an array without items (main before issue 19) does not load', async () => {
    const r = await specmaticTest((t) => changed(t, t.replace(/\n {10}anyOf:\n {12}- type: 'null'\n {12}- type: object\n {12}- type: array\n {14}items: \{\}\n/, "\n          type: ['null', object, array]\n")));
    expect(r.out).toMatch(/No items schema defined for array schema/);
    expect(r.code).not.toBe(0);
  }, 180_000);
});
