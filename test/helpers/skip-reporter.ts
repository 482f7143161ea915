/**
 * A vitest reporter (added beside the default one in vitest.config.ts) that makes skips and slow
 * files visible (issue 31 item 7):
 * - every skipped test is listed with its reason: the `(SKIPPED: why)` its name carries when a
 *   condition skips it (see {@link skipNote}), or "no reason given";
 * - with `CI=true`, a skip fails the run (exit code 1), except a skip whose reason says where the
 *   test runs instead (`runs in the Node 22/24 package tests of .ci/run`), so CI never passes by
 *   skipping what it was meant to test;
 * - the ten slowest test files are printed with their durations (milliseconds).
 * A run filtered by `-t`/`--testNamePattern` skips by request; those skips are neither listed nor failing.
 */
import type { Reporter, TestModule } from 'vitest/node';

/** The reason part of a skipped test's name. */
const REASON = /\(SKIPPED: ([^)]*)\)/;
/** Reasons that name the CI stage where the test does run: allowed under CI=true. */
const RUNS_ELSEWHERE = /runs in the Node 22\/24 package tests of \.ci\/run/;

/** The name suffix that states why a test or suite is skipped, when it is: `''` when `skipped` is false. */
export function skipNote(skipped: boolean, reason: string): string {
  return skipped ? ` (SKIPPED: ${reason})` : '';
}

export default class SkipReporter implements Reporter {
  private filtered = false;

  onInit(vitest: { config: { testNamePattern?: unknown } }): void {
    this.filtered = vitest.config.testNamePattern !== undefined;
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    const skipped: { where: string; reason: string }[] = [];
    const durations: { file: string; ms: number }[] = [];
    for (const m of testModules) {
      const file = m.relativeModuleId;
      durations.push({ file, ms: m.diagnostic().duration });
      for (const t of m.children.allTests()) {
        if (t.result().state !== 'skipped') continue;
        const reason = REASON.exec(t.fullName)?.[1] ?? (t.result() as { note?: string }).note ?? '';
        skipped.push({ where: `${file} > ${t.fullName}`, reason: reason || 'no reason given' });
      }
    }
    const out: string[] = [];
    durations.sort((x, y) => y.ms - x.ms);
    out.push('Slowest test files:', ...durations.slice(0, 10).map((d) => `  ${(d.ms / 1000).toFixed(1).padStart(6)} s  ${d.file}`));
    if (!this.filtered && skipped.length > 0) {
      out.push(`Skipped tests (${skipped.length}):`, ...skipped.map((s) => `  - ${s.where}: ${s.reason}`));
      const failing = skipped.filter((s) => !RUNS_ELSEWHERE.test(s.reason));
      if (process.env.CI === 'true' && failing.length > 0) {
        out.push(`CI=true: ${failing.length} test(s) skipped without running anywhere else; install what they need (see the reasons above) or fix the condition.`);
        process.exitCode = 1;
      }
    }
    process.stdout.write(`\n${out.join('\n')}\n`);
  }
}
