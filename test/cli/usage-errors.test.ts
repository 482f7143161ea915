/**
 * Usage errors of the built command line (attacker 8): what a mistyped or hostile argument
 * makes the CLI print, and its exit code.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const RAW = /[\u001b\u0080-\u009f\u202a-\u202e\u2066-\u2069]/u;

describe('usage errors of the built CLI', () => {
  it('a mistyped flag of any command never echoes its value (H6)', async () => {
    for (const args of [
      ['conformance', '--base-url', 'http://127.0.0.1:9', '--api-keys=sk_live_SECRET123'],
      ['mock', '--keys=sk_live_SECRET123=Pro'],
      ['proxy', '--upstream', 'http://127.0.0.1:9', '--upstream-key=sk_live_SECRET123'],
    ]) {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/unknown option '--[a-z-]+'/);
      expect(r.stderr).not.toContain('SECRET123');
    }
  }, 30_000);

  it('ESC, C1 and bidi controls of arguments are escaped (M1, M2)', async () => {
    for (const args of [['mock', '--x\u001b]0;PWNED\u0007\u001b[31mRED'], ['mo\u001b[2Jck'], ['mock', '--port', '\u202e12'], ['conformance', '--base-url', 'http://127.0.0.1:9', '--path-segment', 'market_a=\u009b2J']]) {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toMatch(RAW);
    }
  }, 30_000);

  it('--fuzz-requests over --max-requests is a usage error naming the option and the maximum (H5)', async () => {
    const r = await runCli(['conformance', '--base-url', 'http://127.0.0.1:9', '--fuzz-requests', '100000000']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--fuzz-requests must be at most 600 \(--max-requests\)/);
  }, 30_000);
});

describe('a failing stdout (attacker 8, M4)', () => {
  it('> /dev/full: exit 2 with one line on stderr, no stack trace', async () => {
    const { spawn } = await import('node:child_process');
    const { openSync } = await import('node:fs');
    const { BIN } = await import('../helpers/cli.js');
    const full = openSync('/dev/full', 'w');
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'conformance', '--list-checks'], { stdio: ['ignore', full, 'pipe'] });
      let stderr = '';
      child.stderr?.on('data', (d) => (stderr += String(d)));
      child.on('exit', (code) => resolve({ code, stderr }));
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: cannot write the output \(ENOSPC\)\n$/);
  }, 30_000);
});
