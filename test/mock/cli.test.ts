/**
 * The CLI as a user runs it: `resale-kit mock` starts, prints its URL, the demo keys and an
 * example curl, and serves; bad flags exit 2 with a message; --help exits 0.
 */
import { execSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNow, resolveMockOptions } from '../../mocks/options.js';
import { BIN, listeningUrl, runCli } from '../helpers/cli.js';

describe('resale-kit mock', () => {
  it('starts on the given port and seed, prints how to use it, and serves', async () => {
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--seed', 'cli', '--products', '200', '--now', '2026-01-15T00:00:00Z'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const { url, out } = await listeningUrl(child, 20_000, 'try: curl');
      expect(out).toContain('demo-free (Free)');
      expect(out).toContain('demo-premium (Pro)');
      expect(out).toContain('clock 2026-01-15T00:00:00.000Z');
      // The printed command, run as printed (curl globbing would refuse `[...]` without -g).
      const command = /try: (curl .*)$/m.exec(out)?.[1] as string;
      expect(command).toContain('curl -g ');
      const body = JSON.parse(execSync(command, { encoding: 'utf8', shell: '/bin/sh', stdio: ['ignore', 'pipe', 'pipe'] })) as { data: { variants: unknown[] }; $schema: string };
      expect(body.data.variants.length).toBeGreaterThan(0);
      expect(body.$schema.startsWith(url)).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it.each([
    [['mock', '--products', 'lots'], '--products must be a whole number'],
    [['mock', '--now', 'yesterday'], '--now must be an ISO 8601 UTC time'],
    [['mock', '--key', 'k=Gold'], 'tier "Gold" is unknown'],
    [['mock', '--key', 'foo'], '--key needs KEY=TIER'],
    [['mock', '--products', '0'], '--products must be an integer from 1 to 2000000'],
    [['mock', '--nope'], "unknown option '--nope'"],
    // Outside attacker, finding 18: values that are not origins (RFC 6454) were served as Access-Control-Allow-Origin.
    [['mock', '--cors-origin', 'http://[::1'], '--cors-origin must be * or an origin'],
    [['mock', '--cors-origin', 'http://a.com:99999'], '--cors-origin must be * or an origin'],
    [['mock', '--cors-origin', 'http://user:CORSPW99@a.com'], '--cors-origin must be * or an origin'],
    // Outside attacker, finding 30: words that mean "off" became folders of that name.
    [['mock', '--world-cache', 'none'], 'to keep no world snapshot say off'],
    [['mock', '--world-cache', ''], '--world-cache must be auto, off or a folder'],
  ])('%j exits 2 and says what is wrong', (args, message) => {
    const res = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 20_000 });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain(message);
    expect(res.stderr).not.toContain('CORSPW99');
    expect(res.stderr).not.toMatch(/^\s+at /m);
  });

  it('--cors-origin takes exactly an origin as a browser sends it, nothing else (finding 18)', () => {
    for (const ok of ['*', 'http://localhost:5173', 'https://a.com', 'http://[::1]:8080', 'http://127.0.0.1:1']) expect(resolveMockOptions({ corsOrigin: ok }).corsOrigin).toBe(ok);
    for (const bad of [
      'http://[::1',
      'http://a.com:99999',
      'http://user:pw@a.com',
      'http://a.com/',
      'http://a.com/app',
      'http://a.com?x=1',
      'http://a.com#x',
      'HTTP://A.COM',
      'http://a.com:80',
      'ftp://a.com',
      'http://a com',
      'http://',
      'null',
      ' http://a.com',
    ]) {
      expect(() => resolveMockOptions({ corsOrigin: bad }), bad).toThrow(/--cors-origin must be \* or an origin/);
    }
    // A value that differs only in how it is written is refused with the origin it means.
    expect(() => resolveMockOptions({ corsOrigin: 'HTTP://A.COM:80' })).toThrow(/http:\/\/a\.com/);
  });

  it('--world-cache says when it keeps nothing: with --data, and without an absolute HOME (finding 32)', async () => {
    const started = (args: string[], env: NodeJS.ProcessEnv): Promise<string> =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--now', '2026-01-15', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
        let err = '';
        child.stderr.on('data', (d) => (err += String(d)));
        child.stdout.on('data', (d) => {
          if (String(d).includes('listening on')) child.kill('SIGTERM');
        });
        child.on('exit', () => resolve(err));
      });
    const data = await started(['--products', '200', '--data', 'examples/data/products.yaml', '--world-cache', '/tmp/resale-kit-never-written'], {});
    expect(data).toContain('--world-cache is not used with --data');
    const home = await started(['--products', '100000'], { HOME: 'relative', XDG_CACHE_HOME: '' });
    expect(home).toContain('no world snapshot is kept: neither XDG_CACHE_HOME nor HOME is an absolute path');
  }, 120_000);

  it('--list-mutants | head -1 ends quietly (no EPIPE stack trace)', () => {
    const res = spawnSync('/bin/sh', ['-c', `"${process.execPath}" "${BIN}" mock --list-mutants | head -1`], { encoding: 'utf8', timeout: 20_000 });
    expect(res.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(res.stderr).not.toMatch(/EPIPE|Error/);
  });

  it('--key is repeatable: every key given is served with its tier', async () => {
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--products', '50', '--key', 'first-key=Pro', '--key', 'second-key=Free'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const { url, out } = await listeningUrl(child, 20_000);
      // The banner tells keys apart without printing them (issue 29): first characters and length.
      expect(out).toContain('fi… (9 characters) (Pro)');
      expect(out).toContain('se… (10 characters) (Free)');
      expect(out).not.toContain('first-key');
      for (const [key, tier] of [
        ['first-key', 'Pro'],
        ['second-key', 'Free'],
      ]) {
        const res = await fetch(`${url}/v3/market_b/products?limit=1`, { headers: { authorization: key as string } });
        expect(res.headers.get('x-key-type')).toBe(tier);
      }
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('--help lists every flag and exits 0', () => {
    const res = spawnSync(process.execPath, [BIN, 'mock', '--help'], { encoding: 'utf8', timeout: 20_000 });
    expect(res.status).toBe(0);
    for (const flag of ['--port', '--host', '--seed', '--now', '--products', '--public-url', '--key']) expect(res.stdout).toContain(flag);
  });

  it('--version prints the version of package.json and exits 0', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const res = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', timeout: 20_000 });
    expect(res.status).toBe(0);
    expect(res.stdout.trim()).toBe(pkg.version);
  });
});

// Outside attacker, round 4.
describe('mock: refusals before anything starts, and printed safely', () => {
  // Date.parse moves what does not exist (2026-02-30 became 2026-03-02): refused, with the reason.
  it.each([
    ['2026-02-30T00:00:00Z', 'day 30 does not exist in 2026-02'],
    ['2026-04-31', 'day 31 does not exist in 2026-04'],
    ['2026-02-29T00:00:00Z', 'day 29 does not exist in 2026-02'],
    ['2026-13-01T00:00:00Z', 'month 13 does not exist'],
    ['2026-01-15T24:00:00Z', 'that time does not exist'],
  ])('--now %s is refused: %s', (now, why) => {
    expect(() => parseNow(now)).toThrow(why);
  });
  it('--now on a leap day and the last second of a day is taken as given', () => {
    expect(parseNow('2028-02-29T23:59:59Z')).toBe(Date.UTC(2028, 1, 29, 23, 59, 59));
    expect(parseNow('2026-01-15')).toBe(Date.UTC(2026, 0, 15));
  });

  it('--workers above 64 is refused (exit 2) before a world is built or a worker forked', async () => {
    const r = await runCli(['mock', '--workers', '65', '--products', '10', '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--workers must be an integer from 1 to 64, got 65');
    expect(r.stderr).not.toMatch(/Starting \d+ workers|Building the data world/);
  });

  it('an unknown --mutant is refused (exit 2) before a world is built (attacker 9, finding 12: 7 s in at 400,000 products)', async () => {
    const r = await runCli(['mock', '--mutant', 'nope', '--products', '10', '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--mutant "nope" is unknown; mutants are:');
    expect(r.stderr).not.toContain('Building the data world');
  });

  it("a data file's member names reach the terminal escaped, never as raw escape sequences", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rk-data-'));
    const file = join(dir, 'esc.yaml');
    writeFileSync(file, `products:\n  - title: Odd\n    market_a:\n      "\\e[31mkey": 1\n`);
    const r = await runCli(['mock', '--data', file, '--products', '10', '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('member name');
    expect(r.stderr).not.toContain('\u001b');
  });
});
