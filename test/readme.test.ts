/**
 * Every command shown in README.md and docs/*.md (each line of a ```sh block, continuations
 * joined), run as written or named in {@link NOT_RUN} with the reason; and the figures the docs
 * show (check counts, a run's sample summary, the tarball's version) compared with the program.
 *
 * How they run (test/helpers/doc-shell.ts): `npx resale-kit`, `resale-kit`, `npm start` and
 * `npm run conformance --` are the checkout's build, as the package and the npm scripts run it.
 * Only what a machine cannot share is changed: the origin `http://127.0.0.1:4010` becomes a free
 * port (`RESALE_KIT_MOCK_PORT` for a mock the docs start), the placeholders `URL`, `KEY`,
 * `FREE_KEY`, `$STAGING_URL`, `$PAID_KEY`, ... are the test's mock and its demo keys, and the suite
 * runs unthrottled (`RESALE_KIT_CONFORMANCE_RATE_LIMIT=0`, which changes no request). A mock the
 * docs start on the default clock runs on the README's sample clock (`RESALE_KIT_MOCK_NOW`), so
 * the sample summary can be compared figure for figure.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadContract } from '../contract/index.js';
import { createMockServer } from '../mocks/index.js';
import { DEMO_KEYS, mockDefaults } from '../mocks/options.js';
// @ts-expect-error: a plain .mjs script without types
import { CONTAINER_DOC, containerLines } from '../scripts/container-lines.mjs';
import { type DocShell, docShell } from './helpers/doc-shell.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const DOCS = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

/** A ```sh block of a doc: its text, and its command lines (continuations joined, no comments). */
interface Block {
  doc: string;
  text: string;
  commands: string[];
}
/** The fenced blocks of a Markdown text: their language (`sh`, `ts`, '' for none) and body. */
function fences(text: string): { lang: string; body: string }[] {
  const out: { lang: string; body: string }[] = [];
  let open: { lang: string; lines: string[] } | undefined;
  for (const line of text.split('\n')) {
    const fence = /^\s*```(\S*)\s*$/.exec(line);
    if (fence && !open) open = { lang: fence[1] ?? '', lines: [] };
    else if (fence && open) {
      out.push({ lang: open.lang, body: open.lines.join('\n') + '\n' });
      open = undefined;
    } else open?.lines.push(line);
  }
  return out;
}
const BLOCKS: Block[] = DOCS.flatMap((doc) =>
  fences(read(doc))
    .filter((f) => ['sh', 'bash', 'shell'].includes(f.lang))
    .map(({ body: text }) => {
      const commands = text
        .replace(/\\\n\s*/g, '')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('#'));
      return { doc, text, commands };
    }),
);

/** A command of docs/container.md as scripts/container-lines.mjs classifies it for `npm run image:test`. */
interface ContainerLine {
  command: string;
  kind: 'server' | 'run' | 'not-run' | 'unknown';
  why?: string;
}
const CONTAINER_LINES = (containerLines as () => ContainerLine[])();

/** Commands the tests do not run, each with why; the list stays small. */
const NOT_RUN: [RegExp, string][] = [
  [/^npm ci && npm (start|test)\b/, 'installs and runs the whole suite: CI runs exactly this (.ci/run); `npm start` itself runs in the vendor block below'],
  [/^npm i -D /, "installs into a user's project: test/package/consumers.test.ts installs the packed tarball the same way (its version is checked below)"],
  [/^npm run generate(:check)?\b/, 'rewrites or checks generated/: `npm test` runs generate:check'],
  [/^(npm run image(:test)?|podman run|docker run|docker compose)\b/, 'needs podman or Docker: `npm run image:test` (scripts/image-test.mjs) runs the container lines'],
  [/^npx openapi-format\b/, 'a third-party overlay tool (a devDependency here), applied by a reviewer'],
  [/^npx resale-kit (diff|compat) /, 'run as written, on changed copies of the contract, by test/contract/diff.test.ts (each diff takes Optic about 10 s) and test/traffic/compat.test.ts'],
];

/** Which scenario below runs a command (undefined: none). */
function runBy(command: string): string | undefined {
  // The container lines are run as written by `npm run image:test` (scripts/image-test.mjs), which needs podman.
  if (CONTAINER_LINES.some((l) => (l.kind === 'server' || l.kind === 'run') && l.command === command)) return 'image:test';
  if (/^curl /.test(command) || /^K='/.test(command)) return 'curl';
  if (/^(npx )?resale-kit (mock|proxy)\b/.test(command) && !command.endsWith('&')) return 'servers';
  if (/--from-har\b/.test(command)) return 'recordings';
  if (BLOCKS.some((b) => b.commands.includes(command) && WORLD_CACHE(b))) return 'world-cache';
  if (BLOCKS.some((b) => b.commands.includes(command) && VENDOR(b))) return 'vendor';
  if (BLOCKS.some((b) => b.commands.includes(command) && STAGING(b))) return 'staging';
  if (BLOCKS.some((b) => b.commands.includes(command) && PLACEHOLDERS(b))) return 'placeholders';
  if (/^npx resale-kit conformance --base-url http:\/\/127\.0\.0\.1:4010\b/.test(command)) return 'local-conformance';
  return undefined;
}
const WORLD_CACHE = (b: Block): boolean => b.text.includes('restored from the world cache');
const VENDOR = (b: Block): boolean => b.commands.some((c) => c.startsWith('npm run conformance --'));
const STAGING = (b: Block): boolean => b.text.includes('$STAGING_URL') || b.text.includes('--ready-file .mock-url &');
const PLACEHOLDERS = (b: Block): boolean => /--base-url URL\b/.test(b.text);

let server: Server;
let origin = '';
const shells: DocShell[] = [];
beforeAll(async () => {
  const listening = await createMockServer({ port: 0 }).listen();
  server = listening.server;
  origin = listening.url;
}, 60_000);
afterAll(() => {
  for (const s of shells) s.stop();
  server.closeAllConnections();
  server.close();
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const address = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A shell whose "project" has the example recording and the placeholders' values. */
function shell(env: NodeJS.ProcessEnv = {}): DocShell {
  const s = docShell({
    RESALE_KIT_CONFORMANCE_RATE_LIMIT: '0',
    STAGING_URL: origin,
    STAGING_PAID_KEY: 'demo-premium',
    STAGING_FREE_KEY: 'demo-free',
    PAID_KEY: 'demo-premium',
    FREE_KEY: 'demo-free',
    ...env,
  });
  shells.push(s);
  mkdirSync(join(s.cwd, 'examples/recordings'), { recursive: true });
  for (const name of ['examples/recordings/browsing-session.har', 'staging.har', 'production.har']) copyFileSync(join(root, 'examples/recordings/browsing-session.har'), join(s.cwd, name));
  return s;
}

describe('every command of the docs', () => {
  const all = [...new Set(BLOCKS.flatMap((b) => b.commands))];

  it('finds the commands (README and docs/)', () => {
    expect(all.length).toBeGreaterThan(40);
    expect(BLOCKS.some((b) => b.doc === 'README.md')).toBe(true);
  });

  it('each is run by a scenario below or named, with its reason, in the small NOT_RUN list', () => {
    const orphans = all.filter((c) => runBy(c) === undefined && !NOT_RUN.some(([re]) => re.test(c)));
    expect(orphans).toEqual([]);
    expect(NOT_RUN.length).toBeLessThanOrEqual(6);
    // A rule that no longer matches any command is stale.
    for (const [re, why] of NOT_RUN)
      expect(
        all.some((c) => re.test(c)),
        why,
      ).toBe(true);
  });
});

describe(`${CONTAINER_DOC as string}: every line is run by npm run image:test or named there with its reason`, () => {
  it('scripts/container-lines.mjs knows each line (an unknown one fails image:test), and the page has servers, conformance lines and a mounted reports folder', () => {
    expect(CONTAINER_LINES.filter((l) => l.kind === 'unknown').map((l) => l.command)).toEqual([]);
    for (const l of CONTAINER_LINES.filter((x) => x.kind === 'not-run')) expect(l.why?.length ?? 0, l.command).toBeGreaterThan(9);
    expect(CONTAINER_LINES.filter((l) => l.kind === 'server').length).toBeGreaterThanOrEqual(4);
    const mounted = CONTAINER_LINES.filter((l) => l.kind === 'run' && / -v "\$PWD\/reports:\/work\/reports(:Z)?" /.test(l.command) && / conformance /.test(l.command));
    // Each engine's way to write as the caller: --user for Docker and podman as root, keep-id for rootless podman.
    expect(mounted.map((l) => /--user "\$\(id -u\):\$\(id -g\)"|--userns=keep-id/.exec(l.command)?.[0])).toEqual(['--user "$(id -u):$(id -g)"', '--user "$(id -u):$(id -g)"', '--userns=keep-id']);
    // The lines read from the page are the page's commands (continuations joined), as this test reads them.
    const pageCommands = BLOCKS.filter((b) => b.doc === CONTAINER_DOC).flatMap((b) => b.commands.map((c) => c.replace(/\s+#\s.*$/, '')));
    expect(CONTAINER_LINES.map((l) => l.command)).toEqual(pageCommands);
  });
});

describe.concurrent('the docs commands, run', () => {
  it('curl: every curl line answers 200 on the default world', async () => {
    const curls = [...new Set(BLOCKS.flatMap((b) => b.commands.filter((c) => c.startsWith('curl '))))];
    expect(curls.length).toBeGreaterThanOrEqual(10);
    for (const command of curls) {
      const line = command.replace(/http:\/\/127\.0\.0\.1:4010/g, origin);
      const { stdout } = await promisify(execFile)('/bin/sh', ['-c', `K='Authorization: Bearer demo-premium'; ${line} -s -o /dev/null -w '%{http_code}'`], { encoding: 'utf8' });
      expect(stdout, command).toBe('200');
    }
  });

  it('vendor: npm start &, wait, npm run conformance: a pass whose summary is the sample of the docs', async () => {
    const blocks = [...new Set(BLOCKS.filter(VENDOR).map((b) => b.text))];
    expect(blocks.length).toBe(1); // README and docs/conformance.md show the same block
    const port = await freePort();
    const s = shell({ RESALE_KIT_MOCK_PORT: String(port), RESALE_KIT_MOCK_NOW: '2026-11-21T00:00:00Z' });
    const result = await s.run(`mkdir -p reports\n${(blocks[0] ?? '').replace(/127\.0\.0\.1:4010/g, `127.0.0.1:${port}`)}`, 150_000);
    s.stop();
    expect(result.code, result.output).toBe(0);
    for (const f of ['conformance.json', 'junit.xml', 'conformance.html']) expect(existsSync(join(s.cwd, 'reports', f)), f).toBe(true);
    const summary = (text: string): string[] =>
      text
        .split('\n')
        .filter((l) => /^(Requests by phase|PASS|FAIL|INCONCLUSIVE|Why)/.test(l))
        .map((l) => l.replace(/ in \d+ ms/, ' in N ms'));
    const got = summary(result.output);
    expect(got.length).toBe(3);
    // The sample: the first plain block of the doc that shows a run's summary.
    const sample = (doc: string): string =>
      fences(read(doc))
        .filter((f) => f.lang === '')
        .map((f) => f.body)
        .find((b) => b.includes('Requests by phase')) ?? '';
    for (const doc of ['README.md', 'docs/conformance.md']) expect(summary(sample(doc)), `${doc}'s sample output`).toEqual(got);
    // The mock's start-up banner the README and docs/mock.md show (`npm start` printed it into the same output).
    const masked = (text: string): string => text.replace(/done in \d+ ms/g, 'done in N ms');
    for (const doc of ['README.md', 'docs/mock.md']) {
      const banner = fences(read(doc)).find((f) => f.lang === '' && f.body.includes('resale-kit mock listening on'))?.body ?? '';
      expect(banner, doc).not.toBe('');
      for (const line of masked(banner).trim().split('\n')) expect(masked(result.output).replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:4010'), `${doc}: ${line}`).toContain(line);
    }
  }, 180_000);

  it('staging: the CI steps of the README (the mock in the background, --strict, a baseline)', async () => {
    const port = await freePort();
    const s = shell({ RESALE_KIT_MOCK_PORT: String(port) });
    for (const doc of DOCS) {
      const script = BLOCKS.filter((b) => b.doc === doc && STAGING(b))
        .map((b) => b.text)
        .join('\n');
      if (script === '') continue;
      const result = await s.run(`mkdir -p reports\n${script.replace(/127\.0\.0\.1:4010/g, `127.0.0.1:${port}`)}`, 150_000);
      expect(result.code, `${doc}\n${result.output}`).toBe(0);
    }
    s.stop();
    expect(existsSync(join(s.cwd, 'baseline.json'))).toBe(true);
    expect(existsSync(join(s.cwd, 'conformance-baseline.json'))).toBe(true);
    expect(readFileSync(join(s.cwd, 'reports/junit.xml'), 'utf8')).toContain('<testsuites');
  }, 180_000);

  it('placeholders: baselines and a certificate made, signed and verified (URL, KEY, FREE_KEY)', async () => {
    const s = shell();
    for (const block of [...new Set(BLOCKS.filter(PLACEHOLDERS).map((b) => b.text))]) {
      const script = block
        .replace(/--base-url URL\b/g, `--base-url ${origin}`)
        .replace(/--api-key KEY\b/g, '--api-key demo-premium')
        .replace(/--free-key FREE_KEY\b/g, '--free-key demo-free');
      const result = await s.run(script, 150_000);
      expect(result.code, `${block}\n${result.output}`).toBe(0);
      if (block.includes('resale-kit verify')) expect(result.output).toMatch(/valid/i);
    }
  }, 180_000);

  it('servers: each mock and proxy line starts, answers and stops', async () => {
    const lines = [...new Set(BLOCKS.flatMap((b) => b.commands.filter((c) => runBy(c) === 'servers')))];
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      const port = await freePort();
      const s = shell({ RESALE_KIT_MOCK_PORT: String(port), RESALE_KIT_PROXY_PORT: String(port) });
      // The line without its trailing comment, so that the test can send it to the background.
      const command = line
        .replace(/\s+#\s.*$/, '')
        .replace(/https:\/\/staging\.example\.com/g, origin)
        .replace(/--port \d+/, `--port ${port}`);
      const result = await s.run(`mkdir -p reports\n${command} > server.log 2>&1 &\nnpx resale-kit wait http://127.0.0.1:${port}/ --timeout 60`, 90_000);
      s.stop();
      expect(result.code, `${line}\n${result.output}\n${existsSync(join(s.cwd, 'server.log')) ? readFileSync(join(s.cwd, 'server.log'), 'utf8') : ''}`).toBe(0);
    }
  }, 180_000);

  it('world-cache: the first start writes the snapshot, the next restores it (docs/mock.md)', async () => {
    const block = BLOCKS.find(WORLD_CACHE);
    expect(block?.commands).toHaveLength(2);
    const s = shell({ XDG_CACHE_HOME: '' });
    s.env.XDG_CACHE_HOME = join(s.cwd, 'cache');
    const logs: string[] = [];
    for (const [i, line] of (block as Block).commands.entries()) {
      const port = await freePort();
      s.env.RESALE_KIT_MOCK_PORT = String(port);
      const command = line.replace(/\s+#\s.*$/, '');
      const result = await s.run(`${command} > world-${i}.log 2>&1 &\nnpx resale-kit wait http://127.0.0.1:${port}/ --timeout 90`, 120_000);
      s.stop();
      const log = existsSync(join(s.cwd, `world-${i}.log`)) ? readFileSync(join(s.cwd, `world-${i}.log`), 'utf8') : '';
      expect(result.code, `${line}\n${result.output}\n${log}`).toBe(0);
      logs.push(log);
    }
    expect(logs[0]).toMatch(/its snapshot is kept in .*cache\/resale-kit\/world-[0-9a-f]{24}\.snapshot/);
    expect(logs[1]).toContain('restored from the world cache');
  }, 300_000);

  it('recordings: --from-har judges the example recording (inconclusive, as the docs say) and --drift writes its overlay', async () => {
    const lines = [...new Set(BLOCKS.flatMap((b) => b.commands.filter((c) => runBy(c) === 'recordings')))];
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const s = shell();
    for (const line of lines) {
      const result = await s.run(line, 60_000);
      // A browsing session cannot judge every must-level check: exit 3 with what to record.
      expect(result.code, `${line}\n${result.output}`).toBe(3);
      expect(result.output).toMatch(/INCONCLUSIVE/);
    }
    expect(existsSync(join(s.cwd, 'drift.yaml'))).toBe(true);
    expect(existsSync(join(s.cwd, 'reports/recording.html'))).toBe(true);
  }, 120_000);

  it('local conformance: npx resale-kit conformance against a local mock passes', async () => {
    const lines = [...new Set(BLOCKS.flatMap((b) => b.commands.filter((c) => runBy(c) === 'local-conformance')))];
    expect(lines.length).toBeGreaterThanOrEqual(1);
    const s = shell();
    for (const line of lines) {
      const result = await s.run(line.replace(/http:\/\/127\.0\.0\.1:4010/g, origin), 150_000);
      expect(result.code, `${line}\n${result.output}`).toBe(0);
    }
  }, 180_000);
});

describe('the figures of the docs', () => {
  it('the check counts are the registry of the built CLI (--list-checks)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'dist/cli/bin.js'), 'conformance', '--list-checks'], { encoding: 'utf8' });
    const levels = stdout
      .split('\n')
      .filter((l) => /^\S/.test(l))
      .map((l) => l.split(/\s+/)[1]);
    const count = (level: string): number => levels.filter((l) => l === level).length;
    const sentence = `${levels.length} checks`;
    for (const doc of ['README.md', 'docs/conformance.md']) {
      const text = read(doc).replace(/\s+/g, ' ');
      expect(text, doc).toContain(`runs ${sentence}`);
      expect(text, doc).toMatch(new RegExp(`${count('must')} \\*\\*must\\*\\*`));
      expect(text, doc).toMatch(new RegExp(`${count('should')} \\*\\*should\\*\\*`));
      expect(text, doc).toMatch(new RegExp(`${count('info')} \\*\\*info\\*\\*`));
    }
  });

  it("docs/conformance.md's free-key-only sample is what such a run prints against the mock (the README clock)", async () => {
    const sample = /```\n(INCONCLUSIVE: [^\n]*?), \.\.\.\n/.exec(read('docs/conformance.md'))?.[1];
    expect(sample).toBeDefined();
    const mock = await createMockServer({ port: 0, now: Date.parse('2026-11-21T00:00:00Z') }).listen();
    try {
      const run = await promisify(execFile)(process.execPath, [join(root, 'dist/cli/bin.js'), 'conformance', '--base-url', mock.url, '--free-key', 'demo-free', '--rate-limit', '0'], { encoding: 'utf8' }).catch(
        (e: { stdout: string; code: number }) => e,
      );
      expect(run.stdout).toContain(`${sample as string}, `);
    } finally {
      mock.server.closeAllConnections();
      mock.server.close();
    }
  }, 120_000);

  it('the operation count, default size, seed and demo keys the README names are the contract and the mock defaults', () => {
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
    const operations = listOperations(loadContract()).length;
    const defaults = mockDefaults();
    const readme = read('README.md').replace(/\s+/g, ' ');
    expect(readme).toContain(`serves all ${words[operations] ?? operations} operations`);
    expect(readme).toContain(`(${defaults.products.toLocaleString('en-US')} products per marketplace by default)`);
    expect(readme).toContain(`seed "${defaults.seed}"`);
    expect(readme).toContain(
      `API keys: ${Object.entries(DEMO_KEYS)
        .map(([k, tier]) => `${k} (${tier})`)
        .join(', ')}`,
    );
  });

  it("the tarball's name in the install lines is this version's", () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    for (const b of BLOCKS) for (const c of b.commands) for (const m of c.matchAll(/resale-kit-(\d+\.\d+\.\d+)\.tgz/g)) expect(m[1], `${b.doc}: ${c}`).toBe(version);
  });

  it('the README stays a guide: at most 450 lines, with a table of contents', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(450);
    expect(readme).toMatch(/^## Contents$/m);
  });

  it('the full run figure of docs/conformance.md is the sample summary', () => {
    const requests = /; (\d+) requests in/.exec(read('README.md'))?.[1];
    expect(requests).toBeDefined();
    expect(read('docs/conformance.md')).toContain(`full run is ${requests} requests`);
  });
});
