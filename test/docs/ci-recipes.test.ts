/**
 * The CI recipes of docs/ci.md, run: the shell steps are taken out of the GitHub Actions and
 * GitLab CI YAML blocks and run as written (test/helpers/doc-shell.ts: `npx resale-kit` is the
 * checkout's build), in order, in one project directory per recipe, with:
 * - `STAGING_URL` (a variable) the origin of a local mock, `STAGING_PAID_KEY`/`STAGING_FREE_KEY`
 *   its keys, `CERT_SIGNING_KEY` a fresh Ed25519 key whose public half is `conformance-key.pub`;
 * - the mock of the front-end job on a free port instead of 4010 (`RESALE_KIT_MOCK_PORT`, and the
 *   URLs of the steps rewritten to it);
 * - `npm ci` and `uses:` steps not run (the build is the checkout's), and the user's own
 *   `npm test` stood in for by a request of the front-end's kind to `$API_URL` with `$API_KEY`;
 * - the suite unthrottled (`RESALE_KIT_CONFORMANCE_RATE_LIMIT=0`), which changes no request.
 * A step that exits non-zero fails the test with its output; the reports the recipes keep as
 * artifacts must exist and agree with the verdict.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMockServer } from '../../mocks/index.js';
import { type DocShell, docShell } from '../helpers/doc-shell.js';

const page = readFileSync(fileURLToPath(new URL('../../docs/ci.md', import.meta.url)), 'utf8');

/** The first fenced block of `lang` after the heading `## title`. */
function blockAfter(title: string, lang: string): string {
  const from = page.indexOf(`\n## ${title}\n`);
  expect(from, `docs/ci.md has a section "${title}"`).toBeGreaterThan(-1);
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(page.slice(from));
  return m?.[1] ?? '';
}

/** A free loopback port (listened on, then closed). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const address = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return typeof address === 'object' && address ? address.port : 0;
}

const FRONTEND_TESTS = /(^|\s)npm test$/;
/** What stands in for the user's `npm test`: a front-end's request to the mock it was given. */
const standIn = `sh -c 'curl -fsS -o /dev/null -H "Authorization: $API_KEY" "$API_URL/v3/market_a/products?query=dunk"'`;

let staging: Server;
let stagingUrl = '';
const keys = generateKeyPairSync('ed25519');
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const shells: DocShell[] = [];

beforeAll(async () => {
  const listening = await createMockServer({ port: 0 }).listen();
  staging = listening.server;
  stagingUrl = listening.url;
}, 60_000);
afterAll(() => {
  for (const s of shells) s.stop();
  staging.closeAllConnections();
  staging.close();
});

/** A project directory as the recipes expect it: the public key committed, the CI's variables set. */
function project(variables: Record<string, string>, mockPort: number): DocShell {
  const shell = docShell({ RESALE_KIT_MOCK_PORT: String(mockPort), RESALE_KIT_CONFORMANCE_RATE_LIMIT: '0', ...variables });
  shells.push(shell);
  writeFileSync(join(shell.cwd, 'conformance-key.pub'), publicPem);
  return shell;
}

/** A step (or a value of its `env:`) as it runs here: the front-end mock's port, the stand-in for the user's tests. */
const adapted = (step: string, mockPort: number): string =>
  step
    .split('\n')
    .map((line) => (FRONTEND_TESTS.test(line.trim()) ? line.replace(/npm test\s*$/, standIn) : line))
    .join('\n')
    .replace(/127\.0\.0\.1:4010/g, `127.0.0.1:${mockPort}`);

/** Checks the artifacts of a conformance job: every report written, JUnit agreeing with a pass. */
function expectArtifacts(shell: DocShell): void {
  for (const f of ['junit.xml', 'conformance.html', 'conformance.json', 'certificate.json', 'run.har']) expect(existsSync(join(shell.cwd, 'reports', f)), `reports/${f}`).toBe(true);
  const report = JSON.parse(readFileSync(join(shell.cwd, 'reports/conformance.json'), 'utf8')) as { summary: { verdict: string } };
  expect(report.summary.verdict).toBe('pass');
  expect(readFileSync(join(shell.cwd, 'reports/junit.xml'), 'utf8')).toMatch(/<testsuites[^>]*failures="0"/);
  const cert = JSON.parse(readFileSync(join(shell.cwd, 'reports/certificate.json'), 'utf8')) as { signed: boolean };
  expect(cert.signed).toBe(true);
}

interface GithubStep {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
interface GithubJob {
  env?: Record<string, string>;
  steps: GithubStep[];
}

describe('docs/ci.md: GitHub Actions', () => {
  const workflow = parse(blockAfter('GitHub Actions', 'yaml')) as { jobs: Record<string, GithubJob> };
  const secrets: Record<string, string> = { STAGING_PAID_KEY: 'demo-premium', STAGING_FREE_KEY: 'demo-free', CERT_SIGNING_KEY: privatePem };
  /** `${{ vars.X }}` and `${{ secrets.X }}` as the CI would fill them in. */
  const expression = (value: string): string => value.replace(/\$\{\{\s*(vars|secrets)\.(\w+)\s*\}\}/g, (_all, kind: string, name: string) => (kind === 'vars' && name === 'STAGING_URL' ? stagingUrl : (secrets[name] ?? '')));

  it('has the two jobs', () => {
    expect(Object.keys(workflow.jobs)).toEqual(['frontend', 'conformance']);
  });

  it.each(['frontend', 'conformance'])(
    'job %s: every run step exits 0',
    async (name) => {
      const job = workflow.jobs[name];
      if (!job) throw new Error(`no job ${name}`);
      const jobEnv = Object.fromEntries(Object.entries(job.env ?? {}).map(([k, v]) => [k, expression(String(v))]));
      const port = await freePort();
      const shell = project(jobEnv, port);
      shell.env.RUNNER_TEMP = shell.cwd;
      const run = job.steps.filter((s) => s.run !== undefined && s.run.trim() !== 'npm ci');
      expect(run.length).toBeGreaterThan(1);
      try {
        for (const step of run) {
          const env = Object.entries(step.env ?? {})
            .map(([k, v]) => `export ${k}='${adapted(expression(String(v)), port)}'\n`)
            .join('');
          const result = await shell.run(env + adapted(step.run ?? '', port));
          expect(result.code, `${step.run}\n${result.output}`).toBe(0);
        }
        if (name === 'conformance') expectArtifacts(shell);
        else expect(existsSync(join(shell.cwd, 'mock-url'))).toBe(true);
      } finally {
        shell.stop(); // the job ends: its background mock goes with it
      }
    },
    240_000,
  );
});

describe('docs/ci.md: GitLab CI', () => {
  const pipeline = parse(blockAfter('GitLab CI', 'yaml')) as Record<string, { script?: string[]; artifacts?: { reports?: { junit?: string } } }>;

  it('has the two jobs, the JUnit file as its test report', () => {
    expect(Object.keys(pipeline).filter((k) => pipeline[k]?.script)).toEqual(['frontend', 'conformance']);
    expect(pipeline.conformance?.artifacts?.reports?.junit).toBe('reports/junit.xml');
  });

  it.each(['frontend', 'conformance'])(
    'job %s: its script exits 0',
    async (name) => {
      const port = await freePort();
      const shell = project({ STAGING_URL: stagingUrl, STAGING_PAID_KEY: 'demo-premium', STAGING_FREE_KEY: 'demo-free', CERT_SIGNING_KEY: privatePem }, port);
      if (name === 'conformance') {
        // The baseline the page says to make once (its sh block), then commit.
        const made = await shell.run(/```sh\n([\s\S]*?)```/.exec(page)?.[1] ?? 'false');
        expect(made.code, made.output).toBe(0);
        expect(existsSync(join(shell.cwd, 'conformance-baseline.json'))).toBe(true);
      }
      const lines = (pipeline[name]?.script ?? []).filter((l) => l.trim() !== 'npm ci');
      const result = await shell.run(adapted(lines.join('\n'), port));
      expect(result.code, result.output).toBe(0);
      if (name === 'conformance') expectArtifacts(shell);
      else expect(existsSync(join(shell.cwd, '.mock-url'))).toBe(true);
      shell.stop();
    },
    240_000,
  );
});
