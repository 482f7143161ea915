/** The JSON report: the {@link Report} as is (format `resale-kit-conformance/1`, see docs/conformance-report.md). */
import type { Report } from '../types.js';

/** The report as pretty-printed JSON text. */
export function toJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
