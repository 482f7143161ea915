/**
 * Baselines of accepted failures (`--baseline FILE`, `--write-baseline FILE`): a CI run fails
 * only on new findings. An entry names a failure by its fingerprint (check, operation, kind of
 * failure: the grouping of the report's rows, hashed with SHA-256), says why it is accepted and
 * may expire. The four states of an entry at a run:
 * - accepted: its failure occurs and it has not expired; the rows are marked and do not fail the run;
 * - fixed: its failure no longer occurs ("fixed, remove it from the baseline");
 * - expired: its failure occurs and the run started at or after its expiry; the rows fail again;
 * and a failure no entry names is new: it fails the run as usual.
 * The file's format is `conformance/certificate/baseline.schema.json` (shipped with the package).
 */
import { createHash } from 'node:crypto';
import { parseStrictJson } from '../strict-json.js';
import canonicalize from 'canonicalize';
import { documentValidator } from '../../contract/index.js';
import { UsageError } from '../errors.js';
import type { BaselineMatch, BaselineReport, CheckResult } from '../types.js';
import { readSchema } from './schemas.js';
import { readInputText } from '../../contract/input-file.js';

/** The `format` of a baseline file. */
export const BASELINE_FORMAT = 'resale-kit-baseline/1';
/** The reason `--write-baseline` writes for a user to replace. */
export const TODO_REASON = 'TODO: say why this finding is accepted, or remove the entry';

/**
 * Whether a baseline entry's reason says nothing: empty, the {@link TODO_REASON} that
 * `--write-baseline` writes, anything starting with `TODO`/`FIXME`/`XXX`, or under 8 letters.
 * The run still honours the entry; the CLI and the console report warn about it.
 */
export function weakReason(reason: string): boolean {
  const r = reason.trim();
  return r === '' || r === TODO_REASON || /^(todo|fixme|xxx|tbd)\b/i.test(r) || r.replace(/[^\p{L}]/gu, '').length < 8;
}

/** One accepted finding of a baseline file. */
export interface BaselineEntry {
  /** `sha256:` and 64 hex digits, from a report's `fingerprint` (or `--write-baseline`). */
  fingerprint: string;
  /** Check id, for a reader (the fingerprint decides). */
  check: string;
  /** `operationId` (or `*`), for a reader. */
  operation: string;
  /** An example message of the finding, for a reader. */
  finding?: string;
  /** Why the finding is accepted (shown in the report and the certificate). */
  reason: string;
  /**
   * When the acceptance ends: `YYYY-MM-DD` (the entry holds until that day begins, 00:00 UTC)
   * or an ISO 8601 time with `Z`. Compared with the run's start time, never the wall clock.
   */
  expires?: string;
}

/** A baseline file. */
export interface Baseline {
  format: typeof BASELINE_FORMAT;
  accepted: BaselineEntry[];
}

/** The canonical JSON (RFC 8785) of a value. @throws Error for a value JSON cannot hold. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('the value cannot be written as canonical JSON');
  return text;
}

/** `sha256:` and the hex SHA-256 of bytes or text (UTF-8). */
export const sha256 = (data: string | Uint8Array): string => `sha256:${createHash('sha256').update(data).digest('hex')}`;

/**
 * The fingerprint of a kind of failure: SHA-256 of the canonical JSON of `[check, operation, kind]`.
 * @param kind the failure message with its values taken out (the report's grouping).
 */
export const fingerprintOf = (check: string, operation: string, kind: string): string => sha256(canonicalJson([check, operation, kind]));

let validate: ((value: unknown) => { pointer: string; message: string }[]) | undefined;

/**
 * Checks a parsed baseline document.
 * @param source the file name, for messages.
 * @throws UsageError naming the file and every violation (JSON Pointer and rule), or a fingerprint listed twice.
 */
export function parseBaseline(value: unknown, source: string): Baseline {
  validate ??= documentValidator(readSchema('baseline.schema.json'));
  const violations = validate(value);
  if (violations.length > 0) {
    throw new UsageError(
      `--baseline ${source} is not a resale-kit baseline (conformance/certificate/baseline.schema.json): ${violations
        .slice(0, 5)
        // The message begins with the pointer when there is one (the root's has none: its first word was cut, newcomer probe 7).
        .map((v) => `${v.pointer || '/'} ${v.pointer !== '' && v.message.startsWith(`${v.pointer} `) ? v.message.slice(v.pointer.length + 1) : v.message}`)
        .join('; ')}. Write one with --write-baseline FILE and edit it.`,
    );
  }
  const baseline = value as Baseline;
  const seen = new Set<string>();
  for (const e of baseline.accepted) {
    if (seen.has(e.fingerprint)) throw new UsageError(`--baseline ${source} lists the fingerprint ${e.fingerprint} twice; keep one entry`);
    seen.add(e.fingerprint);
    if (e.expires !== undefined && Number.isNaN(expiryOf(e.expires))) throw new UsageError(`--baseline ${source}: expires ${JSON.stringify(e.expires)} of ${e.fingerprint} is not a date`);
  }
  return baseline;
}

/**
 * Reads a baseline file.
 * @throws UsageError when it cannot be read, is not strict JSON (repeated member names, see
 *   conformance/strict-json.ts), or does not follow the schema.
 */
export function loadBaseline(path: string): Baseline {
  let text: string;
  try {
    // A baseline is a few KB; 16 MiB is far above any real one. Only a regular file is read (never a FIFO or a device).
    text = readInputText(path, 16 * 1024 * 1024);
  } catch (err) {
    throw new UsageError(`--baseline: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  // Strict: a repeated member (two "reason"s, two "expires") is refused, not read as the last one.
  const parsed = parseStrictJson(text);
  if (!parsed.ok) throw new UsageError(parsed.why.startsWith('not JSON') ? `--baseline ${path} is ${parsed.why}` : `--baseline ${path} is refused: ${parsed.why}`);
  return parseBaseline(parsed.value, path);
}

/** Milliseconds since the epoch (UTC) at which an expiry takes effect; NaN when it is no date. */
export function expiryOf(expires: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(expires) ? Date.parse(`${expires}T00:00:00Z`) : Date.parse(expires);
}

/**
 * Applies a baseline to a run's rows: marks the accepted failures (`accepted` set on the row),
 * and says which entries are accepted, fixed or expired and which failures are new.
 * @param results the report's rows (changed in place: `accepted` set on matched, unexpired failures).
 * @param at the run's start time, milliseconds since the epoch (UTC): what expiries are compared with.
 */
export function applyBaseline(results: CheckResult[], baseline: Baseline, at: number): BaselineReport {
  const byFingerprint = new Map(baseline.accepted.map((e) => [e.fingerprint, e]));
  const rows = new Map<string, number>();
  const out: BaselineReport = { accepted: [], fixed: [], expired: [], new: [] };
  for (const r of results) {
    if (r.outcome !== 'fail' || r.fingerprint === undefined) continue;
    const entry = byFingerprint.get(r.fingerprint);
    if (!entry) {
      if (!out.new.includes(r.fingerprint)) out.new.push(r.fingerprint);
      continue;
    }
    rows.set(entry.fingerprint, (rows.get(entry.fingerprint) ?? 0) + 1);
    if (entry.expires !== undefined && at >= expiryOf(entry.expires)) continue;
    r.accepted = entry.expires === undefined ? { reason: entry.reason } : { reason: entry.reason, expires: entry.expires };
  }
  for (const e of baseline.accepted) {
    const n = rows.get(e.fingerprint) ?? 0;
    const match: BaselineMatch = { fingerprint: e.fingerprint, check: e.check, operation: e.operation, reason: e.reason, ...(e.expires === undefined ? {} : { expires: e.expires }), rows: n };
    if (n === 0) out.fixed.push(match);
    else if (e.expires !== undefined && at >= expiryOf(e.expires)) out.expired.push(match);
    else out.accepted.push(match);
  }
  return out;
}

/** The baseline's effect in one sentence, for the verdict's reason; empty when there is nothing to say. */
export function baselineSentence(b: BaselineReport): string {
  const parts: string[] = [];
  if (b.accepted.length > 0) parts.push(`${b.accepted.length} accepted finding(s) did not fail the run (${b.accepted.map((m) => `${m.check} on ${m.operation}: ${m.reason}`).join('; ')})`);
  if (b.expired.length > 0) parts.push(`${b.expired.length} baseline entr(ies) expired and fail again (${b.expired.map((m) => `${m.check} on ${m.operation}, expired ${m.expires}`).join('; ')})`);
  if (b.fixed.length > 0) parts.push(`${b.fixed.length} baseline entr(ies) no longer occur: fixed, remove them from the baseline (${b.fixed.map((m) => `${m.check} on ${m.operation} ${m.fingerprint}`).join('; ')})`);
  return parts.length > 0 ? `Baseline: ${parts.join('. ')}.` : '';
}

/**
 * A baseline of every failure of a run (`--write-baseline`), one entry per fingerprint, for a
 * user to edit: the reasons of `previous` entries are kept, new ones get {@link TODO_REASON}.
 */
export function baselineOf(results: readonly CheckResult[], previous?: Baseline): Baseline {
  const old = new Map((previous?.accepted ?? []).map((e) => [e.fingerprint, e]));
  const entries = new Map<string, BaselineEntry>();
  for (const r of results) {
    if (r.outcome !== 'fail' || r.fingerprint === undefined || entries.has(r.fingerprint)) continue;
    const was = old.get(r.fingerprint);
    entries.set(r.fingerprint, {
      fingerprint: r.fingerprint,
      check: r.check,
      operation: r.operation,
      finding: r.message.slice(0, 300),
      reason: was?.reason ?? TODO_REASON,
      ...(was?.expires === undefined ? {} : { expires: was.expires }),
    });
  }
  return { format: BASELINE_FORMAT, accepted: [...entries.values()] };
}
