/**
 * The outputs of `resale-kit compat`: console lines, JSON and Markdown (a pull-request comment).
 * Text from the recording (member names, URLs) is data: URLs were kept through `printableUrl`,
 * Markdown cells are escaped (contract/text.ts) and the CLI makes console lines terminal-safe.
 */
import { markdownCell as cell } from '../../contract/index.js';
import type { CompatFinding, CompatReport, CompatSide } from './types.js';

const HEADINGS: Record<CompatSide, string> = {
  consumer: 'Consumer breaks (the recorded consumer fails under NEW)',
  server: 'Server changes (recorded answers NEW would refuse: the server must change)',
  deprecation: 'Deprecated uses (recorded uses of parts NEW marks deprecated)',
};

/** One summary line: `2 consumer break(s), 1 server change(s), 0 deprecated use(s) in 57 exchanges of the API`. */
export const compatSummaryLine = (r: CompatReport): string => `${r.summary.consumer} consumer break(s), ${r.summary.server} server change(s), ${r.summary.deprecation} deprecated use(s) in ${r.exchanges} exchange(s) of the API`;

const example = (f: CompatFinding): string => `${f.count} exchange(s), first entry ${f.example.entry} ${f.example.method} ${f.example.url} -> ${f.example.status}`;
const sunset = (f: CompatFinding): string => [f.sunset !== undefined ? `sunset ${f.sunset}` : '', f.successor !== undefined ? `successor ${f.successor}` : ''].filter(Boolean).join(', ');

/** The entries not judged, one line (empty when none). */
function notJudgedLine(r: CompatReport): string {
  const n = r.notJudged;
  const parts = [
    n.notApi ? `${n.notApi} not the API` : '',
    n.otherMethod ? `${n.otherMethod} OPTIONS/HEAD` : '',
    n.noAnswer ? `${n.noAnswer} without an answer` : '',
    n.requestRefused ? `${n.requestRefused} request(s) answered with an error (request not judged)` : '',
    n.bodyNotJudged ? `${n.bodyNotJudged} answer(s) without a JSON body to judge` : '',
    n.skipped ? `${n.skipped} malformed entr(y/ies) skipped` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `not judged: ${parts.join(', ')}` : '';
}

/** Console lines (the caller makes them terminal-safe): per side, one line per finding and one for its first exchange; then what was not judged and the summary. */
export function toCompatConsoleLines(r: CompatReport): string[] {
  const lines = [`compat ${r.recording} under ${r.contract}: ${r.entries} entries read`];
  for (const side of ['consumer', 'server', 'deprecation'] as const) {
    const mine = r.findings.filter((f) => f.side === side);
    if (mine.length === 0) continue;
    lines.push(HEADINGS[side]);
    for (const f of mine) {
      const extra = sunset(f);
      lines.push(`  ${f.kind}  ${f.operation}  ${f.where}: ${f.message}${extra ? ` (${extra})` : ''}`);
      lines.push(`      ${example(f)}`);
    }
  }
  const nj = notJudgedLine(r);
  if (nj) lines.push(nj);
  for (const n of r.notes) lines.push(`note: ${n}`);
  lines.push(`${r.summary.consumer > 0 ? 'BREAKS' : 'COMPATIBLE'}: ${compatSummaryLine(r)}`);
  return lines;
}

/** The report as JSON text (the {@link CompatReport} shape). */
export const toCompatJson = (r: CompatReport): string => `${JSON.stringify(r, null, 2)}\n`;

/** The report as Markdown: a heading with the summary, then one table per side that has findings. */
export function toCompatMarkdown(r: CompatReport): string {
  const out = [`## Consumer compatibility: ${r.summary.consumer > 0 ? 'BREAKS' : 'compatible'}`, '', `${compatSummaryLine(r)}; recording ${cell(r.recording)} under ${cell(r.contract)}.`, ''];
  for (const side of ['consumer', 'server', 'deprecation'] as const) {
    const mine = r.findings.filter((f) => f.side === side);
    if (mine.length === 0) continue;
    out.push(`### ${HEADINGS[side]}`, '', '| kind | operation | where | finding | exchanges | first |', '|---|---|---|---|---|---|');
    for (const f of mine) {
      const extra = sunset(f);
      out.push(
        `| ${cell(f.kind)} | ${cell(f.operation)} | ${cell(f.where)} | ${cell(f.message)}${extra ? ` (${cell(extra)})` : ''} | ${f.count} | entry ${f.example.entry}: ${cell(`${f.example.method} ${f.example.url}`)} → ${f.example.status} |`,
      );
    }
    out.push('');
  }
  const nj = notJudgedLine(r);
  if (nj) out.push(cell(nj), '');
  for (const n of r.notes) out.push(`- ${cell(n)}`);
  return `${out.join('\n').trimEnd()}\n`;
}
