/** The short summary table printed at the end of a CLI run. */
import type { Report } from '../types.js';

/** One line per check (level, pass/fail/skip counts), failures first, then the verdict. */
export function toConsoleSummary(report: Report): string {
  const byCheck = new Map<string, { level: string; pass: number; fail: number; skip: number }>();
  for (const r of report.results) {
    const row = byCheck.get(r.check) ?? { level: r.level, pass: 0, fail: 0, skip: 0 };
    row[r.outcome]++;
    byCheck.set(r.check, row);
  }
  const rows = [...byCheck.entries()].sort((a, b) => Number(b[1].fail > 0) - Number(a[1].fail > 0));
  const width = Math.max(5, ...rows.map(([id]) => id.length));
  const lines = [`${'check'.padEnd(width)}  level   pass  fail  skip`, ...rows.map(([id, r]) => `${id.padEnd(width)}  ${r.level.padEnd(6)}  ${String(r.pass).padStart(4)}  ${String(r.fail).padStart(4)}  ${String(r.skip).padStart(4)}`)];
  const s = report.summary;
  const firstFails = report.results.filter((r) => r.outcome === 'fail').slice(0, 10).map((r) => `  ✗ ${r.check} (${r.level}) ${r.operation}: ${r.message}${r.request ? `\n      ${r.request.method} ${r.request.url}` : ''}`);
  return [
    ...lines,
    '',
    ...(firstFails.length > 0 ? ['First failures:', ...firstFails, ''] : []),
    `${s.verdict.toUpperCase()}: ${s.pass} passed, ${s.fail} failed, ${s.skip} skipped; must-level checks failing: ${s.mustFailed}, should-level: ${s.shouldFailed}; ${report.requests} requests in ${report.durationMs} ms`,
  ].join('\n');
}
