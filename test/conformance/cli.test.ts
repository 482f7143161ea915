/**
 * `resale-kit conformance` as CI runs it: exit 0 on a conforming server, 1 on a must-level
 * failure (and on a should-level one under --strict), 2 on usage errors and unreachable
 * servers; reports written; keys and header values nowhere in any output.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IDS, CHECKS, parsePathSegment, resolveConformanceOptions, UsageError } from '../../conformance/index.js';
import { runCli } from '../helpers/cli.js';
import { listeningMock } from '../helpers/servers.js';

const SECRET = 'sk-very-secret-0123';
const HEADER_SECRET = 'hdr-secret-4567';

const run = (args: string[]) => runCli(['conformance', ...args]);

let good: Awaited<ReturnType<typeof listeningMock>>;
let mutant: Awaited<ReturnType<typeof listeningMock>>;
let shouldOnly: Awaited<ReturnType<typeof listeningMock>>;
beforeAll(async () => {
  good = await listeningMock({ keys: { [SECRET]: 'Pro', 'free-one': 'Free' } });
  mutant = await listeningMock({ keys: { [SECRET]: 'Pro' }, mutant: 'b2-no-variants' });
  shouldOnly = await listeningMock({ keys: { [SECRET]: 'Pro' }, mutant: 'sales-out-of-order' });
});
afterAll(async () => {
  await Promise.all([good?.close(), mutant?.close(), shouldOnly?.close()]);
});

describe('resale-kit conformance', () => {
  it('exits 0 on a conforming server, writes every report, and never prints the keys', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conf-'));
    const res = await run([
      '--base-url',
      good.url,
      '--api-key',
      SECRET,
      '--free-key',
      'free-one',
      '--header',
      `X-Extra: ${HEADER_SECRET}`,
      '--rate-limit',
      '0',
      '--report',
      `json=${join(dir, 'r.json')}`,
      '--report',
      `junit=${join(dir, 'r.xml')}`,
      '--report',
      `html=${join(dir, 'r.html')}`,
    ]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^PASS: \d+ passed, 0 failed, 0 skipped/m);
    expect(res.stderr).toMatch(new RegExp(`\\[\\d+/${CHECKS.length}\\] response-schema`));
    const files = ['r.json', 'r.xml', 'r.html'].map((f) => readFileSync(join(dir, f), 'utf8'));
    for (const text of [res.stdout, res.stderr, ...files]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(HEADER_SECRET);
      expect(text).not.toContain('free-one');
    }
    expect(JSON.parse(files[0] as string).summary.verdict).toBe('pass');
    expect(files[1]).toContain('<testsuites');
  });

  it('exits 1 on a must-level failure and names it', async () => {
    const res = await run(['--base-url', mutant.url, '--api-key', SECRET, '--rate-limit', '0']);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/b2-variants \(must\) getMarketBProduct: variants is null/);
    expect(res.stdout).toMatch(/^FAIL: /m);
  });

  it('a should-level failure passes, and fails under --strict', async () => {
    const lenient = await run(['--base-url', shouldOnly.url, '--api-key', SECRET, '--rate-limit', '0', '--checks', 'sales-newest-first,response-schema']);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/sales-newest-first \(should\)/);
    const strict = await run(['--base-url', shouldOnly.url, '--api-key', SECRET, '--rate-limit', '0', '--checks', 'sales-newest-first', '--strict']);
    expect(strict.code).toBe(1);
  });

  it.each([
    [['--api-key', 'k'], '--base-url is required'],
    [['--base-url', 'not a url'], '--base-url must be an absolute http(s) URL'],
    [['--base-url', 'localhost:5110'], '--base-url must be an absolute http(s) URL such as http://127.0.0.1:4010, got "localhost:5110"'], // newcomer probe 7
    [['--base-url', 'http://127.0.0.1:1', '--checks', 'nope'], 'unknown check "nope"'],
    [['--base-url', 'http://127.0.0.1:1', '--report', 'pdf=x.pdf'], '--report must be json=PATH'],
    [['--base-url', 'http://127.0.0.1:1', '--header', 'no colon here'], "--header must look like 'Name: value'"],
    [['--base-url', 'http://127.0.0.1:1', '--path-segment', 'no_such_market=x'], '--path-segment must be market_a=NAME'],
    // Outside attacker, finding 21: a dot-segment (RFC 3986 §3.3) climbs out of /v3/ on the wire while reports show it unresolved.
    [['--base-url', 'http://127.0.0.1:1', '--path-segment', 'market_a=..'], '--path-segment NAME must not be "." or ".."'],
    [['--base-url', 'http://127.0.0.1:1', '--path-segment', 'market_b=.'], '--path-segment NAME must not be "." or ".."'],
    [['--base-url', 'http://127.0.0.1:1', '--timeout', 'soon'], '--timeout must be a number'],
  ])('exits 2 on usage error %j', async (args, message) => {
    const res = await run(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
  });

  it('refuses dot-segments given to the library too, and keeps names that merely hold dots (finding 21)', () => {
    expect(() => parsePathSegment('market_a=..')).toThrow(UsageError);
    expect(() => parsePathSegment('market_a=.')).toThrow(UsageError);
    expect(parsePathSegment('market_a=v3.1')).toEqual(['market_a', 'v3.1']);
    expect(parsePathSegment('market_a=...')).toEqual(['market_a', '...']);
    expect(() => resolveConformanceOptions({ baseUrl: 'http://127.0.0.1:1', pathSegments: { market_a: '..' } }, [])).toThrow(/--path-segment NAME must not be/);
    expect(() => resolveConformanceOptions({ baseUrl: 'http://127.0.0.1:1', pathSegments: { market_a: 'a/b' } }, [])).toThrow(UsageError);
    expect(resolveConformanceOptions({ baseUrl: 'http://127.0.0.1:1', pathSegments: { market_a: 'tenant-a' } }, []).pathSegments).toEqual({ market_a: 'tenant-a' });
  });

  it('exits 2 when the server cannot be reached', async () => {
    const res = await run(['--base-url', 'http://127.0.0.1:1', '--api-key', SECRET, '--rate-limit', '0']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:1/);
    expect(res.stderr).not.toContain(SECRET);
  });

  it('--list-checks lists every check with its level and requirement', async () => {
    const res = await run(['--list-checks']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/a2-variants-flag +must/);
    expect(res.stdout).toMatch(/§4\.1 A2 rule 1/);
  });
});

describe('keys and headers given in code (attacker probe 7)', () => {
  const base = { baseUrl: 'http://127.0.0.1:1' };
  it.each([
    ['a number as the key', { apiKey: 12345 }, /--api-key must be text of visible ASCII/],
    ['a key with a line break', { apiKey: 'key\r\nX-Evil: 1' }, /--api-key must be text of visible ASCII/],
    ['a free key of non-ASCII characters', { freeKey: 'ключ' }, /--free-key must be text of visible ASCII/],
    ['a header name with a space', { headers: { 'X A(': 'v' } }, /is not a header name/],
    ['a header value with a line break', { headers: { 'X-Token': 'a\nb' } }, /--header X-Token: the value must be text without line breaks/],
    ['headers that are not an object', { headers: null }, /headers must be an object/],
    ['queries that are text, not a list', { queries: 'dunk' }, /--query: queries must be a list/],
  ])('%s: a UsageError that names the option and never the value', (_what, extra, message) => {
    const run = (): unknown => resolveConformanceOptions({ ...base, ...(extra as object) } as never, CHECK_IDS);
    expect(run).toThrow(UsageError);
    expect(run).toThrow(message);
    expect(() => run()).not.toThrow(/ключ|X-Evil|12345/);
  });
});
