/**
 * The conformance CLI against hostile and broken servers (issue 9), as a vendor's CI runs it:
 * every case must end (bounded in time), never crash, never put a secret in any output in any
 * form (stdout, stderr, JSON, JUnit, HTML), never put a raw control character on the console,
 * and give the right verdict and exit code: 0 pass, 1 fail, 3 inconclusive.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { BIN, runToEnd } from '../helpers/cli.js';
import { FREE, hostileServer, SECRET } from '../helpers/hostile.js';

const HEADER_SECRET = 'hdr-value-9f8e7d6c';
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((c) => c()));
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  files: string[];
  ms: number;
}

/** Runs the CLI against a hostile server with all three reports; `keys: false` sends no key. */
async function cli(name: string, extra: string[] = [], keys = true): Promise<Run> {
  const server = await hostileServer(name);
  closers.push(server.close);
  const dir = mkdtempSync(join(tmpdir(), 'hostile-'));
  const paths = ['r.json', 'r.xml', 'r.html'].map((f) => join(dir, f));
  const args = [
    BIN,
    'conformance',
    '--base-url',
    server.url,
    '--rate-limit',
    '0',
    '--timeout',
    '3000',
    '--max-time',
    '60',
    ...(keys ? ['--api-key', SECRET, '--free-key', FREE, '--header', `X-Extra: ${HEADER_SECRET}`] : []),
    '--report',
    `json=${paths[0]}`,
    '--report',
    `junit=${paths[1]}`,
    '--report',
    `html=${paths[2]}`,
    ...extra,
  ];
  const started = Date.now();
  const finished = await runToEnd(process.execPath, args);
  const files = paths.map((p) => {
    try {
      return readFileSync(p, 'utf8');
    } catch {
      return '';
    }
  });
  return { ...finished, files, ms: Date.now() - started };
}

/**
 * True when the text holds a secret in any form: literally, any 6-character piece of it, or
 * such a piece after undoing JSON (`\u0053`, any number of backslashes), percent and HTML
 * character-reference escapes. Written apart from the suite's redactor, to judge it.
 */
function leaks(text: string, secret: string): boolean {
  const plain = text
    .replace(/\\+u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/%([0-7][0-9a-fA-F])/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCharCode(Number(d)))
    .replace(/&#x([0-9a-fA-F]+);/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  for (let i = 0; i + 6 <= secret.length; i++) if (plain.includes(secret.slice(i, i + 6))) return true;
  return false;
}

const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** What every run must show, whatever the server did. */
function expectSafe(run: Run): void {
  for (const text of [run.stdout, run.stderr, ...run.files]) {
    for (const secret of [SECRET, FREE, HEADER_SECRET]) expect(leaks(text, secret), `a form of ${secret.slice(0, 4)}... leaked`).toBe(false);
  }
  expect(run.stdout + run.stderr).not.toMatch(RAW_CONTROL);
  expect(run.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/); // no stack trace
  const [json, junit, html] = run.files;
  expect(json, 'the JSON report was written').not.toBe('');
  expect(() => JSON.parse(json as string)).not.toThrow();
  expect(junit).toMatch(/^<\?xml[\s\S]*<\/testsuites>\s*$/);
  expect(junit).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  expect(html).not.toMatch(RAW_CONTROL);
}

const verdictOf = (run: Run): string => (JSON.parse(run.files[0] as string) as { summary: { verdict: string } }).summary.verdict;

describe('verdicts that cannot lie', () => {
  it('no key against a conforming server: inconclusive (exit 3), saying what could not be judged and what to do', async () => {
    const run = await cli('good', [], false);
    expectSafe(run);
    expect(run.code).toBe(3);
    expect(verdictOf(run)).toBe('inconclusive');
    expect(run.stdout).toMatch(/^INCONCLUSIVE: /m);
    expect(run.stdout).toContain('no --api-key: A3, A4, B3, B4 and display[identifiers] could not be judged');
    expect(run.stdout).toMatch(/--allow-skip [a-z0-9-]+(,[a-z0-9-]+)*/);
  }, 60_000);

  it('--allow-skip with the checks named accepts the partial run (exit 0); one not named keeps it inconclusive', async () => {
    const server = await hostileServer('good');
    closers.push(server.close);
    const report = await runConformance({ baseUrl: server.url, rateLimit: 0 });
    const ids = report.summary.notJudged.map((n) => n.check);
    expect(ids.length).toBeGreaterThan(0);
    const all = await cli('good', ['--allow-skip', ids.join(',')], false);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^PASS: /m);
    expect(all.stdout).toContain('allowed by --allow-skip');
    const some = await cli('good', ['--allow-skip', ids.slice(1).join(',') || 'transport'], false);
    expect(some.code).toBe(3);
  }, 90_000);

  it('both keys against a conforming server: pass (exit 0)', async () => {
    const run = await cli('good');
    expectSafe(run);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^PASS: /m);
  }, 60_000);

  it.each([
    ['reject-every-key', /status 401/],
    ['rate-limit-forever', /rate limited: Retry-After asks for 999999 s|rate limited: the server has kept answering 429/],
    ['html-404', /status 404/],
  ])(
    '%s: inconclusive (exit 3) with the reason, never a pass',
    async (name, reason) => {
      const run = await cli(name);
      expectSafe(run);
      expect(run.code).toBe(3);
      expect(verdictOf(run)).toBe('inconclusive');
      expect(run.stdout + run.stderr).toMatch(reason);
      expect(run.ms).toBeLessThan(45_000);
    },
    60_000,
  );

  // Round 4 vendor probe: a server that redirects its /v3/ paths does not serve them (§9), a must-level failure, no longer only inconclusive.
  it('redirect-loop-with-key: fail (exit 1) with versioned-paths, the redirect said, never a pass', async () => {
    const run = await cli('redirect-loop-with-key');
    expectSafe(run);
    expect(run.code).toBe(1);
    expect(verdictOf(run)).toBe('fail');
    expect(run.stdout + run.stderr).toMatch(/versioned-paths/);
    expect(run.stdout + run.stderr).toMatch(/redirected \(302\)|answered 302/);
    expect(run.ms).toBeLessThan(45_000);
  }, 60_000);

  it('Retry-After: 30 on every answer: the run keeps to --max-time', async () => {
    const run = await cli('retry-after-30', ['--max-time', '5']);
    expectSafe(run);
    expect(run.code).toBe(3);
    expect(run.ms).toBeLessThan(30_000);
  }, 60_000);
});

describe('secrets never appear in any output, in any form', () => {
  // `shown`: the server's text did reach the outputs, so the absence of the key means something.
  it.each([
    ['echo-key-escaped', /key \[redacted\] was rejected/],
    ['key-at-trim-edge', /x{100}Bearer /],
    ['redirect-loop-with-key', /token=\[redacted\]/],
  ])(
    '%s',
    async (name, shown) => {
      const run = await cli(name);
      expectSafe(run);
      expect(run.stdout + run.stderr + run.files.join('')).toMatch(shown);
    },
    60_000,
  );
});

describe('hostile bodies and headers become findings, never crashes', () => {
  it('a title nested 5,000 arrays deep: a finding, reports written', async () => {
    const run = await cli('deep-nesting');
    expectSafe(run);
    expect(run.code).toBe(1);
    expect(run.files[0]).toContain('nests more than 256 levels deep');
  }, 60_000);

  it('2,000 Content-Encoding values: a finding, no crash', async () => {
    const run = await cli('content-encoding-flood');
    expectSafe(run);
    expect(run.code).toBe(1);
    expect(run.files[0]).toMatch(/"check": "transport"[^}]*"outcome": "fail"/);
  }, 60_000);

  it('an unsolicited 100 Continue before every answer: judged as usual (exit 0)', async () => {
    const run = await cli('continue-first');
    expectSafe(run);
    expect(run.code).toBe(0);
  }, 60_000);

  it('control characters in member names, bodies and headers: escaped on the console, reports well-formed', async () => {
    // Two checks only, so that the redirect's Location (with a C1 CSI byte) is among the failures printed.
    const run = await cli('control-characters', ['--checks', 'transport,response-schema']);
    expectSafe(run);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/^PASS: 999/m);
    expect(run.stdout).toContain('redirected (302) to /x\\x9b31mRED\\x9b0m');
  }, 60_000);
});

describe('silent corruption gets a finding that names the real problem', () => {
  it.each([
    ['invalid-utf8', /not valid UTF-8/],
    ['duplicate-names', /member name "sku" occurs twice/],
    ['huge-integer-ids', /integer 9007199254740993 is beyond 2\^53/],
    ['bom', /byte order mark \(BOM/],
    ['number-overflow', /1e400 overflows a 64-bit float/],
  ])(
    '%s',
    async (name, message) => {
      const server = await hostileServer(name);
      closers.push(server.close);
      const report = await runConformance({ baseUrl: server.url, apiKey: SECRET, freeKey: FREE, rateLimit: 0 });
      const found = report.results.filter((r) => r.outcome === 'fail' && message.test(r.message));
      expect(
        found.length,
        report.results
          .filter((r) => r.outcome === 'fail')
          .map((r) => `${r.check}: ${r.message}`)
          .join('\n'),
      ).toBeGreaterThan(0);
    },
    60_000,
  );
});
