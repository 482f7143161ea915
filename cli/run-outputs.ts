/**
 * What `resale-kit conformance` writes besides reports: the HAR of the run (`--record`), a
 * baseline of its failures (`--write-baseline`) and its certificate (`--certificate`, signed
 * with `--sign-key`). Everything written passes through the run's redactor; no key is written.
 */
import {
  baselineOf,
  buildCertificate,
  CHECK_IDS,
  CHECKS,
  FULL_PROFILE,
  PRIVATE,
  redactorFor,
  profileNamed,
  resolveConformanceOptions,
  SHARED,
  signCertificate,
  TOOL_VERSION,
  writeFileSafely,
  type Baseline,
  type ConformanceOptions,
  type Exchange,
  type LoadedKey,
  type Redactor,
  type Report,
} from '../conformance/index.js';
import { HAR_MAX_BYTES, harOfRun, writeRunHar } from '../traffic/index.js';
import { listOperations, loadContract, marketplacesOf } from '../contract/index.js';

/** The outputs asked for. */
export interface RunOutputs {
  record?: string;
  writeBaseline?: string;
  certificate?: string;
  signKey?: LoadedKey;
  /** The baseline the run used (its reasons are kept by `--write-baseline`). */
  baseline?: Baseline;
}

/**
 * Writes the requested outputs of a finished run.
 * @param options the options given to `runConformance` (resolved again here for the certificate).
 * @param exchanges every exchange of the run (for `--record`).
 * @param endedAt end of the run, milliseconds since the epoch (UTC).
 * @throws Error when a file cannot be written (the message names it).
 */
export async function writeRunOutputs(
  outputs: RunOutputs,
  report: Report,
  options: Partial<ConformanceOptions> & { baseUrl: string },
  exchanges: readonly Exchange[],
  redactor: Redactor,
  endedAt: number,
  log: (line: string) => void,
): Promise<void> {
  let har: { digest: string; entries: number } | undefined;
  if (outputs.record) {
    // The recording's redactor removes whole secrets only (pieces stay: the HAR is evidence, mode 0600).
    const recording = redactorFor({ apiKey: options.apiKey, freeKey: options.freeKey, headers: options.headers ?? {}, baseUrl: options.baseUrl }, 'recording');
    const doc = harOfRun(exchanges, recording, { apiKey: options.apiKey, freeKey: options.freeKey }, TOOL_VERSION, Date.parse(report.startedAt));
    har = writeRunHar(outputs.record, doc);
    const leftOut = doc.log._resaleKit.leftOut;
    log(`wrote the run's HAR (${har.entries} entries) to ${outputs.record}${leftOut ? `; ${leftOut} later exchange(s) left out, to keep the file within the ${HAR_MAX_BYTES / 1024 / 1024} MiB the readers take` : ''}`);
  }
  if (outputs.writeBaseline) {
    const b = baselineOf(report.results, outputs.baseline);
    writeFileSafely(outputs.writeBaseline, redactor.text(`${JSON.stringify(b, null, 2)}\n`), { mode: SHARED, flag: '--write-baseline' });
    log(`wrote a baseline of ${b.accepted.length} finding(s) to ${outputs.writeBaseline}: give each a reason (and an expiry) before using it with --baseline`);
  }
  if (outputs.certificate) {
    const o = resolveConformanceOptions(options, CHECK_IDS);
    const doc = loadContract();
    const ops = listOperations(doc);
    const profile = profileNamed(o.profile ?? FULL_PROFILE, doc, ops);
    if (!profile) throw new Error(`unknown profile ${String(o.profile)}`);
    const built = buildCertificate(report, { options: o, registry: CHECKS, profile, marketplaces: marketplacesOf(ops.filter((op) => profile.operations.includes(op.operationId))), endedAt, har });
    // Redacted before it is signed (what is signed is what is written); digests are left as
    // they are (a key's piece inside a hex digest is chance, and redacting it would break it).
    const clean = redactStrings(built, redactor);
    const cert = outputs.signKey ? await signCertificate(clean, outputs.signKey) : clean;
    // A certificate holds a signature: 0600, like the HAR it names (docs/threat-model.md).
    writeFileSafely(outputs.certificate, `${JSON.stringify(cert, null, 2)}\n`, { mode: PRIVATE, flag: '--certificate' });
    log(`wrote the ${outputs.signKey ? `certificate, signed (${outputs.signKey.alg}, key ${outputs.signKey.kid}),` : 'certificate, UNSIGNED (digests only; give --sign-key key.pem to sign it),'} to ${outputs.certificate}`);
  }
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** A JSON value with every string but digests passed through the redactor. */
function redactStrings<T>(value: T, redactor: Redactor): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return DIGEST.test(v) ? v : redactor.text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [redactor.text(k), walk(x)]));
    return v;
  };
  return walk(value) as T;
}
