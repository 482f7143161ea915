/**
 * The short summary table printed at the end of a CLI run. Every piece of server text in it
 * (messages, URLs, operations) is made terminal-safe field by field, so a server cannot start
 * a line of its own or send escape sequences.
 */
import { weakReason } from '../certificate/baseline.js';
import { terminalSafe } from '../terminal.js';
import { hasOption, type Report } from '../types.js';

/**
 * One line per check (level, pass/fail/skip counts), failures first, then the verdict.
 * @param options the long options of the command printing it (`--strict`): a hint names only
 *   these (outside attacker, finding 16). Default: every option of `conformance`.
 */
export function toConsoleSummary(report: Report, options?: ReadonlySet<string>): string {
  const has = (flag: string): boolean => hasOption(options, flag);
  const byCheck = new Map<string, { level: string; pass: number; fail: number; skip: number; 'not-claimed': number }>();
  for (const r of report.results) {
    const row = byCheck.get(r.check) ?? { level: r.level, pass: 0, fail: 0, skip: 0, 'not-claimed': 0 };
    row[r.outcome]++;
    byCheck.set(r.check, row);
  }
  const rows = [...byCheck.entries()].sort((a, b) => Number(b[1].fail > 0) - Number(a[1].fail > 0));
  const width = Math.max(5, ...rows.map(([id]) => id.length));
  const lines = [`${'check'.padEnd(width)}  level   pass  fail  skip`, ...rows.map(([id, r]) => `${id.padEnd(width)}  ${r.level.padEnd(6)}  ${String(r.pass).padStart(4)}  ${String(r.fail).padStart(4)}  ${String(r.skip).padStart(4)}`)];
  const s = report.summary;
  const t = terminalSafe;
  const firstFails = report.results
    .filter((r) => r.outcome === 'fail' && r.accepted === undefined)
    .slice(0, 10)
    .map((r) => `  ✗ ${r.check} (${r.level}) ${t(r.operation)}: ${t(r.message)}${r.curl ? `\n      ${t(r.curl)}` : r.request ? `\n      ${t(r.request.method)} ${t(r.request.url)}` : ''}`);
  const unclaimed = [...byCheck].filter(([, r]) => r['not-claimed'] > 0 && r.pass + r.fail + r.skip === 0).map(([id]) => id);
  const accepted = (report.baseline?.accepted ?? []).map(
    (m) => `  ~ ${t(m.check)} ${t(m.operation)}: accepted (${t(m.reason)})${m.expires ? `, until ${t(m.expires)}` : ''}${weakReason(m.reason) ? ' (warning: no real reason given; say why, or remove the entry)' : ''}`,
  );
  // A passing run's should-level findings are named, with what to do about them (issue 31: one verdict).
  const shouldNames = [...new Set(report.results.filter((r) => r.outcome === 'fail' && r.level === 'should' && r.accepted === undefined).map((r) => r.check))];
  const shouldHint =
    s.verdict === 'pass' && shouldNames.length > 0
      ? [
          has('--strict') && has('--baseline')
            ? 'Should-level findings do not fail a run: run with --strict to fail on them, or accept each with a reason (--write-baseline FILE, edit the reasons, then --baseline FILE).'
            : 'Should-level findings do not fail the verdict.',
        ]
      : [];
  const shouldOnPassLine = s.verdict === 'pass' && shouldNames.length > 0 ? ` (should-level findings: ${shouldNames.join(', ')})` : '';
  const fixed = (report.baseline?.fixed ?? []).map((m) => `  + ${t(m.check)} ${t(m.operation)}: fixed, remove it from the baseline (${m.fingerprint})`);
  const expired = (report.baseline?.expired ?? []).map((m) => `  ! ${t(m.check)} ${t(m.operation)}: the baseline entry expired ${t(m.expires ?? '')}; failing again`);
  // One line per reason: a discovery failure that stopped many checks is said once, with the checks it stopped.
  const reasons = new Map<string, string[]>();
  for (const n of s.notJudged) {
    const reason = n.reason.replace(/^not judged: /, '');
    reasons.set(reason, [...(reasons.get(reason) ?? []), `${n.check}${n.allowed ? (has('--allow-skip') ? ' (allowed by --allow-skip or optional)' : ' (optional)') : ''}`]);
  }
  const notJudged = [...reasons].map(([reason, checks]) => `  - ${checks.join(', ')}: ${t(reason)}`);
  return [
    ...lines,
    '',
    ...(firstFails.length > 0 ? ['First failures:', ...firstFails, ''] : []),
    ...(notJudged.length > 0 ? ['Must-level checks that judged nothing:', ...notJudged, ''] : []),
    ...(accepted.length + fixed.length + expired.length > 0 ? ['Baseline:', ...accepted, ...expired, ...fixed, ''] : []),
    ...(report.profile && s.notClaimed
      ? [`Profile ${report.profile.name} (${report.profile.description}): ${s.notClaimed} result(s) not claimed${unclaimed.length > 0 ? `; checks wholly outside the claim: ${unclaimed.join(', ')}` : ''}`, '']
      : []),
    `Requests by phase: ${report.phases.map((p) => `${p.name} ${p.requests}`).join(', ')} (seed ${JSON.stringify(report.seed)})`,
    `${s.verdict.toUpperCase()}: ${s.pass} passed, ${s.fail} failed${s.accepted ? ` (${s.accepted} accepted by the baseline)` : ''}, ${s.skip} skipped${s.notClaimed ? `, ${s.notClaimed} not claimed` : ''}; must-level checks failing: ${s.mustFailed}, should-level: ${s.shouldFailed}, info (never failing): ${s.infoFailed ?? 0}; ${report.requests} requests in ${report.durationMs} ms${shouldOnPassLine}`,
    `${s.verdict === 'pass' ? 'Why' : s.verdict === 'fail' ? 'Why' : 'Why not a pass'}: ${t(s.reason)}`,
    ...shouldHint,
  ].join('\n');
}
