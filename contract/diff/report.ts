/**
 * The outputs of `resale-kit diff`: console lines, JSON, Markdown (a pull-request comment) and
 * JUnit XML (one test case per breaking change). Text from the documents is data: Markdown cells
 * are escaped (contract/text.ts), XML is built by junit-report-builder, and the CLI makes console
 * lines terminal-safe.
 */
import junitModule, { type Builder } from 'junit-report-builder';
import { markdownCell as cell, markdownCode, xmlText as xmlSafe } from '../text.js';
import type { ContractChange, DiffReport } from './types.js';

// CommonJS package: its default import is the builder at run time (see conformance/report/junit.ts).
const junit = ((junitModule as unknown as { default?: Builder }).default ?? junitModule) as unknown as Builder;

/** `description §4.1 A1`, `production: ...`, `decision: ...` or `unknown`. */
export const provenanceText = (c: ContractChange): string =>
  c.provenance === undefined ? 'unknown' : c.provenance === 'description' ? `description §${c.reason}` : `${c.provenance}: ${c.reason.length > 80 ? `${c.reason.slice(0, 77)}...` : c.reason}`;

const label = (c: ContractChange): string => (c.breaking ? (c.allowed !== undefined ? 'ALLOWED' : 'BREAKING') : 'ok');

/** One summary line: `3 breaking, 1 allowed, 12 non-breaking change(s)`. */
export const summaryLine = (r: DiffReport): string => `${r.summary.breaking} breaking, ${r.summary.allowed} allowed, ${r.summary.nonBreaking} non-breaking change(s)`;

/** Console lines (the caller makes them terminal-safe): one per change, then the summary. */
export function toConsoleLines(r: DiffReport): string[] {
  const lines = [`diff ${r.before} -> ${r.after}`];
  for (const c of r.changes) {
    lines.push(`${label(c).padEnd(8)} ${c.kind}  ${c.pointer}`);
    lines.push(`         ${c.message} [${provenanceText(c)}; by ${c.by}]${c.allowed !== undefined ? ` allowed: ${c.allowed}` : ''}`);
  }
  lines.push(summaryLine(r));
  return lines;
}

/** The report as JSON text (the {@link DiffReport} shape). */
export const toJson = (r: DiffReport): string => `${JSON.stringify(r, null, 2)}\n`;

/** The report as Markdown: a heading with the summary, then a table of changes (breaking first). */
export function toMarkdown(r: DiffReport): string {
  const out = [`## Contract diff: ${summaryLine(r)}`, '', `${markdownCode(r.before)} → ${markdownCode(r.after)}`, ''];
  if (r.changes.length === 0) return `${out.join('\n')}No change.\n`;
  out.push('| | kind | pointer | change | source |', '|---|---|---|---|---|');
  for (const c of r.changes) out.push(`| ${label(c)} | ${cell(c.kind)} | ${cell(c.pointer)} | ${cell(c.message)}${c.allowed !== undefined ? ` (allowed: ${cell(c.allowed)})` : ''} | ${cell(provenanceText(c))} |`);
  return `${out.join('\n')}\n`;
}

/** The report as JUnit XML: one suite, one test case per change; a breaking change not allowed is a failure. */
export function toJunit(r: DiffReport): string {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(xmlSafe(`resale-kit diff ${r.before} -> ${r.after}`));
  const verdict = suite
    .testCase()
    .className('diff.verdict')
    .name(xmlSafe(summaryLine(r)));
  if (r.summary.breaking > 0) verdict.failure(`${r.summary.breaking} breaking change(s)`);
  for (const c of r.changes) {
    const tc = suite.testCase().className(`diff.${c.kind}`).name(xmlSafe(c.pointer));
    if (c.breaking && c.allowed === undefined) tc.failure(xmlSafe(`${c.message} [${provenanceText(c)}]`));
    else tc.standardOutput(xmlSafe(`${c.message} [${provenanceText(c)}]${c.allowed !== undefined ? ` allowed: ${c.allowed}` : ''}`));
  }
  return builder.build();
}
