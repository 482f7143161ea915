/**
 * The image's files say what the CLI does (issue 22): every `RESALE_KIT_*` variable named in the
 * Containerfile, compose.yaml and the README is one the CLI reads (cli/env.ts, or an option's own
 * variable), and the Containerfile keeps its promises without podman: entrypoint `resale-kit`,
 * `mock` by default on 0.0.0.0:4010, a user other than root, nothing fetched inside the build.
 * The image itself is tested by `npm run image:test` (scripts/image-test.mjs, in CI).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { conformanceCommand } from '../../cli/conformance-command.js';
import { withEnvironment } from '../../cli/env.js';
import { mockCommand } from '../../cli/mock-command.js';
import { proxyCommand } from '../../cli/proxy-command.js';

const read = (path: string): string => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');
const containerfile = read('Containerfile');
const compose = parse(read('compose.yaml')) as { services: Record<string, { image: string; environment?: Record<string, string> }> };

/** Every variable the CLI reads, with the command it belongs to. */
const VARIABLES = new Map<string, string>();
for (const command of [mockCommand(), conformanceCommand(), proxyCommand()]) {
  for (const option of withEnvironment(command).options) if (option.envVar) VARIABLES.set(option.envVar, command.name());
}
/** Variables of the kit that are not CLI options (test tuning). */
const NOT_OPTIONS = new Set(['RESALE_KIT_FUZZ_RUNS']);

describe('the variables named around the image are ones the CLI reads', () => {
  it('the CLI defines a variable for every value-taking option', () => {
    expect(VARIABLES.get('RESALE_KIT_MOCK_RATE_LIMIT_STORE')).toBe('mock');
    expect(VARIABLES.get('RESALE_KIT_PROXY_UPSTREAM')).toBe('proxy');
    expect(VARIABLES.get('RESALE_KIT_API_KEY')).toBe('conformance');
  });

  it.each([
    ['Containerfile', containerfile],
    ['compose.yaml', read('compose.yaml')],
    ['README.md', read('README.md')],
    ['docs/container.md', read('docs/container.md')],
    ['docs/ci.md', read('docs/ci.md')],
  ])('%s', (_name, text) => {
    const named = new Set(text.match(/\bRESALE_KIT_[A-Z0-9_]*[A-Z0-9]\b/g) ?? []);
    expect(named.size).toBeGreaterThan(0);
    expect([...named].filter((n) => !VARIABLES.has(n) && !NOT_OPTIONS.has(n))).toEqual([]);
  });

  it('compose.yaml: mock replicas of the image sharing a Redis store, one world (seed, clock, size)', () => {
    const mock = compose.services.mock;
    expect(mock?.image).toBe('localhost/resale-kit:latest');
    const env = mock?.environment ?? {};
    expect(env.RESALE_KIT_MOCK_RATE_LIMIT_STORE).toMatch(/^redis:\/\/redis:6379$/);
    expect(Object.keys(compose.services)).toContain('redis');
    for (const name of ['RESALE_KIT_MOCK_RATE_LIMIT', 'RESALE_KIT_MOCK_SEED', 'RESALE_KIT_MOCK_NOW', 'RESALE_KIT_MOCK_PRODUCTS']) expect(env[name], name).toBeTruthy();
  });
});

describe('the Containerfile', () => {
  const lines = containerfile.split('\n').filter((l) => !l.startsWith('#'));
  const instruction = (name: string): string[] => lines.filter((l) => l.startsWith(`${name} `)).map((l) => l.slice(name.length + 1).trim());

  it('entrypoint resale-kit, mock by default, on 0.0.0.0:4010', () => {
    expect(instruction('ENTRYPOINT')).toEqual(['["resale-kit"]']);
    expect(instruction('CMD')).toEqual(['["mock"]']);
    expect(containerfile).toMatch(/RESALE_KIT_MOCK_HOST=0\.0\.0\.0/);
    expect(containerfile).toMatch(/RESALE_KIT_MOCK_PORT=4010/);
  });

  it('runs as a user other than root', () => {
    const users = instruction('USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it('fetches nothing inside the build (no package manager, no download)', () => {
    expect(lines.join('\n')).not.toMatch(/\b(npm|npx|apt-get|apt|curl|wget|yarn|pnpm)\b/);
    expect(instruction('ADD')).toEqual([]);
  });
});
