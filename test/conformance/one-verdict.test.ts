/**
 * One verdict everywhere (issue 31 item 5): on a server with only should-level findings (the
 * mock with the `unknown-query-refused` mutant), the exit code, the console, JUnit, JSON and
 * HTML agree: exit 0, PASS naming the findings with the hint, no JUnit `<failure>`, JSON `pass`
 * with the findings counted, HTML PASS. Under `--strict` all of them say fail. A baseline entry
 * without a real reason is honoured and warned about.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weakReason, TODO_REASON } from '../../conformance/index.js';
import { runCli, type Finished } from '../helpers/cli.js';
import { listeningMock } from '../helpers/servers.js';

const dir = mkdtempSync(join(tmpdir(), 'one-verdict-'));
let mock: Awaited<ReturnType<typeof listeningMock>>;
const runs: Record<string, Finished> = {};
const files = (name: string) => ({ junit: join(dir, `${name}.xml`), json: join(dir, `${name}.json`), html: join(dir, `${name}.html`) });
const CHECKS = 'unknown-query-ignored,response-schema,envelope-data';

async function run(name: string, extra: string[] = []): Promise<Finished> {
  const f = files(name);
  return runCli([
    'conformance',
    '--base-url',
    mock.url,
    '--api-key',
    'demo-premium',
    '--free-key',
    'demo-free',
    '--rate-limit',
    '0',
    '--checks',
    CHECKS,
    '--report',
    `junit=${f.junit}`,
    '--report',
    `json=${f.json}`,
    '--report',
    `html=${f.html}`,
    ...extra,
  ]);
}

beforeAll(async () => {
  mock = await listeningMock({ mutant: 'unknown-query-refused', seed: 'one-verdict', products: 200 });
  runs.plain = await run('plain');
  runs.strict = await run('strict', ['--strict']);
  runs.wrote = await run('wrote', ['--write-baseline', join(dir, 'baseline.json')]);
  runs.baselined = await run('baselined', ['--baseline', join(dir, 'baseline.json')]);
}, 240_000);
afterAll(async () => {
  await mock?.close();
});

const failures = (xml: string): number => (xml.match(/<failure\b/g) ?? []).length;

describe('a server with only should-level findings', () => {
  it('exit 0; the PASS line names the findings and the next line says how to fail on them or accept them', () => {
    const r = runs.plain!;
    expect(r.code).toBe(0);
    const pass = r.stdout.split('\n').find((l) => l.startsWith('PASS:'));
    expect(pass).toMatch(/should-level findings: unknown-query-ignored\)$/);
    expect(r.stdout).toMatch(/run with --strict to fail on them, or accept each with a reason/);
  });

  it('JUnit has no <failure> (the verdict case passes), the finding is in <system-err> with its level as a property', () => {
    const xml = readFileSync(files('plain').junit, 'utf8');
    expect(failures(xml)).toBe(0);
    expect(xml).toMatch(/name="resale-kit\.finding" value="should"/);
    expect(xml).toMatch(/<system-err>[^]*should-level finding \(not failing this run/);
  });

  it('JSON says pass with the should-level finding counted; HTML says PASS', () => {
    const json = JSON.parse(readFileSync(files('plain').json, 'utf8'));
    expect(json.summary.verdict).toBe('pass');
    expect(json.summary.shouldFailed).toBeGreaterThan(0);
    expect(readFileSync(files('plain').html, 'utf8')).toMatch(/<span class="verdict pass">PASS<\/span>/);
  });

  it('under --strict every output says fail: exit 1, JUnit failures, JSON fail, HTML FAIL', () => {
    expect(runs.strict!.code).toBe(1);
    expect(runs.strict!.stdout).toMatch(/^FAIL:/m);
    expect(runs.strict!.stdout).not.toMatch(/should-level findings: /);
    const xml = readFileSync(files('strict').junit, 'utf8');
    expect(failures(xml)).toBeGreaterThanOrEqual(2); // the verdict and the finding
    expect(JSON.parse(readFileSync(files('strict').json, 'utf8')).summary.verdict).toBe('fail');
    expect(readFileSync(files('strict').html, 'utf8')).toMatch(/<span class="verdict fail">FAIL<\/span>/);
  });
});

describe('baseline reasons', () => {
  it('weakReason: empty, TODO and too-short reasons are weak; a sentence is not', () => {
    for (const r of ['', '  ', TODO_REASON, 'TODO', 'todo: later', 'FIXME x', 'ok', 'n/a']) expect(weakReason(r), r).toBe(true);
    expect(weakReason('the vendor fixes this in release 4.2, ticket OPS-118')).toBe(false);
  });

  it('a baseline written by --write-baseline (TODO reasons) is honoured, and each entry is warned about on stderr and in the console', () => {
    const b = JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8'));
    expect(b.accepted.length).toBeGreaterThan(0);
    const r = runs.baselined!;
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: the baseline entry for unknown-query-ignored on \S+ gives no real reason/);
    expect(r.stdout).toMatch(/accepted \(TODO[^\n]*\(warning: no real reason given/);
    // with a real reason, no warning
    for (const e of b.accepted) e.reason = 'the vendor refuses unknown parameters on purpose until v4 (ticket OPS-118)';
    writeFileSync(join(dir, 'baseline.json'), JSON.stringify(b));
  });

  it('--strict with a baseline that gives no real reason is a usage error (exit 2) naming the entries (newcomer probe)', async () => {
    const b = JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8'));
    for (const e of b.accepted) e.reason = TODO_REASON;
    writeFileSync(join(dir, 'baseline-todo.json'), JSON.stringify(b));
    const r = await run('strict-todo', ['--strict', '--baseline', join(dir, 'baseline-todo.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--strict with --baseline: \d+ entr(y gives|ies give) no real reason \(unknown-query-ignored on /);
  }, 120_000);

  it('a reasoned baseline gives no warning', async () => {
    const r = await run('reasoned', ['--baseline', join(dir, 'baseline.json')]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/no real reason/);
    expect(r.stdout).not.toMatch(/no real reason/);
  }, 120_000);
});
