/**
 * The conformance certificate: written by `conformance --certificate`, signed with Ed25519 (or
 * P-256) as a detached JWS, verified offline by `resale-kit verify`. Every kind of tampering (a
 * changed outcome, a removed row, a swapped contract digest, a different HAR, another key) makes
 * verification fail; an unsigned certificate says so; no key appears in any output.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baselineOf,
  buildCertificate,
  CHECK_IDS,
  CHECKS,
  contractDigest,
  loadPrivateKey,
  loadPublicKey,
  profileNamed,
  readSchema,
  resolveConformanceOptions,
  runConformance,
  sha256,
  signCertificate,
  sourceOf,
  UsageError,
  verifyCertificate,
  type Certificate,
  type ConformanceOptions,
  type LoadedKey,
  type Report,
  verdictOfChecks,
} from '../../conformance/index.js';
import { contractText, documentValidator, listOperations, loadContract, marketplacesOf } from '../../contract/index.js';
import { runCli } from '../helpers/cli.js';
import { onlyMarketplace, partialServer, type PartialServer } from '../helpers/partial.js';
import { skipNote } from '../helpers/skip-reporter.js';

const PAID = 'k-paid-5e8a1c';
const FREE = 'k-free-2b7d4f';
const KEYS = { [PAID]: 'Pro', [FREE]: 'Free' } as const;
const dir = mkdtempSync(join(tmpdir(), 'cert-'));
const validate = documentValidator(readSchema('certificate.schema.json'));

/** A key pair written as PEM files. */
function keyPair(name: string, type: 'ed25519' | 'p256'): { priv: string; pub: string; pem: string } {
  const pair = type === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  writeFileSync(join(dir, `${name}.pem`), pem);
  writeFileSync(join(dir, `${name}.pub`), pair.publicKey.export({ type: 'spki', format: 'pem' }) as string);
  return { priv: join(dir, `${name}.pem`), pub: join(dir, `${name}.pub`), pem };
}

const signer = keyPair('signer', 'ed25519');
const stranger = keyPair('stranger', 'ed25519');
const ecdsa = keyPair('ecdsa', 'p256');
let signerPub: LoadedKey;
let strangerPub: LoadedKey;

/** A certificate built in-process from a run (unsigned). */
async function certify(partial: Partial<ConformanceOptions> & { baseUrl: string }): Promise<{ report: Report; cert: Certificate }> {
  const report = await runConformance(partial);
  const o = resolveConformanceOptions(partial, CHECK_IDS);
  const doc = loadContract();
  const ops = listOperations(doc);
  const profile = profileNamed(o.profile ?? 'full', doc, ops);
  if (!profile) throw new Error('no profile');
  const cert = buildCertificate(report, { options: o, registry: CHECKS, profile, marketplaces: marketplacesOf(ops.filter((op) => profile.operations.includes(op.operationId))), endedAt: Date.parse(report.startedAt) + report.durationMs });
  return { report, cert };
}

const edited = (cert: Certificate, edit: (c: Certificate) => void): Certificate => {
  const copy = structuredClone(cert);
  edit(copy);
  return copy;
};
const firstPass = (c: Certificate): Certificate['checks'][number] => c.checks.find((x) => x.outcome === 'pass' && x.level === 'must') as Certificate['checks'][number];

let server: PartialServer;
let mutant: PartialServer;
let marketB: PartialServer;
const runArgs = (url: string): string[] => ['conformance', '--base-url', url, '--api-key', PAID, '--free-key', FREE, '--rate-limit', '0', '--fuzz-requests', '1'];
let cli: { code: number | null; stdout: string; stderr: string };
let signed: Certificate;
const certFile = join(dir, 'cert.json');
const harFile = join(dir, 'run.har');

beforeAll(async () => {
  [server, mutant, marketB] = await Promise.all([
    partialServer(() => true, { keys: { ...KEYS } }),
    partialServer(() => true, { keys: { ...KEYS }, mutant: 'b2-no-variants' }),
    partialServer(onlyMarketplace('market_b'), { keys: { ...KEYS } }),
  ]);
  signerPub = await loadPublicKey(signer.pub);
  strangerPub = await loadPublicKey(stranger.pub);
  cli = await runCli([...runArgs(server.url), '--certificate', certFile, '--sign-key', signer.priv, '--record', harFile, '--report', `json=${join(dir, 'report.json')}`]);
  signed = JSON.parse(readFileSync(certFile, 'utf8')) as Certificate;
});
afterAll(async () => {
  await Promise.all([server?.close(), mutant?.close(), marketB?.close()]);
});

describe('conformance --certificate --sign-key --record', () => {
  it('writes a signed certificate of the shipped schema, with everything the issue lists', () => {
    expect(cli.code, cli.stderr).toBe(0);
    expect(validate(signed)).toEqual([]);
    expect(signed.signed).toBe(true);
    expect(signed.signature).toMatch(/^[\w-]+\.\.[\w-]+$/);
    expect(signed.contract.digest).toBe(contractDigest());
    expect(signed.contract.digest).toBe(sha256(JSON.stringify(sortKeys(loadContract()))));
    expect(signed.suite.checks).toBe(CHECKS.length);
    expect(signed.checks.map((c) => [c.id, c.level, c.source])).toEqual(CHECKS.map((c) => [c.id, c.level, sourceOf(c)]));
    expect(signed.verdict).toBe('pass');
    expect(signed.target.baseUrl).toBe(server.url);
    expect(signed.target.self).toEqual({ server: 'partial-stub/1.0', 'x-api-version': '3.0.0' });
    expect(Date.parse(signed.endedAt)).toBeGreaterThanOrEqual(Date.parse(signed.startedAt));
    expect(signed.startedAt).toMatch(/Z$/);
    expect(signed.options).toMatchObject({ seed: 'resale-kit', fuzzRequests: 1, phases: ['coverage', 'pagination', 'fuzz'], marketplaces: ['market_a', 'market_b'], apiKey: true, freeKey: true });
    expect(signed.profile.name).toBe('full');
    for (const c of signed.checks) expect(c.evidence).toMatch(/^sha256:/);
    expect(signed.evidence.har?.digest).toBe(sha256(readFileSync(harFile)));
    expect(signed.evidence.har?.entries).toBeGreaterThan(0);
  });

  it('--sign-key usage errors exit 2 before any request, never quoting the key: encrypted, a public key, no --certificate', async () => {
    const pair = generateKeyPairSync('ed25519');
    const enc = join(dir, 'enc.pem');
    writeFileSync(enc, pair.privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-128-cbc', passphrase: 'pw' }) as string);
    const base = ['conformance', '--base-url', 'http://127.0.0.1:1'];
    const encrypted = await runCli([...base, '--certificate', join(dir, 'x.json'), '--sign-key', enc]);
    expect(encrypted.code).toBe(2);
    expect(encrypted.stderr).toMatch(/--sign-key .*enc\.pem: the key is encrypted/);
    const publicOnly = await runCli([...base, '--certificate', join(dir, 'x.json'), '--sign-key', signer.pub]);
    expect(publicOnly.code).toBe(2);
    expect(publicOnly.stderr).toMatch(/not a private key in PEM/);
    expect(publicOnly.stderr).not.toContain(readFileSync(signer.pub, 'utf8').split('\n')[1]);
    const alone = await runCli([...base, '--sign-key', signer.priv]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/--sign-key signs a certificate: give --certificate FILE too/);
  });

  it('both JSON Schemas ship with the package (files and exports)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { files: string[]; exports: Record<string, string> };
    expect(pkg.files).toContain('conformance/certificate/*.schema.json');
    expect(pkg.exports['./certificate.schema.json']).toBe('./conformance/certificate/certificate.schema.json');
    expect(pkg.exports['./baseline.schema.json']).toBe('./conformance/certificate/baseline.schema.json');
    for (const f of Object.values(pkg.exports).filter((x) => typeof x === 'string' && x.endsWith('.schema.json'))) expect(existsSync(new URL(`../../${f}`, import.meta.url))).toBe(true);
  });

  it('no key (API keys, the signing key) is in the certificate, the HAR, the report or the output', () => {
    const secretBody = signer.pem.split('\n').slice(1, -2).join('');
    for (const text of [readFileSync(certFile, 'utf8'), readFileSync(harFile, 'utf8'), readFileSync(join(dir, 'report.json'), 'utf8'), cli.stdout, cli.stderr]) {
      for (const secret of [PAID, FREE, secretBody, secretBody.slice(0, 24)]) expect(text).not.toContain(secret);
    }
  });

  it('resale-kit verify: valid with the public key and the HAR (exit 0), prints the verdict', async () => {
    const res = await runCli(['verify', certFile, '--public-key', signer.pub, '--har', harFile]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^signature: valid \(EdDSA, key [\w-]+\)$/m);
    expect(res.stdout).toMatch(/^suite: .*matches this installed version$/m);
    expect(res.stdout).toMatch(/^contract: .*matches/m);
    expect(res.stdout).toMatch(/^evidence: HAR .* matches/m);
    expect(res.stdout).toMatch(/^verdict: PASS/m);
    expect(res.stdout).toMatch(/^VALID$/m);
  });

  it('still valid when the JSON is re-indented (the signature covers the canonical form)', async () => {
    const v = await verifyCertificate(JSON.parse(JSON.stringify(signed)), { publicKey: signerPub });
    expect(v.problems).toEqual([]);
    expect(v.valid).toBe(true);
  });
});

describe('tampering fails verification', () => {
  const cases: [string, (c: Certificate) => void][] = [
    ['a changed outcome', (c) => (firstPass(c).outcome = 'fail')],
    ['a changed verdict', (c) => (c.verdict = 'fail')],
    ['a removed row', (c) => c.checks.splice(3, 1)],
    ['a swapped contract digest', (c) => (c.contract.digest = sha256('another contract'))],
    ['a changed count', (c) => (firstPass(c).counts.pass += 1)],
    ['an added waiver', (c) => c.accepted.push({ fingerprint: sha256('f'), check: 'b2-variants', operation: 'getMarketBProduct', reason: 'slipped in', rows: 1 })],
    ['a swapped HAR digest', (c) => (c.evidence.har = { digest: sha256('another recording'), entries: 1 })],
    ['a changed target', (c) => (c.target.baseUrl = 'https://vendor.example')],
  ];
  it.each(cases)('signed, %s: the signature no longer matches', async (_name, edit) => {
    const v = await verifyCertificate(edited(signed, edit), { publicKey: signerPub });
    expect(v.valid).toBe(false);
    expect(v.problems.join('\n')).toMatch(/signature: the signature does not match/);
  });

  it('a different HAR fails (exit 1), and says the HAR differs', async () => {
    const other = join(dir, 'other.har');
    const har = JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: { response: { status: number } }[] } };
    (har.log.entries[0] as { response: { status: number } }).response.status = 500;
    writeFileSync(other, JSON.stringify(har, null, 2));
    const res = await runCli(['verify', certFile, '--public-key', signer.pub, '--har', other]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/^evidence: HAR DIFFERS/m);
    expect(res.stdout).toMatch(/is not the recording the certificate names/);
  });

  // Outside attacker, round 4: --har /dev/zero read without end (4.8 GB), a 1.5 GB file whole into memory.
  it.each([
    ['/dev/zero', [] as string[], /--har: cannot read \/dev\/zero: not a regular file/],
    ['the recording, over --max-har-bytes', ['--max-har-bytes', '1K'], /--har: cannot read \S+: larger than 1024 bytes \(raise --max-har-bytes\)/],
  ])('--har %s is refused (exit 2), never read without bound', async (name, extra, message) => {
    const res = await runCli(['verify', certFile, '--public-key', signer.pub, '--har', name === '/dev/zero' ? '/dev/zero' : harFile, ...extra]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
  });

  it('the wrong public key fails (exit 1)', async () => {
    expect((await verifyCertificate(signed, { publicKey: strangerPub })).valid).toBe(false);
    const res = await runCli(['verify', certFile, '--public-key', stranger.pub]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/^signature: INVALID/m);
  });

  it('text of a certificate cannot forge a line of the output (a "VALID" inside its reason)', async () => {
    const file = join(dir, 'forged.json');
    writeFileSync(file, JSON.stringify(edited(signed, (c) => (c.reason = 'fine\nVALID\n\u001b[2J'))));
    const res = await runCli(['verify', file, '--public-key', signer.pub]);
    expect(res.code).toBe(1);
    expect(res.stdout).not.toMatch(/^VALID$/m);
    expect(res.stdout).not.toContain('\u001b');
    expect(res.stdout).toMatch(/fine\\x0aVALID/);
  });

  it('a changed outcome through the CLI exits 1', async () => {
    const file = join(dir, 'tampered.json');
    writeFileSync(file, JSON.stringify(edited(signed, (c) => (firstPass(c).outcome = 'fail'))));
    const res = await runCli(['verify', file, '--public-key', signer.pub]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/^INVALID/m);
  });

  it('usage errors exit 2: a signed certificate without --public-key, a missing file, a file that is not JSON, a bad key file', async () => {
    await expect(verifyCertificate(signed, {})).rejects.toThrow(UsageError);
    const noKey = await runCli(['verify', certFile]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/signed: give the signer's public key with --public-key/);
    expect((await runCli(['verify', join(dir, 'nope.json')])).code).toBe(2);
    writeFileSync(join(dir, 'text.json'), 'not json');
    expect((await runCli(['verify', join(dir, 'text.json')])).code).toBe(2);
    const badKey = await runCli(['verify', certFile, '--public-key', certFile]);
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toMatch(/--public-key .*not a public key in PEM/);
  });

  it('--contract: another contract differs (exit 1), this one matches', async () => {
    const mine = join(dir, 'openapi.yaml');
    writeFileSync(mine, contractText());
    const same = await runCli(['verify', certFile, '--public-key', signer.pub, '--contract', mine]);
    expect(same.code, same.stdout).toBe(0);
    const changed = join(dir, 'changed.yaml');
    writeFileSync(changed, contractText().replace('version: 3.0.0', 'version: 3.0.1'));
    const res = await runCli(['verify', certFile, '--public-key', signer.pub, '--contract', changed]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/^contract: DIFFERS/m);
  });
});

describe('unsigned certificates', () => {
  let unsigned: Certificate;
  beforeAll(async () => {
    unsigned = (await certify({ baseUrl: server.url, apiKey: PAID, freeKey: FREE, rateLimit: 0, fuzzRequests: 1 })).cert;
  });

  it('say so, and verify on their digests alone', async () => {
    expect(validate(unsigned)).toEqual([]);
    expect(unsigned.signed).toBe(false);
    expect(unsigned.signature).toBeNull();
    const v = await verifyCertificate(unsigned, {});
    expect(v.valid, v.problems.join('\n')).toBe(true);
    expect(v.lines.join('\n')).toMatch(/UNSIGNED certificate: digests only/);
    const file = join(dir, 'unsigned.json');
    writeFileSync(file, JSON.stringify(unsigned));
    const res = await runCli(['verify', file]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/UNSIGNED/);
  });

  it.each([
    ['a changed outcome', (c: Certificate) => (firstPass(c).outcome = 'fail'), /outcome fail does not agree with its counts/],
    ['a must-level failure added', (c: Certificate) => (firstPass(c).failing = ['must']), /the verdict says pass but the check rows imply fail/],
    ['a removed row', (c: Certificate) => c.checks.splice(0, 1), /do not hash to the registry digest/],
    ['a swapped contract digest', (c: Certificate) => (c.contract.digest = sha256('x')), /contract digest differs/],
    ['another suite version', (c: Certificate) => (c.suite.version = '9.9.9'), /suite version differs \(certificate 9\.9\.9/],
    ['a changed count', (c: Certificate) => (firstPass(c).counts.pass = 0), /does not agree with its counts/],
    ['a signature claimed but absent', (c: Certificate) => (c.signed = true), /"signed" is true but the certificate has no signature/],
  ])('are still checked for inner consistency: %s', async (_name, edit, pattern) => {
    const v = await verifyCertificate(edited(unsigned, edit), {});
    expect(v.valid).toBe(false);
    expect(v.problems.join('\n')).toMatch(pattern);
  });

  it('an unsigned certificate given a public key is invalid (a signature was expected)', async () => {
    const v = await verifyCertificate(unsigned, { publicKey: signerPub });
    expect(v.valid).toBe(false);
  });

  it('ECDSA P-256 (ES256) signs and verifies too; an Ed25519 key does not verify it', async () => {
    const es = await signCertificate(unsigned, await loadPrivateKey(ecdsa.priv));
    expect(decodeHeader(es.signature as string)).toMatchObject({ alg: 'ES256', typ: 'resale-kit-certificate+jws' });
    expect((await verifyCertificate(es, { publicKey: await loadPublicKey(ecdsa.pub) })).valid).toBe(true);
    expect((await verifyCertificate(es, { publicKey: signerPub })).valid).toBe(false);
  });
});

describe('what a certificate records', () => {
  it('a failing run (a known defect): verdict fail, the failing check named; still a valid certificate', async () => {
    const { cert } = await certify({ baseUrl: mutant.url, apiKey: PAID, freeKey: FREE, rateLimit: 0, fuzzRequests: 1 });
    expect(cert.verdict).toBe('fail');
    expect(cert.checks.find((c) => c.id === 'b2-variants')?.outcome).toBe('fail');
    const s = await signCertificate(cert, await loadPrivateKey(signer.priv));
    const v = await verifyCertificate(s, { publicKey: signerPub });
    expect(v.valid).toBe(true);
    expect(v.lines.join('\n')).toMatch(/^verdict: FAIL/m);
  });

  it('accepted findings with their reasons: a waiver is visible, and verify prints it', async () => {
    const { report } = await certify({ baseUrl: mutant.url, apiKey: PAID, freeKey: FREE, rateLimit: 0, fuzzRequests: 1 });
    const b = baselineOf(report.results);
    const baseline = { ...b, accepted: b.accepted.map((e) => ({ ...e, reason: 'variants come in 4.2', expires: '2099-01-01' })) };
    const { cert } = await certify({ baseUrl: mutant.url, apiKey: PAID, freeKey: FREE, rateLimit: 0, fuzzRequests: 1, baseline });
    expect(cert.verdict).toBe('pass');
    expect(cert.checks.find((c) => c.id === 'b2-variants')?.outcome).toBe('accepted');
    expect(cert.accepted.length).toBeGreaterThan(0);
    expect(cert.accepted.every((a) => a.reason === 'variants come in 4.2' && a.expires === '2099-01-01')).toBe(true);
    const v = await verifyCertificate(cert, {});
    expect(v.valid, v.problems.join('\n')).toBe(true);
    expect(v.lines.join('\n')).toMatch(/accepted by the baseline: b2-variants on getMarketBProduct .*: variants come in 4\.2 \(until 2099-01-01\)/);
    // Hiding the waiver breaks the certificate even unsigned.
    expect(
      (
        await verifyCertificate(
          edited(cert, (c) => (c.accepted = [])),
          {},
        )
      ).valid,
    ).toBe(false);
  });

  it('the profile: named, its unclaimed checks listed', async () => {
    const { cert } = await certify({ baseUrl: marketB.url, apiKey: PAID, freeKey: FREE, rateLimit: 0, fuzzRequests: 1, profile: 'market-b' });
    expect(cert.verdict).toBe('pass');
    expect(cert.profile.name).toBe('market-b');
    expect(cert.options.marketplaces).toEqual(['market_b']);
    expect(cert.checks.find((c) => c.id === 'a2-variants-flag')?.outcome).toBe('not-claimed');
    const v = await verifyCertificate(cert, {});
    expect(v.valid, v.problems.join('\n')).toBe(true);
    expect(v.lines.join('\n')).toMatch(/^not claimed by profile market-b: .*a2-variants-flag/m);
  });

  it('--allow-skip waivers are listed', async () => {
    const { cert } = await certify({ baseUrl: server.url, apiKey: PAID, rateLimit: 0, fuzzRequests: 1, allowSkip: ['identifiers-not-entitled'] });
    expect(cert.allowedSkips.map((s) => s.check)).toEqual(['identifiers-not-entitled']);
    const v = await verifyCertificate(cert, {});
    expect(v.valid, v.problems.join('\n')).toBe(true);
    expect(v.lines.join('\n')).toMatch(/allowed to judge nothing \(--allow-skip\): identifiers-not-entitled/);
    // An optional check that judged nothing is waived without the flag, and said so (newcomer 2, finding 2: it was credited to --allow-skip).
    const optional = CHECKS.find((c) => c.optional)?.id ?? '';
    expect(optional).not.toBe('');
    const lines = (await verifyCertificate({ ...cert, allowedSkips: [...cert.allowedSkips, { check: optional, reason: 'no answer allowed it' }] }, {})).lines.join('\n');
    expect(lines).toContain(`optional, judged only where the answers allow: ${optional}: no answer allowed it`);
    expect(lines).not.toContain(`(--allow-skip): ${optional}`);
  });
});

describe('the verdict a certificate implies', () => {
  type Row = Parameters<typeof verdictOfChecks>[0][number];
  // 'info' comes with the severities-by-provenance work; the certificate's schema allows it already.
  const row = (id: string, outcome: Row['outcome'], levels: string[], failing: string[]): Row => ({ id, outcome, levels: levels as Row['levels'], failing: failing as Row['failing'] });
  it('reads the levels of the rows, not only of the check (a must-level check may fail a should-level rule)', () => {
    expect(verdictOfChecks([row('a', 'fail', ['must', 'should'], ['should'])], false, [])).toBe('pass');
    expect(verdictOfChecks([row('a', 'fail', ['must', 'should'], ['should'])], true, [])).toBe('fail');
    expect(verdictOfChecks([row('a', 'fail', ['must'], ['must'])], false, [])).toBe('fail');
    expect(verdictOfChecks([row('a', 'fail', ['info'], ['info'])], true, [])).toBe('pass');
    expect(verdictOfChecks([row('a', 'accepted', ['must'], [])], false, [])).toBe('pass');
    expect(verdictOfChecks([row('a', 'skip', ['must'], [])], false, [])).toBe('inconclusive');
    expect(verdictOfChecks([row('a', 'skip', ['must'], [])], false, ['a'])).toBe('pass');
    expect(verdictOfChecks([row('a', 'not-claimed', ['must'], [])], false, [])).toBe('pass');
  });
});

// The independent reference server (issue 20, test/reference/server.ts), when this checkout has it.
const REFERENCE = new URL('../reference/server.ts', import.meta.url);
describe.skipIf(!existsSync(REFERENCE))(`against the independent reference server${skipNote(!existsSync(REFERENCE), 'test/reference/server.ts is missing')}`, () => {
  it('its certificate is signed and verifies; tampering with it fails; the market-b profile is named', async () => {
    const modulePath = '../reference/server.js';
    const { startReferenceServer } = (await import(/* @vite-ignore */ modulePath)) as { startReferenceServer: (o?: object) => Promise<{ baseUrl: string; close(): Promise<void> }> };
    const ref = await startReferenceServer({});
    try {
      const { cert } = await certify({ baseUrl: ref.baseUrl, apiKey: 'ref-paid', freeKey: 'ref-free', rateLimit: 0, fuzzRequests: 1 });
      const s = await signCertificate(cert, await loadPrivateKey(signer.priv));
      expect(validate(s)).toEqual([]);
      const v = await verifyCertificate(s, { publicKey: signerPub });
      expect(v.valid, v.problems.join('\n')).toBe(true);
      expect(
        (
          await verifyCertificate(
            edited(s, (c) => c.checks.pop()),
            { publicKey: signerPub },
          )
        ).valid,
      ).toBe(false);
      const b = await certify({ baseUrl: ref.baseUrl, apiKey: 'ref-paid', freeKey: 'ref-free', rateLimit: 0, fuzzRequests: 1, profile: 'market-b' });
      expect(b.cert.profile.name).toBe('market-b');
      expect(b.cert.checks.find((c) => c.id === 'a2-variants-flag')?.outcome).toBe('not-claimed');
      expect((await verifyCertificate(b.cert, {})).valid).toBe(true);
    } finally {
      await ref.close();
    }
  });
});

/** The JSON value with object keys sorted (what RFC 8785 does to this contract, which holds no float edge cases). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function decodeHeader(jws: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jws.split('.')[0] as string, 'base64url').toString('utf8')) as Record<string, unknown>;
}
