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
 * 5. the container lines of docs/container.md, as written (scripts/container-lines.mjs reads
 *    them): each server line until it answers, then Ctrl-C (SIGINT: exit 0, no container left);
 *    each conformance line to its end (exit 0, its reports on the host, owned by the caller), in a
 *    new working folder, with `BASE_URL` (the mock of step 2), `PAID_KEY` and `FREE_KEY` set as the
 *    page says; then what the page says of a line without `--user`: exit 2 and one line; and, as
 *    podman runs as root here, the `--user` line for a caller of uid 65534 (`id` answers 65534,
 *    `reports` is theirs): exit 0, the reports theirs. The
 *    `docker` lines run with the Docker CLI; where no Docker daemon answers, against podman's
 *    Docker-compatible API (`podman system service`). A line with `--userns=keep-id` runs only
 *    when podman is rootless (podman as root refuses it);
 * 6. when redis-server is installed (CI installs it): two mock containers with
 *    `--rate-limit 10/min --rate-limit-store redis://...` (a redis-server on the host) answer
 *    exactly 10 of 30 requests of one key between them;
 * 7. stops everything (also on failure), and prints the image size and the cold start (with the
 *    mock's own world-building time and the machine's load, to read the figure by), and how long
 *    the page's lines took.
 * Exits 1 on the first failure, with what failed.
 */
/* global AbortSignal */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { CONTAINER_DOC, containerLines } from './container-lines.mjs';
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

  const pageStarted = performance.now();
  await pageLines(mockUrl);
  const pageMs = Math.round(performance.now() - pageStarted);

  if (REDIS_SERVER) await replicasShareRedis();
  else process.stderr.write('SKIPPED the replicas sharing Redis: redis-server is not installed (apt-get install redis-server)\n');

  const bytes = Number(out('podman', ['image', 'inspect', '--format', '{{.Size}}', tag]));
  // docs/container.md says the image's size ("about N MB"): the figure a reader sees is the one built here, within 10 %.
  const said = Number(/about\s+(\d+)\s+MB/.exec(readFileSync(CONTAINER_DOC, 'utf8'))?.[1]);
  if (!(Math.abs(bytes / 1e6 - said) <= said * 0.1)) fail(`${CONTAINER_DOC} says the image is about ${said} MB; it is ${(bytes / 1e6).toFixed(1)} MB: update the page`);
  const world = /done in (\d+) ms/.exec(spawnSync('podman', ['logs', `resale-kit-test-mock-${process.pid}`], { encoding: 'utf8' }).stderr ?? '')?.[1];
  process.stdout.write(
    `image ${tag}: ${(bytes / 1e6).toFixed(1)} MB; cold start (podman run to the first answered search): ${coldStartMs} ms (the mock built its world of 10,000 products per marketplace in ${world ?? '?'} ms; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores); the lines of ${CONTAINER_DOC}: ${(pageMs / 1000).toFixed(1)} s\n`,
  );
}

/** Fails unless `port` can be bound on all addresses: the page's servers publish it (`-p 4010:4010`). */
async function portFree(port) {
  await new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', () => reject(new Error(`port ${port} is in use on this machine (another mock or proxy?): the lines of ${CONTAINER_DOC} publish it; stop what listens there and run again`)));
    s.listen(port, '0.0.0.0', () => s.close(() => resolve()));
  });
}

/** A shell line of the page run as written in `cwd` (bash, its own process group); resolves when it ends or `timeoutMs` passes. */
function shell(command, cwd, env, timeoutMs) {
  const child = spawn('/bin/bash', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const ended = new Promise((resolve) => {
    const timer = setTimeout(() => {
      output += `\n[image:test: stopped after ${timeoutMs} ms]`;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
  return { child, ended, output: () => output };
}

/** IDs of the containers there are (running or not). */
const containerIds = () => new Set(out('podman', ['ps', '-a', '-q', '--no-trunc']).split('\n').filter(Boolean));

/** Where the `docker` lines go: `undefined` when the Docker CLI is missing; else the environment for it (DOCKER_HOST of podman's service when no Docker daemon answers). */
async function dockerEnvironment(env) {
  if (spawnSync('docker', ['--version'], { stdio: 'ignore' }).status !== 0) return undefined;
  if (spawnSync('docker', ['version'], { env, stdio: 'ignore', timeout: 10_000 }).status === 0) return { env, engine: 'Docker' };
  const dir = mkdtempSync(join(tmpdir(), 'resale-kit-docker-api-'));
  const socket = `unix://${join(dir, 'podman.sock')}`;
  const service = spawn('podman', ['system', 'service', '--time=0', socket], { stdio: ['ignore', 'ignore', 'pipe'] });
  processes.push(service);
  let serviceErr = '';
  service.stderr.on('data', (d) => (serviceErr += String(d)));
  const withSocket = { ...env, DOCKER_HOST: socket };
  // On a busy machine the service takes a while to answer its first call.
  const end = Date.now() + 90_000;
  let last;
  while ((last = spawnSync('docker', ['version'], { env: withSocket, encoding: 'utf8', timeout: 15_000 })).status !== 0) {
    if (Date.now() > end || service.exitCode !== null) fail(`podman system service did not answer the Docker CLI within 90 s: ${(last.stderr ?? '').trim().slice(-500)} ${serviceErr.trim().slice(-500)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const version = spawnSync('docker', ['version', '--format', '{{.Client.Version}}'], { env: withSocket, encoding: 'utf8' }).stdout.trim();
  return { env: withSocket, engine: `the Docker CLI ${version} on podman's Docker-compatible API (no Docker daemon here)` };
}

/**
 * Step 5: every container line of docs/container.md, as written, in a new working folder, with
 * BASE_URL (the mock at `baseUrl`), PAID_KEY and FREE_KEY set as the page says.
 */
async function pageLines(baseUrl) {
  const lines = containerLines();
  const unknown = lines.filter((l) => l.kind === 'unknown');
  if (unknown.length > 0) fail(`${CONTAINER_DOC} has lines image:test does not know how to run (add them to scripts/container-lines.mjs): ${unknown.map((l) => l.command).join(' | ')}`);
  const cwd = mkdtempSync(join(tmpdir(), 'resale-kit-container-doc-'));
  const env = { ...process.env, BASE_URL: baseUrl, PAID_KEY: 'demo-premium', FREE_KEY: 'demo-free' };
  const docker = lines.some((l) => l.engine === 'docker') ? await dockerEnvironment(env) : undefined;
  const rootful = process.getuid?.() === 0;
  let ran = 0;
  for (const line of lines) {
    const show = line.command.length > 160 ? `${line.command.slice(0, 157)}...` : line.command;
    if (line.kind === 'not-run') {
      process.stderr.write(`NOT RUN  ${show}\n         (${line.why})\n`);
      continue;
    }
    if (line.engine === 'docker' && !docker) {
      process.stderr.write(`SKIPPED  ${show}\n         (no docker command on this machine)\n`);
      continue;
    }
    if (line.rootlessOnly && rootful) {
      process.stderr.write(`NOT RUN  ${show}\n         (rootless podman only: this machine runs podman as root, which refuses --userns=keep-id; the line above it is the one for podman as root)\n`);
      continue;
    }
    const lineEnv = line.engine === 'docker' ? docker.env : env;
    const t0 = performance.now();
    if (line.kind === 'server') await pageServer(line, cwd, lineEnv);
    else {
      for (const r of line.reports) rmSync(join(cwd, r), { force: true });
      const run = shell(line.command, cwd, lineEnv, 300_000);
      const { code } = await run.ended;
      const verdict = run
        .output()
        .split('\n')
        .filter((l) => /^(PASS|FAIL|INCONCLUSIVE)\b/.test(l))
        .join(' ');
      if (code !== 0) fail(`${line.command}\nexited ${code}:\n${run.output().slice(-3000)}`);
      for (const r of line.reports) {
        const file = join(cwd, r);
        if (!existsSync(file)) fail(`${line.command}\nexited 0 but ${r} is not on the host`);
        const owner = statSync(file).uid;
        if (owner !== process.getuid()) fail(`${line.command}\nwrote ${r} as uid ${owner}, not as the caller (uid ${process.getuid()})`);
      }
      process.stderr.write(
        `RAN      ${show}\n         exit 0 in ${Math.round(performance.now() - t0)} ms${verdict ? `; ${verdict.slice(0, 120)}` : ''}${line.reports.length > 0 ? `; ${line.reports.join(', ')} on the host, owned by uid ${process.getuid()}` : ''}\n`,
      );
    }
    ran++;
  }
  // What the page says of a conformance line without --user: exit 2, one line, before the first request.
  const withUser = lines.find((l) => l.kind === 'run' && l.engine === 'podman' && l.command.includes('--user "$(id -u):$(id -g)" '));
  if (!withUser) fail(`${CONTAINER_DOC} shows no podman conformance line with --user "$(id -u):$(id -g)"`);
  if (rootful) {
    const without = withUser.command.replace('--user "$(id -u):$(id -g)" ', '');
    const run = shell(without, cwd, env, 120_000);
    const { code } = await run.ended;
    const text = run.output().trim();
    if (code !== 2 || text.split('\n').length !== 1 || !/cannot write in \/work\/reports: permission denied \(this process runs as uid 10001\)/.test(text))
      fail(`without --user, the page's line should stop with exit 2 and one line; it exited ${code}:\n${text.slice(-2000)}`);
    process.stderr.write(`RAN      the podman conformance line without --user (as the page says: exit 2, one line):\n         ${text}\n`);
    await asAnotherCaller(withUser, env);
  }
  rmSync(cwd, { recursive: true, force: true });
  process.stderr.write(`${CONTAINER_DOC}: ${ran} of ${lines.length} lines run as written${docker ? `; docker lines with ${docker.engine}` : ''}\n`);
}

/**
 * The page's `--user "$(id -u):$(id -g)"` line for a caller who is not root (this machine runs
 * podman as root, where `$(id -u)` is 0 and root writes anywhere): in a folder of its own, `id`
 * answers uid and gid 65534 (a shim first on PATH) and `reports` belongs to 65534; the line, as
 * written, must exit 0 and leave its reports there owned by 65534.
 */
async function asAnotherCaller(line, env) {
  const cwd = mkdtempSync(join(tmpdir(), 'resale-kit-container-caller-'));
  const shims = join(cwd, '.shims');
  mkdirSync(shims);
  writeFileSync(join(shims, 'id'), '#!/bin/sh\ncase "$1" in -u|-g) echo 65534 ;; *) exec /usr/bin/id "$@" ;; esac\n', { mode: 0o755 });
  mkdirSync(join(cwd, 'reports'));
  chownSync(join(cwd, 'reports'), 65534, 65534);
  const t0 = performance.now();
  const run = shell(line.command, cwd, { ...env, PATH: `${shims}:${env.PATH ?? ''}` }, 300_000);
  const { code } = await run.ended;
  if (code !== 0) fail(`as a caller of uid 65534: ${line.command}\nexited ${code}:\n${run.output().slice(-3000)}`);
  for (const r of line.reports) {
    const file = join(cwd, r);
    if (!existsSync(file) || statSync(file).uid !== 65534) fail(`as a caller of uid 65534: ${line.command}\ndid not leave ${r} owned by 65534`);
  }
  rmSync(cwd, { recursive: true, force: true });
  process.stderr.write(`RAN      the same line for a caller of uid 65534 (\`id\` answers 65534, reports/ is theirs): exit 0 in ${Math.round(performance.now() - t0)} ms; ${line.reports.join(', ')} owned by 65534\n`);
}

/** One server line of the page: started as written, answered on its port, stopped with SIGINT (Ctrl-C): exit 0, no container left. */
async function pageServer(line, cwd, env) {
  await portFree(line.port);
  const before = containerIds();
  const t0 = performance.now();
  const run = shell(line.command, cwd, env, 600_000);
  const url = `http://127.0.0.1:${line.port}`;
  const proxy = / proxy\b/.test(line.command);
  let answer;
  try {
    answer = await firstAnswer(`${url}/v3/market_b/products?query=nike`, { headers: { authorization: 'Bearer demo-premium' } }, 240_000);
  } catch (err) {
    fail(`${line.command}\n${err.message}\n${run.output().slice(-2000)}`);
  }
  const firstMs = Math.round(performance.now() - t0);
  const body = await answer.text();
  // The mock answers the search; the proxy's upstream is the page's placeholder, so any answer of the proxy's own (a problem for an unreachable upstream) shows it runs.
  if (!proxy && (answer.status !== 200 || !body.includes('"data"'))) fail(`${line.command}\nanswered ${answer.status}: ${body.slice(0, 300)}`);
  const t1 = performance.now();
  process.kill(-run.child.pid, 'SIGINT');
  const stopped = await Promise.race([run.ended, new Promise((r) => setTimeout(() => r(undefined), 30_000))]);
  if (stopped === undefined) fail(`${line.command}\ndid not stop within 30 s of Ctrl-C (SIGINT)`);
  if (stopped.code !== 0) fail(`${line.command}\nexited ${stopped.code ?? stopped.signal} on Ctrl-C (SIGINT), not 0:\n${run.output().slice(-2000)}`);
  const left = [...containerIds()].filter((id) => !before.has(id));
  if (left.length > 0) {
    const ports = out('podman', ['ps', '-a', '--no-trunc', '--format', '{{.ID}} {{.Ports}}']);
    if (left.some((id) => ports.split('\n').some((p) => p.startsWith(id) && p.includes(`:${line.port}->`)))) fail(`${line.command}\nleft its container behind after Ctrl-C`);
  }
  process.stderr.write(
    `RAN      ${line.command}\n         answered ${answer.status}${proxy ? ` (${answer.headers.get('content-type')})` : ''} ${firstMs} ms after the line started; Ctrl-C: exit 0 in ${Math.round(performance.now() - t1)} ms, no container left\n`,
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
  for (const child of processes) {
    try {
      // The page's lines run in process groups of their own.
      if (child.exitCode === null && child.signalCode === null) process.kill(child.spawnargs[0] === '/bin/bash' ? -child.pid : child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
