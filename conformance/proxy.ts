/**
 * The validation proxy's public entry point. The proxy itself is the traffic layer in
 * `conformance/traffic/`: target placement (`target.ts`), forwarding (`forward.ts`), judging
 * (`judge.ts`), recording, and the orchestration (`proxy.ts`). This module keeps the
 * historical import path working.
 */
export { startProxy, MAX_KEYS, JUDGE_DEFAULTS } from './traffic/proxy.js';
export type { ProxyOptions, ProxyStats, RunningProxy } from './traffic/proxy.js';
export type { JudgeMode } from './traffic/judge.js';
