/** Writing the reports a command was asked for (`--report FORMAT=PATH`), through one redactor. */
import { renderReport, SHARED, writeFileSafely, type Report, type ReportTarget } from '../conformance/index.js';

/**
 * Writes each requested report (creating its folder) through the one file writer (conformance/files.ts), each text passed through `clean` (the
 * run's redactor) first; says so on `log` per file.
 * @throws Error when a file cannot be written (the message names it).
 */
export function writeReports(targets: readonly ReportTarget[], report: Report, clean: (text: string) => string, log: (line: string) => void): void {
  for (const target of targets) {
    // Reports are meant to be shared and are redacted: 0644 less the umask (docs/threat-model.md).
    writeFileSafely(target.path, clean(renderReport(target.format, report)), { mode: SHARED, flag: '--report' });
    log(`wrote ${target.format} report to ${target.path}`);
  }
}
