/**
 * Public surface of the conformance suite: `runConformance`, its options, the check registry,
 * the report types and writers. Never imports the mock: it judges servers it has never seen.
 */
export { runConformance, redactorFor, summarise, UnreachableError, TOOL_VERSION } from './runner.js';
export type { VerdictInputs } from './runner.js';
export { Redactor, REDACTED, MIN_SEARCHED, CREDENTIAL_HEADERS } from './redact.js';
export type { RedactorOptions, Span } from './redact.js';
export { terminalSafe, terminalLines } from './terminal.js';
export { scanBody, MAX_DEPTH } from './json-scan.js';
export type { BodyScan } from './json-scan.js';
export { CONFORMANCE_DEFAULTS, REPORT_TARGET_FORMS, UsageError, parseHeader, parsePathSegment, parseReportTarget, resolveConformanceOptions } from './options.js';
export type { ConformanceOptions, ReportTarget } from './options.js';
export { CHECKS, CHECK_IDS } from './checks/index.js';
export type { Check, CheckContext, Verdict } from './check.js';
export type { CheckResult, Exchange, Level, NotJudged, Outcome, Report, RequestRef, Summary, ToolError, VerdictKind } from './types.js';
export { REPORTERS, REPORT_FORMATS, isReportFormat, renderReport } from './report/index.js';
export type { Reporter, ReportFormat } from './report/index.js';
export { toJson } from './report/json.js';
export { toJunit } from './report/junit.js';
export { toHtml, sectionOf } from './report/html.js';
export { toConsoleSummary } from './report/console.js';
export { boundaryValues, fuzzRequests, queryParameters, seedOf } from './generate.js';
export type { Known, Sample } from './generate.js';
export { curlOf, headerVariable } from './curl.js';
export { REQUIREMENTS } from './requirements.js';
export type { RequirementCoverage } from './requirements.js';
export { startProxy } from './proxy.js';
export type { ProxyOptions, RunningProxy } from './proxy.js';
export { callerTag, keyOf, newHar, writeHar } from './har.js';
export { HAR_ENTRY_SCHEMA, HAR_MAX_BYTES, HAR_MAX_ENTRIES, loadHar, NOT_REPLAYED, replayHeaders } from './traffic/har-load.js';
export type { HarLoadOptions, LoadedHar } from './traffic/har-load.js';
export type { Har, HarEntry, HarRedaction, Replay } from './har.js';
export { createRecorder, entryOf, partPath } from './traffic/recorder.js';
export type { RecordedExchange, Recorder, RecorderOptions } from './traffic/recorder.js';
export { buildReport } from './runner.js';
