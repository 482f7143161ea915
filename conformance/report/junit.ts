/**
 * The JUnit XML report (junit-report-builder): one test suite per level (must, should), one
 * test case per (check, operation); failures carry the message, the request and the location.
 */
import junitModule, { type Builder } from 'junit-report-builder';
import type { CheckResult, Report } from '../types.js';

// The package is CommonJS: under NodeNext its default import is the builder at run time, while
// its typings describe a `{ default }` wrapper. Accept both shapes.
const junit = ((junitModule as unknown as { default?: Builder }).default ?? junitModule) as unknown as Builder;

/** The report as JUnit XML text. */
export function toJunit(report: Report): string {
  const builder = junit.newBuilder();
  for (const level of ['must', 'should'] as const) {
    const suite = builder.testSuite().name(`resale-kit conformance (${level}) ${report.target.baseUrl}`);
    const cases = new Map<string, CheckResult[]>();
    for (const r of report.results.filter((x) => x.level === level)) {
      const key = `${r.check} ${r.operation}`;
      cases.set(key, [...(cases.get(key) ?? []), r]);
    }
    for (const [name, list] of cases) {
      const first = list[0] as CheckResult;
      const tc = suite.testCase().className(`conformance.${level}.${first.check}`).name(name);
      const fails = list.filter((r) => r.outcome === 'fail');
      if (fails.length > 0) {
        const text = fails.map((r) => [r.message, r.request && `${r.request.method} ${r.request.url} -> ${r.status ?? 'no answer'}`, r.location !== undefined && `at ${r.location || '(body)'}`, r.evidence].filter(Boolean).join('\n')).join('\n\n');
        tc.failure(`${first.requirement}: ${fails[0]?.message}`).standardOutput(text);
      } else if (list.every((r) => r.outcome === 'skip')) tc.skipped().standardOutput(first.message);
      else tc.standardOutput(first.message);
    }
  }
  return builder.build();
}
