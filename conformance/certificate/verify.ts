/**
 * Verifying a certificate offline (`resale-kit verify`): its form (the shipped JSON Schema), its
 * inner consistency (the rows hash to the registry digest it states, the verdict follows from
 * the rows, every accepted check names its baseline entry), its signature (with a public key),
 * that the contract and the suite it names are this installed kit's (or a given contract's), and
 * that a given HAR is the recording it names. Everything read from a certificate is data: every
 * line returned is made terminal-safe by the caller.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { documentValidator } from '../../contract/index.js';
import { CHECKS } from '../checks/index.js';
import { UsageError } from '../errors.js';
import { TOOL_VERSION } from '../../generated/version.js';
import { sha256 } from './baseline.js';
import { contractDigest, registryDigest, sourceOf, verdictOfChecks, type Certificate } from './certificate.js';
import { readSchema } from './schemas.js';
import { parseStrictJson } from '../strict-json.js';
import { checkSignature, type LoadedKey } from './sign.js';

/** The checks that judge only what the answers allow: a certificate lists them among its allowed skips whatever the flags. */
const OPTIONAL: ReadonlySet<string> = new Set(CHECKS.filter((c) => c.optional).map((c) => c.id));

/** What to verify a certificate with. */
export interface VerifyInputs {
  /** The public key (`--public-key`); required when the certificate is signed. */
  publicKey?: LoadedKey;
  /** The recording (`--har`): its file name and bytes. */
  har?: { path: string; bytes: Uint8Array };
  /** A contract to compare with instead of the installed one (`--contract`): its file name and digest. */
  contract?: { path: string; digest: string };
}

/** The result: valid or not, why not, and the lines to print. */
export interface Verification {
  valid: boolean;
  /** Why it is invalid (empty when valid). */
  problems: string[];
  /** What was found, one line each (certificate text included: print through `terminalSafe`). */
  lines: string[];
}

/**
 * Reads a contract file (`--contract`, YAML or JSON) and gives its digest as certificates compute it.
 * @throws UsageError when it cannot be read or parsed.
 */
export function contractFileDigest(path: string): { path: string; digest: string } {
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`--contract ${path}: ${(err as NodeJS.ErrnoException).code ?? 'not YAML or JSON'}: give the openapi.yaml the run was judged against`);
  }
  return { path, digest: contractDigest(doc) };
}

let validate: ((value: unknown) => { pointer: string; message: string }[]) | undefined;

/**
 * Verifies a certificate's text: parsed strictly first (conformance/strict-json.ts), so a member
 * written twice (`"verdict": "fail"` then `"pass"`) makes it invalid instead of read as the last.
 * @returns as {@link verifyCertificate}; invalid with the reason when the text is not strict JSON.
 * @throws UsageError as {@link verifyCertificate}.
 */
export async function verifyCertificateText(text: string, inputs: VerifyInputs): Promise<Verification> {
  const parsed = parseStrictJson(text);
  if (!parsed.ok) return { valid: false, problems: [`not a valid resale-kit certificate: ${parsed.why}`], lines: [] };
  return verifyCertificate(parsed.value, inputs);
}

/**
 * Verifies a parsed certificate (give its text to {@link verifyCertificateText}: a parsed value
 * can no longer show a repeated member).
 * @throws UsageError when it is signed and no public key is given (the signature cannot be checked).
 */
export async function verifyCertificate(value: unknown, inputs: VerifyInputs): Promise<Verification> {
  const problems: string[] = [];
  const lines: string[] = [];
  validate ??= documentValidator(readSchema('certificate.schema.json'));
  const violations = validate(value);
  if (violations.length > 0) {
    return {
      valid: false,
      problems: [
        `not a valid resale-kit certificate (certificate.schema.json): ${violations
          .slice(0, 5)
          .map((v) => `${v.pointer || '/'} ${v.message.replace(/^\S+ /, '')}`)
          .join('; ')}`,
      ],
      lines,
    };
  }
  const cert = value as Certificate;
  if (cert.signed !== (cert.signature !== null)) problems.push(`"signed" is ${String(cert.signed)} but the certificate ${cert.signature === null ? 'has no' : 'has a'} signature`);

  // Signature.
  if (cert.signature !== null) {
    if (!inputs.publicKey) throw new UsageError("this certificate is signed: give the signer's public key with --public-key key.pub to verify it");
    const sig = await checkSignature(cert as unknown as Record<string, unknown>, inputs.publicKey);
    // The key id shown is the verifying key's (a thumbprint computed here), never the header's claim.
    if (sig.ok) {
      lines.push(`signature: valid (${sig.alg}, key ${inputs.publicKey.kid})`);
      if (sig.kid !== undefined && sig.kid !== inputs.publicKey.kid) {
        lines.push(`signature: its header names key ${sig.kid}, which is not the verifying key's thumbprint`);
        problems.push(`the signature's header names key ${sig.kid} but it verifies with key ${inputs.publicKey.kid}`);
      }
    } else {
      lines.push(`signature: INVALID: ${sig.why}`);
      problems.push(`signature: ${sig.why}`);
    }
  } else {
    lines.push('signature: none. UNSIGNED certificate: digests only, anyone could have written or edited it');
    if (inputs.publicKey) problems.push('--public-key was given but the certificate is not signed');
  }

  // Inner consistency: the rows are the registry the digest names, the verdict follows from them.
  const rowsDigest = registryDigest(cert.checks);
  if (rowsDigest !== cert.suite.registryDigest || cert.checks.length !== cert.suite.checks) {
    problems.push(`the check rows (${cert.checks.length}) do not hash to the registry digest the certificate states (${cert.suite.checks} checks): a row was removed, added or changed`);
  }
  const implied = verdictOfChecks(cert.checks, cert.options.strict, cert.options.allowSkip);
  if (implied !== cert.verdict) problems.push(`the verdict says ${cert.verdict} but the check rows imply ${implied}`);
  // A waiver is never silent: every check --allow-skip let judge nothing is listed with its reason.
  for (const c of cert.checks.filter((x) => x.outcome === 'skip' && cert.options.allowSkip.includes(x.id))) {
    if (!cert.allowedSkips.some((a) => a.check === c.id)) problems.push(`check ${c.id} judged nothing and --allow-skip names it, but allowedSkips does not list it: a waiver must be shown`);
  }
  for (const c of cert.checks.filter((x) => x.outcome === 'accepted')) {
    if (!cert.accepted.some((a) => a.check === c.id)) problems.push(`check ${c.id} is "accepted" but no accepted finding with a reason names it`);
  }
  for (const c of cert.checks) {
    const consistent =
      c.outcome === 'not-run'
        ? c.evidence === null
        : c.outcome === 'fail'
          ? c.counts.fail > c.counts.accepted && c.failing.length > 0
          : c.outcome === 'accepted'
            ? c.counts.accepted > 0 && c.counts.fail === c.counts.accepted && c.failing.length === 0
            : c.counts.fail === 0 && c.failing.length === 0 && (c.outcome === 'pass' ? c.counts.pass > 0 : c.outcome === 'skip' ? c.counts.pass === 0 && c.counts.skip > 0 : c.counts.pass + c.counts.skip === 0);
    if (!consistent) problems.push(`check ${c.id}: outcome ${c.outcome} does not agree with its counts`);
  }

  // This installed kit.
  const installed = registryDigest(CHECKS.map((c) => ({ id: c.id, level: c.level, source: sourceOf(c) })));
  const suiteSame = cert.suite.version === TOOL_VERSION && cert.suite.registryDigest === installed;
  lines.push(
    suiteSame
      ? `suite: resale-kit ${cert.suite.version}, check registry ${cert.suite.registryDigest}: matches this installed version`
      : `suite: DIFFERS: certificate resale-kit ${cert.suite.version} (registry ${cert.suite.registryDigest}), installed ${TOOL_VERSION} (registry ${installed})`,
  );
  if (!suiteSame)
    problems.push(cert.suite.version !== TOOL_VERSION ? `suite version differs (certificate ${cert.suite.version}, installed ${TOOL_VERSION})` : 'the check registry differs from this installed version (ids, levels or sources)');
  const contract = inputs.contract ?? { path: 'the contract of this installed resale-kit', digest: contractDigest() };
  if (cert.contract.digest === contract.digest) lines.push(`contract: ${cert.contract.digest} matches ${contract.path}`);
  else {
    lines.push(`contract: DIFFERS: certificate ${cert.contract.digest}, ${contract.path} ${contract.digest}`);
    problems.push(`contract digest differs from ${contract.path}`);
  }

  // Evidence.
  if (inputs.har) {
    const digest = sha256(inputs.har.bytes);
    if (cert.evidence.har === null) problems.push(`--har ${inputs.har.path} was given but the certificate names no recording (the run had no --record)`);
    else if (cert.evidence.har.digest !== digest) {
      lines.push(`evidence: HAR DIFFERS: certificate ${cert.evidence.har.digest}, ${inputs.har.path} ${digest}`);
      problems.push(`the HAR ${inputs.har.path} is not the recording the certificate names`);
    } else lines.push(`evidence: HAR ${inputs.har.path} matches ${digest} (${cert.evidence.har.entries} entries)`);
  } else lines.push(cert.evidence.har ? `evidence: HAR ${cert.evidence.har.digest} (${cert.evidence.har.entries} entries) not checked: give it with --har` : 'evidence: no recording (the run had no --record)');

  // What the certificate says.
  const self = Object.entries(cert.target.self)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  lines.push(`target: ${cert.target.baseUrl}${self ? ` (${self})` : ''}`);
  lines.push(`run: ${cert.startedAt} to ${cert.endedAt} (UTC), ${cert.requests} requests, seed ${JSON.stringify(cert.options.seed)}`);
  lines.push(`profile: ${cert.profile.name} (${cert.profile.description})`);
  lines.push(`verdict: ${cert.verdict.toUpperCase()}: ${cert.reason}`);
  const waived = [
    ...cert.accepted.map((a) => `  accepted by the baseline: ${a.check} on ${a.operation} (${a.rows} row(s)): ${a.reason}${a.expires ? ` (until ${a.expires})` : ''}`),
    // An optional check is allowed to judge nothing without --allow-skip: not credited to a flag the run never had (newcomer 2, finding 2).
    ...cert.allowedSkips.map((s) => (OPTIONAL.has(s.check) ? `  optional, judged only where the answers allow: ${s.check}: ${s.reason}` : `  allowed to judge nothing (--allow-skip): ${s.check}: ${s.reason}`)),
  ];
  lines.push(waived.length > 0 ? 'waived:' : 'waived: nothing', ...waived);
  const unclaimed = cert.checks.filter((c) => c.outcome === 'not-claimed').map((c) => c.id);
  if (unclaimed.length > 0) lines.push(`not claimed by profile ${cert.profile.name}: ${unclaimed.join(', ')}`);
  const notRun = cert.checks.filter((c) => c.outcome === 'not-run').map((c) => c.id);
  if (notRun.length > 0) lines.push(`not run (--checks, --exclude-checks): ${notRun.join(', ')}`);
  return { valid: problems.length === 0, problems, lines };
}
