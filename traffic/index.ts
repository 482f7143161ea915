/**
 * Public entry of the traffic tools (the `traffic/` layer, package export `resale-kit/traffic`):
 * the validation proxy (`startProxy`), recordings as HAR 1.2 (the streaming recorder, the HAR of a
 * conformance run, the one HAR reader and the replay loader built on it), offline judging of a
 * recording (`judgeRecording`) and drift (`driftOf`, its OpenAPI Overlay). It judges through the
 * suite's public entry (`conformance/index.ts`) and reads the contract (`contract/`); it never
 * imports the mock. The mock imports only its recording modules (`traffic/har/`) for `--replay`.
 */
export { startProxy, MAX_KEYS, JUDGE_DEFAULTS } from './proxy.js';
export type { ProxyOptions, ProxyStats, RunningProxy } from './proxy.js';
export type { JudgeMode } from './judge.js';
export { callerTag, keyOf, newHar, targetOf } from './har/har.js';
export type { Har, HarEntry, HarPair, HarRedaction } from './har/har.js';
export { bodyOf, inflateBudget, inflatedBodyOf, MAX_INFLATED_FILE_BYTES, harEntriesOf, HarReadError, headerMap, readHar, readHarEntries, HAR_ENTRY_SCHEMA, HAR_MAX_BYTES, HAR_MAX_ENTRIES, MAX_INFLATED_BYTES } from './har/read.js';
export type { HarEntry12, HarPair12, HarProblem, HarRead } from './har/read.js';
export { loadHar, NOT_REPLAYED, replayHeaders } from './har/replay.js';
export type { HarLoadOptions, LoadedHar } from './har/replay.js';
export { createRecorder, entryOf, partPath } from './recorder.js';
export type { RecordedExchange, Recorder, RecorderOptions } from './recorder.js';
export { harOfRun, writeHar, writeRunHar } from './record-run.js';
export { judgeRecording, OFFLINE_CHECKS } from './offline/judge-recording.js';
export type { OfflineOptions, OfflineResult } from './offline/judge-recording.js';
export { parseTierMapping } from './offline/recorded.js';
export { DriftCollector, driftLines, driftOf, MAX_FINDINGS } from './drift/drift.js';
export type { Drift, DriftKind } from './drift/drift.js';
export { overlayOf, overlayYaml } from './drift/overlay.js';
export type { OverlayAction, OverlayDocument } from './drift/overlay.js';
export { COMPAT_EXIT, CompatInputError, compatExitCode, compatOf, compatSummaryLine, MAX_COMPAT_FINDINGS, toCompatConsoleLines, toCompatJson, toCompatMarkdown } from './compat/index.js';
export type { CompatExample, CompatFinding, CompatKind, CompatNotJudged, CompatOptions, CompatReport, CompatSide } from './compat/index.js';
