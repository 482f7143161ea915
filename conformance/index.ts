/**
 * Public entry of the conformance suite (the `conformance/` layer): `runConformance`, its options,
 * the check registry, what a check works with, the report types and writers, certificates and
 * baselines. It never imports the mock (`mocks/`) nor the traffic tools (`traffic/`): it judges
 * servers it has never seen. `traffic/` (proxy, recordings, offline judging, drift) judges
 * exchanges through this entry only; the exports under "For judging recorded exchanges" are there
 * for it and for anyone who writes checks of their own.
 */
export { runConformance, redactorFor, summarise, UnreachableError, TOOL_VERSION } from './runner.js';
export type { VerdictInputs } from './runner.js';
export { Redactor, REDACTED, MIN_SEARCHED, CREDENTIAL_HEADERS, credentialSecrets, isCredentialHeader, pieceLength } from './redact.js';
export type { RedactorOptions, Span } from './redact.js';
export { terminalSafe, terminalLines } from './terminal.js';
export { checkFolder, checkFolderLinks, checkTarget, createExclusive, entryAt, PRIVATE, SHARED, writeFileSafely } from './files.js';
export type { WriteOptions } from './files.js';
export { scanBody, MAX_DEPTH } from './json-scan.js';
export type { BodyScan } from './json-scan.js';
export { CONFORMANCE_DEFAULTS, MAX_FUZZ_REQUESTS, REPORT_TARGET_FORMS, UsageError, parseHeader, parsePathSegment, mainKeyOf, parseReportTarget, resolveConformanceOptions } from './options.js';
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
export { buildReport } from './runner.js';
export { NOT_CLAIMED, scopeOf } from './runner.js';
export { listProfiles, profileNamed, ProfileScope, FULL_PROFILE, FREE_TIER_PROFILE } from './certificate/profiles.js';
export type { Profile } from './certificate/profiles.js';
export { applyBaseline, baselineOf, baselineSentence, BASELINE_FORMAT, canonicalJson, expiryOf, fingerprintOf, loadBaseline, parseBaseline, sha256, TODO_REASON, weakReason } from './certificate/baseline.js';
export type { Baseline, BaselineEntry } from './certificate/baseline.js';
export { buildCertificate, CERTIFICATE_FORMAT, checkOutcome, contractDigest, registryDigest, signedContent, sourceOf, verdictOfChecks } from './certificate/certificate.js';
export type { Certificate, CertificateCheck, CertificateInputs, CheckOutcome } from './certificate/certificate.js';
export { ALGORITHMS, checkSignature, JWS_TYPE, loadPrivateKey, loadPublicKey, signCertificate } from './certificate/sign.js';
export type { Algorithm, LoadedKey, SignatureCheck } from './certificate/sign.js';
export { contractFileDigest, verifyCertificate, verifyCertificateText } from './certificate/verify.js';
export { parseStrictJson } from './strict-json.js';
export type { StrictJson } from './strict-json.js';
export type { Verification, VerifyInputs } from './certificate/verify.js';
export { readSchema } from './certificate/schemas.js';
export type { BaselineMatch, BaselineReport } from './types.js';

// For judging recorded exchanges (traffic/: the proxy, offline judging) and for writing checks.
export { fail, isObject, NOT_FULLY_JUDGED, okBody, okData, pass } from './check.js';
export { ApiClient, collectHeaders, NOT_RECORDED, withBody } from './client.js';
export type { Auth } from './client.js';
export type { Discovery, Found, MarketFound } from './found.js';
export { isKind, marketplaces, operationsOf } from './operations.js';
export { kindOf, VOCABULARY } from './runner.js';
export type { Replay, RecordedEntry } from './replay.js';
export { LIVE_ONLY_CHECKS, WRITE_CHECKS, WRITE_METHODS } from './checks/methods.js';
