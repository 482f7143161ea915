#!/usr/bin/env node
/**
 * `npm run image:test`: the container tests (issue 22), in CI after `npm test` and from a
 * checkout. Builds the image (scripts/image.mjs; `--no-build` uses the one there), then:
 * 1. the image runs as a user other than root, and has no compiler, npm, npm cache or test files;
 * 2. starts the mock from it (host network, a free loopback port) and answers a search from the
 *    host: the time from `podman run` to that first answer is the cold start;
 * 3. runs `conformance` from the image against that mock: exit 0;
 * 4. runs `proxy` from the image in front of the mock and passes a search through it
 *    (`x-contract-violations: 0`);
 * 5. when redis-server is installed (CI installs it): two mock containers with
 *    `--rate-limit 10/min --rate-limit-store redis://...` (a redis-server on the host) answer
 *    exactly 10 of 30 requests of one key between them;
 * 6. stops everything (also on failure), and prints the image size and the cold start (with the
 *    mock's own world-building time and the machine's load, to read the figure by).
 * Exits 1 on the first failure, with what failed.
 */
/* global AbortSignal */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createServer } from 'node:net';
import { buildImage, IMAGE, out, step, VERSION } from './image.mjs';

const started = [];
const processes = [];
const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
const tag = `${IMAGE}:${VERSION}`;

/** A free loopback port (bound, read, released). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const fail = (what) => {
  throw new Error(what);
};

/** Polls `url` until it answers (any status) or `timeoutMs` passes; returns the answer. */
async function firstAnswer(url, init, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(2000) });
    } catch (err) {
      if (Date.now() > end) fail(`no answer from ${url} within ${timeoutMs} ms: ${err.message}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/** `podman run -d` of the image with a name of its own, stopped at the end. */
function runDetached(name, args) {
  started.push(name);
  return out('podman', ['run', '-d', '--rm', '--name', name, '--network', 'host', ...args]);
}

async function main() {
  if (!process.argv.includes('--no-build')) step('npm run image', () => buildImage());

  step('the image: not root; no compiler, npm, npm cache or test files', () => {
    const user = out('podman', ['image', 'inspect', '--format', '{{.Config.User}}', tag]);
    if (!user || user === 'root' || user === '0') fail(`the image runs as ${JSON.stringify(user)}, not as a user of its own`);
    const script = [
      'test "$(id -u)" != 0 || { echo "runs as root"; exit 1; }',
      'for t in gcc cc c++ g++ make npm npx; do if command -v $t >/dev/null; then echo "has $t"; exit 1; fi; done',
      'for d in /root/.npm /work/.npm /opt/resale-kit/test /opt/resale-kit/bench /opt/resale-kit/.ci /opt/resale-kit/node_modules/msw /opt/resale-kit/node_modules/typescript /opt/resale-kit/node_modules/vitest; do if [ -e $d ]; then echo "has $d"; exit 1; fi; done',
      'if find /opt/resale-kit -path /opt/resale-kit/node_modules -prune -o -name "*.ts" ! -name "*.d.ts" -print | grep -q .; then echo "has TypeScript sources"; exit 1; fi',
      'resale-kit --version',
    ].join('\n');
    const res = spawnSync('podman', ['run', '--rm', '--network', 'none', '--entrypoint', '/bin/sh', tag, '-c', script], { encoding: 'utf8' });
    if (res.status !== 0) fail(`image contents: ${res.stdout}${res.stderr}`);
    if (res.stdout.trim() !== VERSION) fail(`resale-kit --version in the image printed ${res.stdout.trim()}, not ${VERSION}`);
  });

  const mockPort = await freePort();
  const mockUrl = `http://127.0.0.1:${mockPort}`;
  const t0 = performance.now();
  runDetached(`resale-kit-test-mock-${process.pid}`, ['-e', `RESALE_KIT_MOCK_PORT=${mockPort}`, tag]);
  const search = await firstAnswer(`${mockUrl}/v3/market_b/products?query=nike`, { headers: { authorization: 'demo-premium' } });
  const coldStartMs = Math.round(performance.now() - t0);
  const body = await search.json();
  if (search.status !== 200 || !Array.isArray(body.data) || body.data.length === 0) fail(`the mock's search answered ${search.status}: ${JSON.stringify(body).slice(0, 300)}`);
  process.stderr.write(`mock from the image answered a search (${body.data.length} hits) ${coldStartMs} ms after podman run\n`);

  step('conformance from the image against the mock: exit 0', () => {
    const res = spawnSync('podman', ['run', '--rm', '--network', 'host', tag, 'conformance', '--base-url', mockUrl, '--api-key', 'demo-premium', '--free-key', 'demo-free', '--rate-limit', '0'], {
      encoding: 'utf8',
    });
    process.stderr.write(
      res.stdout
        .split('\n')
        .filter((l) => /^(PASS|FAIL|INCONCLUSIVE)/.test(l))
        .join('\n') + '\n',
    );
    if (res.status !== 0) fail(`conformance exited ${res.status}:\n${res.stdout.slice(-2000)}${res.stderr.slice(-2000)}`);
  });

  const proxyPort = await freePort();
  runDetached(`resale-kit-test-proxy-${process.pid}`, ['-e', `RESALE_KIT_PROXY_PORT=${proxyPort}`, '-e', `RESALE_KIT_PROXY_UPSTREAM=${mockUrl}`, tag, 'proxy']);
  const through = await firstAnswer(`http://127.0.0.1:${proxyPort}/v3/market_a/products?query=jordan`, { headers: { authorization: 'demo-free' } }, 30_000);
  const passed = await through.json();
  if (through.status !== 200 || !Array.isArray(passed.data)) fail(`the proxy answered ${through.status}: ${JSON.stringify(passed).slice(0, 300)}`);
  if (through.headers.get('x-contract-violations') !== '0') fail(`the proxy found violations in the mock's answer: x-contract-violations ${through.headers.get('x-contract-violations')}`);
  process.stderr.write('proxy from the image passed a search through (x-contract-violations: 0)\n');

  if (REDIS_SERVER) await replicasShareRedis();
  else process.stderr.write('SKIPPED the replicas sharing Redis: redis-server is not installed (apt-get install redis-server)\n');

  const bytes = Number(out('podman', ['image', 'inspect', '--format', '{{.Size}}', tag]));
  const world = /done in (\d+) ms/.exec(spawnSync('podman', ['logs', `resale-kit-test-mock-${process.pid}`], { encoding: 'utf8' }).stderr ?? '')?.[1];
  process.stdout.write(
    `image ${tag}: ${(bytes / 1e6).toFixed(1)} MB; cold start (podman run to the first answered search): ${coldStartMs} ms (the mock built its world of 10,000 products per marketplace in ${world ?? '?'} ms; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)\n`,
  );
}

/** Two mock containers, one Redis on the host: exactly 10 of 30 requests of one key answered between them. */
async function replicasShareRedis() {
  const redisPort = await freePort();
  const redis = spawn(REDIS_SERVER, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  processes.push(redis);
  await new Promise((resolve, reject) => {
    let text = '';
    redis.stdout.on('data', (d) => {
      text += String(d);
      if (text.includes('Ready to accept connections')) resolve();
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  const urls = [];
  for (const i of [1, 2]) {
    const port = await freePort();
    const env = { RESALE_KIT_MOCK_PORT: port, RESALE_KIT_MOCK_PRODUCTS: 200, RESALE_KIT_MOCK_NOW: '2026-01-15', RESALE_KIT_MOCK_RATE_LIMIT: '10/min', RESALE_KIT_MOCK_RATE_LIMIT_STORE: `redis://127.0.0.1:${redisPort}` };
    runDetached(`resale-kit-test-replica-${i}-${process.pid}`, [...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]), tag]);
    urls.push(`http://127.0.0.1:${port}`);
  }
  // The index is not counted by the limiter: it only shows the replica is up.
  for (const url of urls) await firstAnswer(`${url}/`, {});
  const statuses = [];
  for (let i = 0; i < 30; i++) statuses.push((await fetch(`${urls[i % 2]}/v3/market_b/products?limit=1&i=${i}`, { headers: { authorization: 'demo-free' } })).status);
  const answered = statuses.filter((s) => s === 200).length;
  const limited = statuses.filter((s) => s === 429).length;
  if (answered !== 10 || limited !== 20) fail(`two replicas sharing Redis answered ${answered} and refused ${limited} of 30 requests of one key (want 10 and 20): ${statuses.join(',')}`);
  process.stderr.write(`two mock containers sharing Redis (10/min): ${answered} of 30 answered, ${limited} refused with 429\n`);
}

try {
  await main();
  process.stdout.write('image tests passed\n');
} catch (err) {
  process.stderr.write(`image test failed: ${err.message}\n`);
  process.exitCode = 1;
} finally {
  for (const name of started.reverse()) spawnSync('podman', ['rm', '-f', '-t', '2', name], { stdio: 'ignore' });
  for (const child of processes) child.kill('SIGTERM');
}
