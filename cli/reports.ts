/** Writing the reports a command was asked for (`--report FORMAT=PATH`), through one redactor. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { renderReport, type Report, type ReportTarget } from '../conformance/index.js';

/**
 * Writes each requested report (creating its folder), each text passed through `clean` (the
 * run's redactor) first; says so on `log` per file.
 * @throws Error when a file cannot be written (the message names it).
 */
export function writeReports(targets: readonly ReportTarget[], report: Report, clean: (text: string) => string, log: (line: string) => void): void {
  for (const target of targets) {
    mkdirSync(dirname(target.path), { recursive: true });
    writeFileSync(target.path, clean(renderReport(target.format, report)));
    log(`wrote ${target.format} report to ${target.path}`);
  }
}
