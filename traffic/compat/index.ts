/** Consumer compatibility of a recording under a proposed contract (issue 32): `resale-kit compat` as a library. See docs/contract-evolution.md. */
export { COMPAT_EXIT, CompatInputError, compatExitCode, compatOf, MAX_COMPAT_FINDINGS } from './compat.js';
export type { CompatOptions } from './compat.js';
export { compatSummaryLine, toCompatConsoleLines, toCompatJson, toCompatMarkdown } from './report.js';
export type { CompatExample, CompatFinding, CompatKind, CompatNotJudged, CompatReport, CompatSide } from './types.js';
