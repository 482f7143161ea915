/**
 * The registry of report formats: the CLI's `--report FORMAT=PATH` choices, their validation
 * and their help are derived from it. Adding a format is a writer file and one entry here.
 */
import type { Report } from '../types.js';
import { toHtml } from './html.js';
import { toJson } from './json.js';
import { toJunit } from './junit.js';

/** A report format: its writer, and a few words for `--help`. */
export interface Reporter {
  render: (report: Report) => string;
  description: string;
}

/** Every report format, by its `--report` name. */
export const REPORTERS = {
  json: { render: toJson, description: 'the report as JSON (format resale-kit-conformance/1, docs/conformance-report.md)' },
  junit: { render: toJunit, description: 'JUnit XML, for CI test reporting' },
  html: { render: toHtml, description: 'one self-contained HTML page' },
} as const satisfies Record<string, Reporter>;

/** A report format name (`json`, `junit`, `html`). */
export type ReportFormat = keyof typeof REPORTERS;

/** The format names, in registry order. */
export const REPORT_FORMATS = Object.keys(REPORTERS) as ReportFormat[];

/** True when `name` is a report format. */
export const isReportFormat = (name: string): name is ReportFormat => Object.hasOwn(REPORTERS, name);

/** The report as text in the given format. */
export const renderReport = (format: ReportFormat, report: Report): string => REPORTERS[format].render(report);
