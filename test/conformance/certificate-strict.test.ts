/**
 * Strict parsers for everything signed or recorded (issue 29, docs/threat-model.md class P):
 * a certificate or baseline with a member written twice is refused (JSON.parse would keep the
 * last one: `"verdict": "fail"` then `"pass"` verified as PASS); the key id shown is the
 * verifying key's thumbprint, not the header's claim; a waiver (--allow-skip) never hidden.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCertificate,
  CHECK_IDS,
  CHECKS,
  loadBaseline,
  loadPrivateKey,
  loadPublicKey,
  parseStrictJson,
  profileNamed,
  resolveConformanceOptions,
  runConformance,
  signCertificate,
  UsageError,
  verifyCertificateText,
  type Certificate,
} from '../../conformance/index.js';
import { listOperations, loadContract, marketplacesOf } from '../../contract/index.js';
import { runCli } from '../helpers/cli.js';
import { listeningMock } from '../helpers/servers.js';

const dir = mkdtempSync(join(tmpdir(), 'cert-strict-'));
const pair = generateKeyPairSync('ed25519');
const priv = join(dir, 'k.pem');
const pub = join(dir, 'k.pub');
writeFileSync(priv, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
writeFileSync(pub, pair.publicKey.export({ type: 'spki', format: 'pem' }) as string);

let close: () => Promise<void>;
let unsigned: Certificate;
let signed: Certificate;
const write = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

beforeAll(async () => {
  const mock = await listeningMock();
  close = mock.close;
  const partial = { baseUrl: mock.url, apiKey: 'demo-premium', checks: ['envelope-data'], fuzzRequests: 0, maxRequests: 40 };
  const report = await runConformance(partial);
  const o = resolveConformanceOptions(partial, CHECK_IDS);
  const doc = loadContract();
  const ops = listOperations(doc);
  const profile = profileNamed('full', doc, ops);
  if (!profile) throw new Error('no profile');
  unsigned = buildCertificate(report, { options: o, registry: CHECKS, profile, marketplaces: marketplacesOf(ops), endedAt: Date.parse(report.startedAt) + report.durationMs });
  signed = await signCertificate(unsigned, await loadPrivateKey(priv));
}, 60_000);
afterAll(() => close());

describe('strict JSON (conformance/strict-json.ts)', () => {
  it('refuses a repeated member at any depth, and says where', () => {
    expect(parseStrictJson('{"a":1,"b":{"c":1,"c":2}}')).toEqual({ ok: false, why: expect.stringMatching(/"c" occurs more than once in the object at \/b/) });
    expect(parseStrictJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseStrictJson('\uFEFF[1e400]')).toMatchObject({ ok: false });
  });
});

describe('verify: a certificate with "verdict" twice (issue 29)', () => {
  it('the honest certificates verify (the premise)', async () => {
    expect(signed.verdict).toBe('pass');
    const ok = await runCli(['verify', write('honest.json', `${JSON.stringify(signed, null, 2)}\n`), '--public-key', pub]);
    expect(ok.code, ok.stdout).toBe(0);
    expect((await verifyCertificateText(JSON.stringify(unsigned), {})).valid).toBe(true);
  });

  it('"verdict": "fail" then "pass" is INVALID, signed or not (JSON.parse alone read it as PASS)', async () => {
    for (const [name, cert] of [
      ['signed', signed],
      ['unsigned', unsigned],
    ] as const) {
      const text = JSON.stringify(cert, null, 2).replace('"verdict": "pass"', '"verdict": "fail",\n  "verdict": "pass"');
      expect(text.match(/"verdict"/g)).toHaveLength(2);
      // What the old reading saw: a certificate of verdict pass.
      expect((JSON.parse(text) as Certificate).verdict).toBe('pass');
      const res = await runCli(['verify', write(`dup-${name}.json`, text), ...(name === 'signed' ? ['--public-key', pub] : [])]);
      expect(res.code, res.stdout).toBe(1);
      expect(res.stdout).toMatch(/INVALID/);
      expect(res.stdout).toMatch(/"verdict" occurs more than once/);
      expect(res.stdout).not.toMatch(/^VALID$/m);
    }
  });

  it('the key id shown is the verifying key’s thumbprint', async () => {
    const kid = (await loadPrivateKey(priv)).kid;
    const ok = await verifyCertificateText(JSON.stringify(signed), { publicKey: await loadPublicKey(pub) });
    expect(ok.lines.find((l) => l.startsWith('signature:'))).toBe(`signature: valid (EdDSA, key ${kid})`);
  });

  it('an --allow-skip waiver must be listed: a skipped check named in allowSkip but not in allowedSkips is INVALID', async () => {
    const skipped = unsigned.checks.find((c) => c.outcome === 'skip');
    const cert = structuredClone(unsigned);
    const target = skipped ?? cert.checks.find((c) => c.outcome === 'not-run');
    if (!target) throw new Error('no check to waive');
    const row = cert.checks.find((c) => c.id === target.id) as Certificate['checks'][number];
    row.outcome = 'skip';
    row.counts = { ...row.counts, pass: 0, fail: 0, skip: 1, accepted: 0 };
    row.failing = [];
    cert.options.allowSkip = [row.id];
    cert.allowedSkips = cert.allowedSkips.filter((s) => s.check !== row.id);
    const res = await verifyCertificateText(JSON.stringify(cert), {});
    expect(res.valid).toBe(false);
    expect(res.problems.join('\n')).toMatch(new RegExp(`check ${row.id} judged nothing and --allow-skip names it, but allowedSkips does not list it`));
  });
});

describe('--baseline with a member written twice (issue 29)', () => {
  it('is refused (exit 2), not read as the last one', async () => {
    const text = '{"format":"resale-kit-baseline/1","accepted":[{"check":"envelope-data","operation":"searchMarketAProducts","fingerprint":"x","reason":"r","reason":"s"}]}';
    const path = write('dup-baseline.json', text);
    expect(() => loadBaseline(path)).toThrow(UsageError);
    expect(() => loadBaseline(path)).toThrow(/"reason" occurs more than once/);
  });

  it("a baseline without accepted says what the root lacks, in whole words (newcomer probe 7: '/ have required property')", () => {
    const path = write('no-accepted.json', '{"format":"resale-kit-baseline/1"}');
    expect(() => loadBaseline(path)).toThrow(/: \/ must have required property 'accepted'/);
  });
});
