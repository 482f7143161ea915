/**
 * Every benchmark script run as a user would, with `--help` (a usage text, exit 0, nothing run or
 * written) and with a flag it does not know (exit 2, a message naming the flag and the hint to
 * `--help`, nothing on stdout). Before 2026-11-27 `bench/run.ts --help` ran the whole six-minute
 * benchmark and rewrote bench/RESULTS.md. The script list is bench/'s own (test/helpers/bench-scripts.ts).
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BENCH_SCRIPTS as SCRIPTS } from './helpers/bench-scripts.js';

describe('the benchmark scripts, started', () => {
  // Each script once with --help and once with an unknown flag: they must exit at once.
  const run = (f: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', `bench/${f}`, ...args], { encoding: 'utf8', timeout: 60_000 }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
    );

  it('answer --help with a usage text and exit 0, and an unknown flag with exit 2, writing nothing', async () => {
    const results = statSync('bench/RESULTS.md').mtimeMs;
    for (const f of SCRIPTS) {
      const help = await run(f, ['--help']);
      expect(help.code, `bench/${f} --help: ${help.stderr}`).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^usage: tsx bench/${f.replace('.', '\\.')}`));
      expect(help.stdout).toContain('--help, -h');
      const bad = await run(f, ['--no-such-flag']);
      expect(bad.code, `bench/${f} --no-such-flag`).toBe(2);
      expect(bad.stderr).toContain("'--no-such-flag'");
      expect(bad.stderr).toContain(`tsx bench/${f} --help`);
      expect(bad.stdout).toBe('');
    }
    expect(statSync('bench/RESULTS.md').mtimeMs).toBe(results);
  }, 300_000);

  it('bench/run.ts rejects a round count that is not a number before starting anything', async () => {
    const r = await run('run.ts', ['--serving', '--rounds', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--rounds "x": give an integer of at least 1');
    expect(r.stderr).not.toContain('starting our mock');
  }, 60_000);
});
