/** Contract evolution (issue 32): `resale-kit diff` as a library. See docs/contract-evolution.md. */
export { DIFF_EXIT, DiffInputError, MAX_CONTRACT_BYTES, MAX_EXPANDED_NODES, diffContracts, diffExitCode, provenanceAt, readAllowList, readChangelogAnnouncements, readContract } from './diff.js';
export type { AllowEntry, DiffOptions } from './diff.js';
// The Optic engine (./optic.js) is not re-exported: its libraries take seconds to load; diffContracts loads it on demand.
export { kitRules } from './rules.js';
export { summaryLine, toConsoleLines, toJson, toJunit, toMarkdown } from './report.js';
export type { ContractChange, ContractInput, DiffEngine, DiffReport, DiffSide, EngineChange } from './types.js';
