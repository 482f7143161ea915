/**
 * The package entry `resale-kit/conformance`: the suite's public entry (`conformance/index.ts`),
 * plus, for one minor version (0.2.x, removed in 0.3.0), the traffic exports it held before the
 * traffic tools became their own layer. Import those from `resale-kit/traffic` now (CHANGELOG, 0.2.0).
 * Nothing in the kit imports this file.
 */
export * from '../conformance/index.js';
/** @deprecated since 0.2.0: import from `resale-kit/traffic`; removed in 0.3.0. */
export { startProxy, callerTag, keyOf, newHar, writeHar, HAR_ENTRY_SCHEMA, HAR_MAX_BYTES, HAR_MAX_ENTRIES, loadHar, NOT_REPLAYED, replayHeaders, createRecorder, entryOf, partPath, harOfRun, writeRunHar } from '../traffic/index.js';
/** @deprecated since 0.2.0: import from `resale-kit/traffic`; removed in 0.3.0. */
export type { JudgeMode, ProxyOptions, ProxyStats, RunningProxy, HarLoadOptions, LoadedHar, Har, HarEntry, HarRedaction, RecordedExchange, Recorder, RecorderOptions } from '../traffic/index.js';
