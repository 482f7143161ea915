/**
 * Options from the environment (cli/env.ts, issue 22: the container image takes its options from
 * flags or `RESALE_KIT_<COMMAND>_<OPTION>`): the variable sets the option, a flag wins over it,
 * a bad value is refused naming the variable, and `--help` lists the variables.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { envNameOf } from '../../cli/env.js';
import { BIN, listeningUrl, runToEnd } from '../helpers/cli.js';

const withEnv = (env: Record<string, string>, args: string[]): ReturnType<typeof runToEnd> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

describe('RESALE_KIT_<COMMAND>_<OPTION>', () => {
  it('names: upper case, dashes as underscores, per command', () => {
    expect(envNameOf('mock', '--rate-limit-store')).toBe('RESALE_KIT_MOCK_RATE_LIMIT_STORE');
    expect(envNameOf('conformance', '--base-url')).toBe('RESALE_KIT_CONFORMANCE_BASE_URL');
  });

  it('a variable sets the option; a flag wins over it', async () => {
    const env = { ...process.env, RESALE_KIT_MOCK_PORT: '0', RESALE_KIT_MOCK_PRODUCTS: '40', RESALE_KIT_MOCK_KEY: 'from-env=Pro', RESALE_KIT_MOCK_SEED: 'env-seed' };
    const child = spawn(process.execPath, [BIN, 'mock', '--seed', 'flag-seed'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    try {
      const { url, out } = await listeningUrl(child, 30_000, 'API keys');
      expect(url).not.toMatch(/:4010$/);
      expect(out).toContain('40 products per marketplace');
      expect(out).toContain('fr… (8 characters) (Pro)'); // the banner never prints a configured key (issue 29)
      expect(out).toContain('seed "flag-seed"');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('a bad value is refused naming the variable (exit 2)', async () => {
    const res = await withEnv({ RESALE_KIT_MOCK_RATE_LIMIT_STORE: 'postgres://x' }, ['mock']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("from env 'RESALE_KIT_MOCK_RATE_LIMIT_STORE' is invalid");
    expect(res.stderr).toContain('--rate-limit-store must be memory, cluster or redis://HOST:PORT');
  });

  it('--help lists the variables of every command', async () => {
    for (const [command, name] of [
      ['mock', 'RESALE_KIT_MOCK_HOST'],
      ['conformance', 'RESALE_KIT_CONFORMANCE_BASE_URL'],
      ['proxy', 'RESALE_KIT_PROXY_UPSTREAM'],
    ] as const) {
      const res = await runToEnd(process.execPath, [BIN, command, '--help']);
      expect(res.stdout.replace(/\s+/g, ' '), command).toContain(name);
    }
  });
});
