/**
 * The package as users get it (issue 12): `npm pack`, then consumer projects that load it every
 * way its users do. ESM-only by decision: `require()` works through Node's require(esm)
 * (Node >= 20.19, 22, 24), Jest runs it in its ESM mode (config documented in the README).
 * - the tarball ships dist/, the contract and the report format, and no test/, bench/ or .ci/;
 *   every package it imports is a declared dependency or peer;
 * - plain Node ESM and CommonJS scripts use every entry point;
 * - `tsc --noEmit` of a strict consumer (exactOptionalPropertyTypes,
 *   noPropertyAccessFromIndexSignature, skipLibCheck off) under NodeNext and bundler: no error
 *   from the package;
 * - `tsc --noEmit` of a front-end consumer without Node types (`types: []`) importing only
 *   resale-kit/client and resale-kit/msw: no error at all (browser-entries.test.ts walks the graph);
 * - vitest with happy-dom uses resale-kit/msw and resale-kit/client;
 * - a Vite build of a page that starts MSW's setupWorker with the handlers, in Chromium;
 * - Jest; `npx resale-kit mock` and `npx resale-kit conformance`;
 * - publint and @arethetypeswrong/cli on the tarball;
 * - msw 3 beside the package (Node >= 22, as msw 3 requires).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { builtinModules } from 'node:module';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { listeningUrl } from '../helpers/cli.js';
import { consumer, pack, ROOT } from './consumer.js';
import { ContractValidator } from '../../contract/index.js';
import { skipNote } from '../helpers/skip-reporter.js';

/** How many operations the contract has: what a consumer must see through the packed package. */
const OPERATION_COUNT = new ContractValidator().operations.length;

const run = promisify(execFile);
const NODE = process.execPath;
const CHROMIUM = '/usr/bin/chromium';
const major = Number(process.versions.node.split('.')[0]);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; peerDependencies: Record<string, string> };

let tarball = '';
beforeAll(() => {
  tarball = pack();
}, 120_000);

/** Every entry used for real: the mock serves, the client searches, the suite judges, MSW answers, the contract validates. */
const ESM_SCRIPT = `
import { createMockServer } from 'resale-kit/mock';
import { createResaleClient } from 'resale-kit/client';
import { runConformance } from 'resale-kit/conformance';
import { createMswHandlers } from 'resale-kit/msw';
import { ContractValidator } from 'resale-kit/contract';
import { startProxy, loadHar } from 'resale-kit/traffic';
import { startProxy as oldStartProxy } from 'resale-kit/conformance';
import { setupServer } from 'msw/node';
if (typeof startProxy !== 'function' || typeof loadHar !== 'function' || oldStartProxy !== startProxy) throw new Error('resale-kit/traffic, or its deprecated re-export in resale-kit/conformance, is missing');
const { server, url } = await createMockServer({ products: 200 }).listen();
const api = createResaleClient({ baseUrl: url, apiKey: 'demo-premium' });
const found = await api.searchMarketBProducts({ query: 'nike' });
const report = await runConformance({ baseUrl: url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0 });
server.close();
const { handlers } = createMswHandlers('http://api.test', { products: 100 });
const msw = setupServer(...handlers);
msw.listen();
const res = await fetch('http://api.test/v3/market_b/products?query=nike', { headers: { authorization: 'demo-free' } });
msw.close();
console.log(JSON.stringify({ hits: found.data.length, verdict: report.summary.verdict, msw: res.status, operations: new ContractValidator().operations.length }));
`;

const CJS_SCRIPT = `
const { createMockServer } = require('resale-kit/mock');
const { createResaleClient } = require('resale-kit/client');
const { runConformance } = require('resale-kit/conformance');
const { createMswHandlers } = require('resale-kit/msw');
const { ContractValidator } = require('resale-kit/contract');
(async () => {
  const { server, url } = await createMockServer({ products: 200 }).listen();
  const api = createResaleClient({ baseUrl: url, apiKey: 'demo-premium' });
  const found = await api.searchMarketBProducts({ query: 'nike' });
  const report = await runConformance({ baseUrl: url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0 });
  server.close();
  const { handlers } = createMswHandlers('http://api.test');
  console.log(JSON.stringify({ hits: found.data.length, verdict: report.summary.verdict, handlers: handlers.length, operations: new ContractValidator().operations.length }));
})();
`;

describe('the tarball', () => {
  it("ships what users need and nothing of the repository's own", async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout
      .split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ''));
    for (const wanted of [
      'dist/cli/bin.js',
      'dist/mocks/index.js',
      'dist/mocks/index.d.ts',
      'dist/client/index.js',
      'dist/conformance/index.js',
      'dist/contract/index.js',
      'dist/generated/contract.js',
      'openapi.yaml',
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'docs/contract.md',
      'docs/cli.md',
      'docs/conformance-report.md',
      // The docs cite the sources by these paths (newcomer 2, finding 6: they cited ../shared/, in no checkout or tarball).
      'spec/resale-market-data-api.md',
      'spec/production-behaviour.md',
    ])
      expect(files).toContain(wanted);
    expect(files.filter((f) => /^(test|bench|\.ci|scripts|examples|node_modules)\//.test(f) || (f.endsWith('.ts') && !f.endsWith('.d.ts')))).toEqual([]);
  });

  it('imports only node builtins, declared dependencies and peers', () => {
    const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)]);
    const builtins = new Set(builtinModules);
    const missing = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.js')) {
          for (const m of readFileSync(path, 'utf8').matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(['"]([^'"]+)['"]\)/g)) {
            const spec = (m[1] ?? m[2]) as string;
            if (spec.startsWith('.') || spec.startsWith('node:') || builtins.has(spec)) continue;
            const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);
            if (!declared.has(name)) missing.add(`${name} (in ${path.slice(ROOT.length)})`);
          }
        }
      }
    };
    walk(join(ROOT, 'dist'));
    expect([...missing]).toEqual([]);
  });

  it('publint finds nothing', async () => {
    const dir = consumer(tarball, 'publint', { link: ['publint'] });
    const { stdout } = await run(NODE, [join(dir, 'node_modules/publint/src/cli.js'), join(dir, 'node_modules/resale-kit'), '--strict'], { cwd: dir });
    expect(stdout).toContain('All good!');
  }, 60_000);

  it('@arethetypeswrong/cli finds nothing (ESM-only profile; openapi.yaml is data, not a module)', async () => {
    const dir = consumer(tarball, 'attw', { link: ['@arethetypeswrong/cli'] });
    const res = await run(NODE, [join(dir, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--profile', 'esm-only', '--exclude-entrypoints', './openapi.yaml', '--format', 'ascii'], { cwd: dir }).catch(
      (e: { stdout: string; code: number }) => e,
    );
    expect('code' in res ? res.code : 0, res.stdout).toBe(0);
    // Every entry point resolves cleanly for ESM importers and bundlers (CommonJS and node10 rows are ignored by the profile).
    const rows = res.stdout.split('\n').filter((l) => /^(node16 \(from ESM\)|bundler):/.test(l));
    expect(rows.length).toBeGreaterThanOrEqual(2 * 5);
    expect(rows.filter((l) => !l.includes('🟢'))).toEqual([]);
  }, 60_000);
});

describe('loaded by a consumer', () => {
  it('plain Node ESM script: every entry point', async () => {
    const dir = consumer(tarball, 'esm', { files: { 'use.mjs': ESM_SCRIPT } });
    const { stdout } = await run(NODE, ['use.mjs'], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual({ hits: 20, verdict: 'pass', msw: 200, operations: OPERATION_COUNT });
  }, 60_000);

  it('plain Node CommonJS script: require() of every entry point (require(esm))', async () => {
    const dir = consumer(tarball, 'cjs', { type: 'commonjs', files: { 'use.js': CJS_SCRIPT } });
    const { stdout } = await run(NODE, ['use.js'], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual({ hits: 20, verdict: 'pass', handlers: 1, operations: OPERATION_COUNT });
  }, 60_000);

  it.each(['nodenext', 'bundler'])(
    'tsc --noEmit of a strict consumer (%s): no error from the package',
    async (mode) => {
      const moduleOptions = mode === 'nodenext' ? { module: 'NodeNext', moduleResolution: 'NodeNext' } : { module: 'ESNext', moduleResolution: 'bundler' };
      const tsconfig = {
        compilerOptions: {
          ...moduleOptions,
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          types: ['node'],
          strict: true,
          exactOptionalPropertyTypes: true,
          noPropertyAccessFromIndexSignature: true,
          noUncheckedIndexedAccess: true,
          noImplicitOverride: true,
          skipLibCheck: false,
          noEmit: true,
        },
        files: ['index.ts', 'vendor.ts'],
      };
      // docs/conformance.md "Run it in your own tests", as a vendor pastes it (newcomer probe: it did not
      // compile under these flags); vitest's two functions are declared, the rest is the doc's code.
      const doc = readFileSync(join(ROOT, 'docs/conformance.md'), 'utf8');
      const sample = /## Run it in your own tests\s+```ts\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
      expect(sample).toContain("from 'resale-kit/conformance'");
      const vendor = sample.replace("import { expect, it } from 'vitest';", 'declare const expect: (v: unknown, m?: string) => { toEqual(x: unknown): void };\ndeclare const it: (name: string, f: () => Promise<void>, ms?: number) => void;');
      const source = `
import { createMockServer, type MockOptions } from 'resale-kit/mock';
import { createResaleClient } from 'resale-kit/client';
import { runConformance, type Report } from 'resale-kit/conformance';
import { createMswHandlers } from 'resale-kit/msw';
import { ContractValidator } from 'resale-kit/contract';
const options: Partial<MockOptions> = { products: 100, seed: 'x' };
const mock = createMockServer(options);
const api = createResaleClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'demo-premium' });
export async function main(): Promise<string> {
  const found = await api.searchMarketBProducts({ query: 'nike' });
  const report: Report = await runConformance({ baseUrl: 'http://127.0.0.1:4010' });
  const { handlers } = createMswHandlers('http://api.test');
  return \`\${found.data[0]?.name ?? ''} \${report.summary.verdict} \${handlers.length} \${new ContractValidator().operations.length} \${mock.core.options.port}\`;
}
// A misuse the types must refuse, so the check is known to run: B3 takes a numeric id.
// @ts-expect-error
await api.listMarketBProductSales('a-slug');
`;
      const dir = consumer(tarball, `tsc-${mode}`, { link: ['typescript', '@types/node'], files: { 'index.ts': source, 'vendor.ts': vendor, 'tsconfig.json': JSON.stringify(tsconfig) } });
      const res = await run(NODE, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir }).catch((e: { stdout: string; code: number }) => e);
      const fromPackage = res.stdout.split('\n').filter((l) => l.includes('node_modules/resale-kit/') || l.startsWith('index.ts') || l.startsWith('vendor.ts'));
      expect(fromPackage).toEqual([]);
    },
    120_000,
  );

  it.each(['bundler', 'nodenext'])(
    'tsc --noEmit of a front-end consumer without Node types (%s; types: [], strict): resale-kit/client and resale-kit/msw type-check',
    async (mode) => {
      const moduleOptions = mode === 'nodenext' ? { module: 'NodeNext', moduleResolution: 'NodeNext' } : { module: 'ESNext', moduleResolution: 'bundler' };
      const tsconfig = {
        compilerOptions: {
          ...moduleOptions,
          target: 'ES2022',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: [],
          strict: true,
          exactOptionalPropertyTypes: true,
          noPropertyAccessFromIndexSignature: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          noEmit: true,
        },
        files: ['app.ts'],
      };
      const source = `
import { setupWorker } from 'msw/browser';
import { createMswHandlers, type MswMock } from 'resale-kit/msw';
import { createResaleClient } from 'resale-kit/client';
const mock: MswMock = createMswHandlers(location.origin + '/api', { products: 100, rateLimit: { count: 10, windowMs: 60_000 } });
export const worker = setupWorker(...mock.handlers);
export async function firstName(): Promise<string> {
  const found = await createResaleClient({ baseUrl: location.origin + '/api', apiKey: 'demo-premium' }).searchMarketBProducts({ query: 'nike' });
  return found.data[0]?.name ?? '';
}
// Node's globals are not there (so nothing in the package pulled @types/node in) ...
// @ts-expect-error
export type Bytes = Buffer;
// ... and the types are checked: B3 takes a numeric id.
// @ts-expect-error
await createResaleClient({ baseUrl: '/api' }).listMarketBProductSales('a-slug');
`;
      const dir = consumer(tarball, `tsc-browser-${mode}`, { link: ['typescript'], files: { 'app.ts': source, 'tsconfig.json': JSON.stringify(tsconfig) } });
      const res = await run(NODE, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir }).catch((e: { stdout: string; code: number }) => e);
      expect(res.stdout.split('\n').filter(Boolean)).toEqual([]);
      expect('code' in res ? res.code : 0).toBe(0);
    },
    120_000,
  );

  it('vitest with happy-dom: resale-kit/msw and resale-kit/client', async () => {
    const test = `
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createMswHandlers } from 'resale-kit/msw';
import { createResaleClient } from 'resale-kit/client';
const server = setupServer(...createMswHandlers('http://api.test', { products: 100 }).handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
it('searches through the MSW handlers in a DOM environment', async () => {
  expect(typeof window.document).toBe('object');
  const api = createResaleClient({ baseUrl: 'http://api.test', apiKey: 'demo-premium' });
  expect((await api.searchMarketBProducts({ query: 'nike' })).data.length).toBeGreaterThan(0);
});
`;
    const dir = consumer(tarball, 'vitest', {
      link: ['vitest', 'happy-dom'],
      files: { 'vitest.config.mjs': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { environment: 'happy-dom', include: ['test/**/*.test.mjs'] } });\n", 'test/app.test.mjs': test },
    });
    const { stdout } = await run(NODE, [join(dir, 'node_modules/vitest/vitest.mjs'), 'run'], { cwd: dir, env: { ...process.env, CI: '1', NO_COLOR: '1' } });
    expect(stdout).toMatch(/Tests\s+1 passed/);
  }, 120_000);

  it('Jest (ESM mode, the documented config)', async () => {
    const test = `
import { createMockServer } from 'resale-kit/mock';
import { createResaleClient } from 'resale-kit/client';
test('the mock answers the typed client under Jest', async () => {
  const { server, url } = await createMockServer({ products: 100 }).listen();
  try {
    const api = createResaleClient({ baseUrl: url, apiKey: 'demo-premium' });
    expect((await api.searchMarketAProducts({ query: 'jordan' })).data.length).toBeGreaterThan(0);
  } finally {
    server.close();
  }
});
`;
    const dir = consumer(tarball, 'jest', { link: ['jest'], files: { 'jest.config.mjs': "export default { testEnvironment: 'node', transform: {}, testMatch: ['**/*.test.mjs'] };\n", 'mock.test.mjs': test } });
    const { stderr } = await run(NODE, ['--experimental-vm-modules', join(dir, 'node_modules/jest/bin/jest.js')], { cwd: dir, env: { ...process.env, CI: '1' } });
    expect(stderr).toMatch(/Tests:\s+1 passed, 1 total/);
  }, 120_000);

  it('npx resale-kit mock, then npx resale-kit conformance against it: exit 0', async () => {
    const dir = consumer(tarball, 'npx', { msw: false });
    // A process group of its own: npx runs the mock as a child, and stopping npx alone would leave it running.
    const mock = spawn('npx', ['--offline', 'resale-kit', 'mock', '--port', '0', '--products', '200'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const { url } = await listeningUrl(mock, 30_000);
      const { stdout } = await run('npx', ['--offline', 'resale-kit', 'conformance', '--base-url', url, '--api-key', 'demo-premium', '--free-key', 'demo-free', '--rate-limit', '0'], { cwd: dir });
      expect(stdout).toMatch(/^PASS: /m);
    } finally {
      process.kill(-(mock.pid as number), 'SIGTERM');
    }
  }, 120_000);

  it.skipIf(!existsSync(CHROMIUM))(
    `a Vite build of a page that starts setupWorker with the handlers answers a search in Chromium${skipNote(!existsSync(CHROMIUM), 'Chromium is not installed; apt-get install chromium')}`,
    async () => {
      const main = `
import { setupWorker } from 'msw/browser';
import { createMswHandlers } from 'resale-kit/msw';
import { createResaleClient } from 'resale-kit/client';
const base = location.origin + '/api';
try {
  await setupWorker(...createMswHandlers(base, { products: 100 }).handlers).start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, onUnhandledRequest: 'bypass' });
  const found = await createResaleClient({ baseUrl: base, apiKey: 'demo-premium' }).searchMarketBProducts({ query: 'nike' });
  document.body.dataset.result = JSON.stringify({ hits: found.data.length });
} catch (err) {
  document.body.dataset.result = JSON.stringify({ error: String(err) });
}
`;
      const dir = consumer(tarball, 'vite', {
        link: ['vite'],
        files: {
          'web/index.html': '<!doctype html><html><head><meta charset="utf-8"><title>app</title></head><body><script type="module" src="./main.js"></script></body></html>\n',
          'web/main.js': main,
          'web/public/mockServiceWorker.js': readFileSync(join(ROOT, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8'),
        },
      });
      const build = await run(NODE, [join(dir, 'node_modules/vite/bin/vite.js'), 'build', 'web', '--outDir', '../webdist', '--emptyOutDir'], { cwd: dir });
      expect(build.stdout + build.stderr).not.toMatch(/externalized for browser compatibility|node:fs/);
      const out = join(dir, 'webdist');
      const server = createServer((req, res) => {
        const path = (req.url ?? '/').split('?')[0] as string;
        const file = join(out, path === '/' ? 'index.html' : path.replace(/\.\.+/g, ''));
        readFile(file).then(
          (b) => res.writeHead(200, { 'content-type': extname(file) === '.html' ? 'text/html' : 'text/javascript' }).end(b),
          () => res.writeHead(404).end(),
        );
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      try {
        const page = await browser.newPage();
        await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
        await page.waitForSelector('body[data-result]', { timeout: 30_000, state: 'attached' });
        expect(JSON.parse((await page.getAttribute('body', 'data-result')) ?? '{}')).toEqual({ hits: 20 });
      } finally {
        await browser.close();
        server.closeAllConnections();
        server.close();
      }
    },
    120_000,
  );

  it.skipIf(major < 22)(
    `msw 3 beside the package (Node >= 22): the handlers answer through setupServer${skipNote(major < 22, 'msw 3 needs Node >= 22; runs in the Node 22/24 package tests of .ci/run')}`,
    async () => {
      const script = `
import { setupServer } from 'msw/node';
import { createMswHandlers } from 'resale-kit/msw';
const server = setupServer(...createMswHandlers('http://api.test', { products: 100 }).handlers);
server.listen({ onUnhandledRequest: 'error' });
const res = await fetch('http://api.test/v3/market_a/products?query=jordan', { headers: { authorization: 'demo-free' } });
const body = await res.json();
server.close();
console.log(JSON.stringify({ status: res.status, hits: body.data.length }));
`;
      const dir = consumer(tarball, 'msw3', { msw: 'msw3', files: { 'use.mjs': script } });
      const { stdout } = await run(NODE, ['use.mjs'], { cwd: dir });
      expect(JSON.parse(stdout)).toEqual({ status: 200, hits: 20 });
    },
    60_000,
  );
});
