/**
 * The conformance certificate (`resale-kit conformance --certificate FILE`): what was judged
 * (the contract's digest, the suite's version and the digest of its check registry), how (the
 * options that change requests, the profile claimed), against what (the base URL and what the
 * server said of itself), when (UTC start and end), with what verdict, one row per check of the
 * registry, the accepted findings with their reasons, and the digests of the evidence (each
 * check's report rows, and the HAR of the run with `--record`).
 * Its format is `conformance/certificate/certificate.schema.json` (shipped with the package);
 * `sign.ts` signs it, `verify.ts` verifies it. Digests are `sha256:` and 64 hex digits over the
 * RFC 8785 canonical JSON of what they cover (a file: its bytes).
 */
import { loadContract } from '../../contract/index.js';
import type { Check } from '../check.js';
import type { ConformanceOptions } from '../options.js';
import type { BaselineMatch, CheckResult, Level, Report, VerdictKind } from '../types.js';
import { canonicalJson, sha256 } from './baseline.js';
import type { Profile } from './profiles.js';

/** The `format` of a certificate. */
export const CERTIFICATE_FORMAT = 'resale-kit-certificate/1';
/** How the contract digest is computed (written into every certificate). */
export const CONTRACT_CANONICALIZATION = 'SHA-256 of the RFC 8785 (JCS) canonical JSON of openapi.yaml parsed as YAML 1.2';

/** The outcome of one check in a certificate, from its report rows. */
export type CheckOutcome = 'pass' | 'fail' | 'accepted' | 'skip' | 'not-claimed' | 'not-run';

/** One row per check of the registry. */
export interface CertificateCheck {
  /** Check id (registry key). */
  id: string;
  /** `must`, `should` (or `info`): the level of the rule's source. */
  level: Level;
  /** Where the rule comes from: the section of the API description, the production note or the kit's decision. */
  source: string;
  /**
   * `fail`: a failure no baseline entry accepts; `accepted`: only accepted failures; `pass`:
   * judged, nothing failed; `skip`: judged nothing; `not-claimed`: outside the profile;
   * `not-run`: left out by `--checks`/`--exclude-checks`.
   */
  outcome: CheckOutcome;
  /** Report rows of the check by outcome (`accepted` counts failures a baseline accepts; they are in `fail` too). */
  counts: { pass: number; fail: number; skip: number; notClaimed: number; accepted: number };
  /** Digest of the check's report rows (messages, requests, evidence), or null when it did not run. */
  evidence: string | null;
  /**
   * The levels of its report rows, and of its failures no baseline accepts (a row's level may be
   * below the check's when the rule it broke has another source): what the verdict reads.
   */
  levels: Level[];
  failing: Level[];
}

/** A certificate (the JSON document; `signature` null when unsigned). */
export interface Certificate {
  format: typeof CERTIFICATE_FORMAT;
  /** Whether `signature` holds a JWS. An unsigned certificate has digests only: anyone could have written it. */
  signed: boolean;
  suite: { name: 'resale-kit'; version: string; registryDigest: string; checks: number };
  contract: { digest: string; canonicalization: string; title: string; version: string };
  profile: Profile;
  /** The run's options that change requests or the verdict (no key or header value: only whether keys were given, and header names). */
  options: {
    seed: string | number;
    phases: string[];
    fuzzRequests: number;
    pathSegments: Record<string, string>;
    marketplaces: string[];
    queries: string[];
    checks: string[];
    excludeChecks: string[];
    strict: boolean;
    allowSkip: string[];
    maxRequests: number;
    apiKey: boolean;
    freeKey: boolean;
    headers: string[];
    fromHar: boolean;
  };
  target: { baseUrl: string; self: Record<string, string> };
  /** UTC, ISO 8601 with `Z`. */
  startedAt: string;
  endedAt: string;
  verdict: VerdictKind;
  reason: string;
  requests: number;
  checks: CertificateCheck[];
  /** Findings a baseline accepted, with their reasons: a waiver is visible, never silent. */
  accepted: BaselineMatch[];
  /** Baseline entries that had expired and failed again. */
  expired: BaselineMatch[];
  /** Must-level checks `--allow-skip` let judge nothing (waived), with why they judged nothing. */
  allowedSkips: { check: string; reason: string }[];
  evidence: {
    /** Digest of the report's rows as a whole (canonical JSON of `results`). */
    results: string;
    /** The HAR of the run (`--record`): its file's digest and entries; null without `--record`. */
    har: { digest: string; entries: number } | null;
  };
  /** Detached compact JWS (`header..signature`) over the canonical JSON of every other member, or null. */
  signature: string | null;
}

/** The digest of a check registry: its ids, levels and sources, in order. */
export function registryDigest(checks: readonly { id: string; level: string; source: string }[]): string {
  return sha256(canonicalJson(checks.map((c) => ({ id: c.id, level: c.level, source: c.source }))));
}

/** Where a check's rule comes from: its kind of source (description, production, practice, samples, decision) and the rule it cites. */
export const sourceOf = (c: Check): string => `${c.source}: ${c.requirement}`;

/** The digest of the contract as embedded in this installed kit (or of a given parsed contract). */
export function contractDigest(doc: unknown = loadContract()): string {
  return sha256(canonicalJson(doc));
}

/** The outcome of a check from its rows. */
export function checkOutcome(rows: readonly CheckResult[]): CheckOutcome {
  if (rows.length === 0) return 'not-run';
  if (rows.some((r) => r.outcome === 'fail' && r.accepted === undefined)) return 'fail';
  if (rows.some((r) => r.outcome === 'fail')) return 'accepted';
  if (rows.some((r) => r.outcome === 'pass')) return 'pass';
  if (rows.some((r) => r.outcome === 'skip')) return 'skip';
  return 'not-claimed';
}

/**
 * The verdict a certificate's rows imply: a check with a must-level failure no baseline accepts
 * fails the run (a should-level one under `strict`); else a check that only skipped, with a
 * must-level row, not in `allowSkip`, makes it inconclusive; else pass. (`accepted`,
 * `not-claimed` and `info` rows never fail a run.) The rule of `summarise`, per check.
 */
export function verdictOfChecks(checks: readonly Pick<CertificateCheck, 'id' | 'outcome' | 'levels' | 'failing'>[], strict: boolean, allowSkip: readonly string[]): VerdictKind {
  if (checks.some((c) => c.failing.includes('must') || (strict && c.failing.includes('should')))) return 'fail';
  if (checks.some((c) => c.outcome === 'skip' && c.levels.includes('must') && !allowSkip.includes(c.id))) return 'inconclusive';
  return 'pass';
}

/** What a certificate is built from besides the report. */
export interface CertificateInputs {
  /** The run's options, resolved (`resolveConformanceOptions`). */
  options: ConformanceOptions;
  /** The check registry of this installed kit (`CHECKS`). */
  registry: readonly Check[];
  profile: Profile;
  /** Marketplace path segments the profile claims (`market_a`, ...). */
  marketplaces: string[];
  /** End of the run, milliseconds since the epoch (UTC). */
  endedAt: number;
  /** Digest and entry count of the run's HAR (`--record`), if any. */
  har?: { digest: string; entries: number };
}

/**
 * Builds an unsigned certificate from a report (`signature` null; `sign.ts` signs it).
 * Everything in it comes from the report (already redacted) or the options' non-secret parts.
 */
export function buildCertificate(report: Report, inputs: CertificateInputs): Certificate {
  const o = inputs.options;
  const doc = loadContract() as { info?: { title?: unknown; version?: unknown } };
  const selected = new Set(report.results.map((r) => r.check));
  const checks = inputs.registry.map((c): CertificateCheck => {
    const rows = report.results.filter((r) => r.check === c.id);
    const n = (f: (r: CheckResult) => boolean): number => rows.filter(f).length;
    return {
      id: c.id,
      level: c.level,
      source: sourceOf(c),
      outcome: selected.has(c.id) ? checkOutcome(rows) : 'not-run',
      counts: {
        pass: n((r) => r.outcome === 'pass'),
        fail: n((r) => r.outcome === 'fail'),
        skip: n((r) => r.outcome === 'skip'),
        notClaimed: n((r) => r.outcome === 'not-claimed'),
        accepted: n((r) => r.outcome === 'fail' && r.accepted !== undefined),
      },
      evidence: rows.length > 0 ? sha256(canonicalJson(rows)) : null,
      levels: levelsOf(rows),
      failing: levelsOf(rows.filter((r) => r.outcome === 'fail' && r.accepted === undefined)),
    };
  });
  return {
    format: CERTIFICATE_FORMAT,
    signed: false,
    suite: { name: 'resale-kit', version: report.tool.version, registryDigest: registryDigest(checks), checks: checks.length },
    contract: { digest: contractDigest(), canonicalization: CONTRACT_CANONICALIZATION, title: String(doc.info?.title ?? ''), version: String(doc.info?.version ?? '') },
    profile: inputs.profile,
    options: {
      seed: o.seed,
      phases: [...new Set(inputs.registry.filter((c) => c.phase && selected.has(c.id)).map((c) => c.phase as string))],
      fuzzRequests: o.fuzzRequests,
      pathSegments: { ...o.pathSegments },
      marketplaces: [...inputs.marketplaces],
      queries: [...o.queries],
      checks: [...o.checks],
      excludeChecks: [...o.excludeChecks],
      strict: o.strict,
      // The checks allowed to judge nothing: those --allow-skip names, and the optional ones (they judge only what the answers allow).
      allowSkip: [...new Set([...o.allowSkip, ...inputs.registry.filter((c) => c.optional && selected.has(c.id)).map((c) => c.id)])],
      maxRequests: o.maxRequests,
      apiKey: Boolean(o.apiKey),
      freeKey: Boolean(o.freeKey),
      headers: Object.keys(o.headers).sort(),
      fromHar: o.replay !== undefined,
    },
    target: { baseUrl: report.target.baseUrl, self: { ...(report.target.self ?? {}) } },
    startedAt: report.startedAt,
    endedAt: new Date(inputs.endedAt).toISOString(),
    verdict: report.summary.verdict,
    reason: report.summary.reason,
    requests: report.requests,
    checks,
    accepted: report.baseline?.accepted ?? [],
    expired: report.baseline?.expired ?? [],
    allowedSkips: report.summary.notJudged.filter((n) => n.allowed).map((n) => ({ check: n.check, reason: n.reason })),
    evidence: { results: sha256(canonicalJson(report.results)), har: inputs.har ?? null },
    signature: null,
  };
}

/** The distinct levels of some rows, in the order must, should, info. */
function levelsOf(rows: readonly CheckResult[]): Level[] {
  const order = ['must', 'should', 'info'];
  return [...new Set(rows.map((r) => r.level))].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** The bytes a certificate's signature covers: the canonical JSON of every member but `signature`. */
export function signedContent(cert: Certificate | Record<string, unknown>): string {
  const rest: Record<string, unknown> = { ...cert };
  delete rest.signature;
  return canonicalJson(rest);
}
