/**
 * The JUnit XML report (junit-report-builder): one test suite per level (must, should, info), one
 * test case per (check, operation); failures carry the message, the request and the location.
 *
 * The mapping keeps a JUnit reader and the exit code in agreement (docs/conformance-report.md,
 * "JUnit"): a `<failure>` is written exactly for the findings that fail the run, so a run with
 * exit 0 has no `<failure>` and a run that fails has at least one:
 * - must-level finding: `<failure>`;
 * - should-level finding: `<failure>` under `--strict`; otherwise a passing test case whose
 *   `<system-err>` holds the finding and whose property `resale-kit.finding` is `should`;
 * - info-level finding: a passing test case, the finding in `<system-out>`, property `info`;
 * - a baseline-accepted finding: no failure (its rows are marked accepted);
 * - the verdict: its own test case, a `<failure>` unless the verdict is `pass`.
 */
import junitModule, { type Builder } from 'junit-report-builder';
import { xmlText as xmlSafe } from '../../contract/index.js';
import type { CheckResult, Report } from '../types.js';

// The package is CommonJS: under NodeNext its default import is the builder at run time, while
// its typings describe a `{ default }` wrapper. Accept both shapes.
const junit = ((junitModule as unknown as { default?: Builder }).default ?? junitModule) as unknown as Builder;

/** A copy of the report whose every string is {@link xmlSafe}. */
function xmlSafeReport(report: Report): Report {
  const walk = (v: unknown): unknown => (typeof v === 'string' ? xmlSafe(v) : Array.isArray(v) ? v.map(walk) : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)])) : v);
  return walk(report) as Report;
}

/** The report as JUnit XML text (well-formed whatever the server sent). */
export function toJunit(input: Report): string {
  const report = xmlSafeReport(input);
  const builder = junit.newBuilder();
  // The verdict as a test case of its own, so a CI that reads only JUnit sees an inconclusive run.
  const verdict = builder.testSuite().name(`resale-kit conformance verdict ${report.target.baseUrl}`).testCase().className('conformance.verdict').name(`verdict: ${report.summary.verdict}`);
  if (report.summary.verdict === 'pass') verdict.standardOutput(report.summary.reason);
  else verdict.failure(`${report.summary.verdict}: ${report.summary.reason}`);
  // Info rows (this kit's decisions) are reported but never fail a run: their findings go to the test output, not a failure.
  for (const level of ['must', 'should', 'info'] as const) {
    const suite = builder.testSuite().name(`resale-kit conformance (${level}) ${report.target.baseUrl}`);
    const cases = new Map<string, CheckResult[]>();
    for (const r of report.results.filter((x) => x.level === level)) {
      const key = `${r.check} ${r.operation}`;
      cases.set(key, [...(cases.get(key) ?? []), r]);
    }
    for (const [name, list] of cases) {
      const first = list[0] as CheckResult;
      const tc = suite.testCase().className(`conformance.${level}.${first.check}`).name(name);
      const fails = list.filter((r) => r.outcome === 'fail' && r.accepted === undefined);
      if (fails.length > 0) {
        const text = fails
          .map((r) =>
            [r.message, r.request && `${r.request.method} ${r.request.url} -> ${r.status ?? 'no answer'}`, r.curl && `reproduce: ${r.curl}`, r.location !== undefined && `at ${r.location || '(body)'}`, r.evidence].filter(Boolean).join('\n'),
          )
          .join('\n\n');
        if (level === 'info') tc.property('resale-kit.finding', 'info').standardOutput(`info (a decision of this kit, never a failure): ${first.requirement}\n\n${text}`);
        else if (level === 'should' && !report.strict)
          // Without --strict a should-level finding does not fail the run (exit 0), so it is no JUnit failure either: a JUnit reader and the exit code agree.
          tc.property('resale-kit.finding', 'should').standardError(`should-level finding (not failing this run, which was not strict): ${first.requirement}\n\n${text}`);
        else tc.property('resale-kit.finding', level).failure(`${first.requirement}: ${fails[0]?.message}`).standardOutput(text);
      } else if (list.every((r) => r.outcome === 'skip' || r.outcome === 'not-claimed')) tc.skipped().standardOutput(first.message);
      else tc.standardOutput(first.message);
    }
  }
  return builder.build();
}
