/**
 * One way to write a file (issue 29, docs/threat-model.md class F): every output flag writes
 * through conformance/files.ts. For each output flag a symbolic link is planted at the output
 * (and at the side files the old writers used: `FILE.tmp`, `FILE.spool`) pointing at a file that
 * must survive: the kit refuses (exit 2 or a UsageError) and the file pointed to is unchanged.
 * Files holding traffic or signatures are 0600, shared reports 0644.
 */
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactorFor, runConformance, UsageError, writeFileSafely, PRIVATE, SHARED, type Exchange, type Report } from '../../conformance/index.js';
import { createRecorder, harOfRun, writeRunHar } from '../../traffic/index.js';
import { writeRunOutputs } from '../../cli/run-outputs.js';
import { writeReports } from '../../cli/reports.js';
import { runCli } from '../helpers/cli.js';
import { listeningMock } from '../helpers/servers.js';

const dir = mkdtempSync(join(tmpdir(), 'file-writer-'));
const VICTIM_TEXT = 'precious: must never be overwritten\n';
let n = 0;

/** A victim file and a fresh folder with a link to it planted at `name` (and at each of `alsoAt`). */
function planted(name: string, ...alsoAt: string[]): { victim: string; path: string } {
  const sub = join(dir, `case-${n++}`);
  mkdirSync(sub, { recursive: true });
  const victim = join(dir, `victim-${n}.txt`);
  writeFileSync(victim, VICTIM_TEXT);
  for (const p of [name, ...alsoAt]) symlinkSync(victim, join(sub, p));
  return { victim, path: join(sub, name) };
}
const intact = (victim: string): void => expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
const mode = (p: string): number => statSync(p).mode & 0o777;

describe('writeFileSafely', () => {
  it('writes, replaces a regular file, leaves no side file, and sets the mode asked', () => {
    const p = join(dir, 'plain', 'out.json');
    writeFileSafely(p, 'one', { mode: PRIVATE, flag: '--x' });
    writeFileSafely(p, 'two', { mode: PRIVATE, flag: '--x' });
    expect(readFileSync(p, 'utf8')).toBe('two');
    expect(mode(p)).toBe(0o600);
    expect(readdirSync(join(dir, 'plain'))).toEqual(['out.json']);
  });

  it('refuses a link at the target and never writes through it', () => {
    const { victim, path } = planted('out.json');
    expect(() => writeFileSafely(path, 'evil', { mode: SHARED, flag: '--report' })).toThrow(UsageError);
    intact(victim);
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
  });

  it('refuses a folder at the target', () => {
    const p = join(dir, 'a-folder');
    mkdirSync(p, { recursive: true });
    expect(() => writeFileSafely(p, 'x', { mode: SHARED, flag: '--report' })).toThrow(/not a regular file/);
  });
});

describe('every output flag refuses a planted link (issue 29)', () => {
  let close: () => Promise<void>;
  let url: string;
  let report: Report;
  let exchanges: readonly Exchange[] = [];
  const options = (): { baseUrl: string; apiKey: string; checks: string[]; fuzzRequests: number; maxRequests: number; headers: Record<string, string> } => ({
    baseUrl: url,
    apiKey: 'demo-premium',
    checks: ['envelope-data'],
    fuzzRequests: 0,
    maxRequests: 30,
    headers: {},
  });

  beforeAll(async () => {
    ({ url, close } = await listeningMock());
    report = await runConformance({
      ...options(),
      onExchanges: (list) => {
        exchanges = list;
      },
    });
  }, 60_000);
  afterAll(() => close());

  it('--report (json, junit, html)', () => {
    for (const format of ['json', 'junit', 'html'] as const) {
      const { victim, path } = planted(`r.${format}`);
      expect(() =>
        writeReports(
          [{ format, path }],
          report,
          (t) => t,
          () => undefined,
        ),
      ).toThrow(UsageError);
      intact(victim);
    }
    const ok = join(dir, 'ok', 'r.json');
    writeReports(
      [{ format: 'json', path: ok }],
      report,
      (t) => t,
      () => undefined,
    );
    expect(mode(ok) & 0o600).toBe(0o600);
  });

  it('--record (the run HAR, and the old FILE.tmp side file)', async () => {
    const { victim, path } = planted('run.har', 'run.har.tmp');
    await expect(writeRunOutputs({ record: path }, report, options(), exchanges, redactorFor(options()), Date.now(), () => undefined)).rejects.toThrow(UsageError);
    intact(victim);
    // A link only at the old side file: the HAR is written (0600), the link's target untouched.
    const side = planted('x', 'run2.har.tmp');
    const har = join(side.path, '..', 'run2.har');
    writeRunHar(har, harOfRun(exchanges, redactorFor(options(), 'recording'), {}, '0', Date.now()));
    intact(side.victim);
    expect(mode(har)).toBe(0o600);
  });

  it('--certificate (0600) and --write-baseline', async () => {
    const cert = planted('cert.json');
    await expect(writeRunOutputs({ certificate: cert.path }, report, options(), exchanges, redactorFor(options()), Date.now(), () => undefined)).rejects.toThrow(UsageError);
    intact(cert.victim);
    const base = planted('baseline.json');
    await expect(writeRunOutputs({ writeBaseline: base.path }, report, options(), exchanges, redactorFor(options()), Date.now(), () => undefined)).rejects.toThrow(UsageError);
    intact(base.victim);
    const ok = join(dir, 'ok2', 'cert.json');
    await writeRunOutputs({ certificate: ok }, report, options(), exchanges, redactorFor(options()), Date.now(), () => undefined);
    expect(mode(ok)).toBe(0o600);
  });

  it('proxy --record: a link at FILE.spool or at FILE is refused', () => {
    const spool = planted('proxy.har.spool');
    const path = join(spool.path, '..', 'proxy.har');
    expect(() => createRecorder({ path, redactor: redactorFor(options(), 'recording') })).toThrow(UsageError);
    intact(spool.victim);
    const har = planted('proxy2.har');
    expect(() => createRecorder({ path: har.path, redactor: redactorFor(options(), 'recording') })).toThrow(UsageError);
    intact(har.victim);
  });

  it('proxy --record writes its parts 0600 and removes its spool', async () => {
    const path = join(dir, 'rec', 'p.har');
    mkdirSync(join(dir, 'rec'), { recursive: true });
    const rec = createRecorder({ path, redactor: redactorFor(options(), 'recording') });
    await rec.close();
    expect(mode(path)).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ log: { version: '1.2' } });
  });

  it('the CLI exits 2 and names the flag: conformance --from-har --report / --drift at a link', async () => {
    const har = join(dir, 'empty.har');
    writeRunHar(har, harOfRun(exchanges, redactorFor(options(), 'recording'), {}, '0', Date.now()));
    const rep = planted('offline.json');
    const r1 = await runCli(['conformance', '--from-har', har, '--report', `json=${rep.path}`]);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toMatch(/--report .*symbolic link/);
    intact(rep.victim);
    const drift = planted('drift.yaml');
    const r2 = await runCli(['conformance', '--from-har', har, '--drift', drift.path]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/--drift .*symbolic link/);
    intact(drift.victim);
  }, 60_000);
});
