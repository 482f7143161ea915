/**
 * Servers the benchmark (and the tests) start as child processes on free loopback ports: our
 * mock through its CLI, Prism on the contract, and the bare node:http limit server.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRISM_BIN = `${ROOT}node_modules/.bin/prism`;
const MOCK_BIN = `${ROOT}dist/cli/bin.js`;

/** A running target: its base URL, process id and a stop function. */
export interface Target {
  name: string;
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the OS hands out ports above 32768, none on fetch's blocked list). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** CPUs the targets are pinned to (a `taskset -c` list), or undefined to let the scheduler place them. */
let targetCpus: string | undefined;

/**
 * Pins every target started from now on to `cpus` (a `taskset -c` list such as `1`), and this
 * process, the load generator, with all its threads, to `own` (such as `0`): on a 2-core machine
 * the target then has one core to itself and never waits behind autocannon, so requests per
 * second follow CPU per request (`bench/run.ts --pin`). Linux only.
 * @throws Error when `taskset` is missing or a CPU does not exist.
 */
export function pinTargets(cpus: string, own: string): void {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', own, String(process.pid)], { stdio: 'ignore' });
  } catch (err) {
    throw new Error(`--pin: cannot pin this process to CPU ${own} with taskset (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); --pin needs Linux, taskset (util-linux) and two CPUs, or leave --pin out`);
  }
  targetCpus = cpus;
}

/**
 * Starts a child and waits until `probe` answers (any HTTP status), at most `timeoutMs`.
 * @throws Error with the child's output when it exits early or never answers.
 */
async function startChild(name: string, cmd: string, args: string[], baseUrl: string, probe: string, timeoutMs: number): Promise<Target> {
  // `taskset` execs the command, so the child's pid is the target's own.
  const child: ChildProcess = targetCpus === undefined ? spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }) : spawn('taskset', ['-c', targetCpus, cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${output}`);
    try {
      await (await fetch(baseUrl + probe, { headers: { authorization: 'demo-premium' } })).arrayBuffer();
      return { name, baseUrl, pid: child.pid as number, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await stop();
  throw new Error(`${name} did not answer within ${timeoutMs} ms: ${output}`);
}

/** Starts `prism mock openapi.yaml -v silent` (pinned @stoplight/prism-cli). */
export async function startPrism(timeoutMs = 45_000): Promise<Target> {
  const port = await freePort();
  return startChild('prism', PRISM_BIN, ['mock', `${ROOT}openapi.yaml`, '--host', '127.0.0.1', '--port', String(port), '-v', 'silent'], `http://127.0.0.1:${port}`, '/v3/market_a/products', timeoutMs);
}

/**
 * Starts our mock through its CLI with extra flags (default settings otherwise).
 * @param bin the CLI to run: this checkout's build (`dist/cli/bin.js`) by default, or another
 *   build's (`bench/run.ts --baseline`, to compare two builds in one run).
 * @param nodeFlags flags for node itself, before the script (`--min-semi-space-size=16`: bench/ageing.ts `--node-flags`).
 */
export async function startMock(flags: string[] = [], timeoutMs = 120_000, bin = MOCK_BIN, nodeFlags: string[] = []): Promise<Target> {
  const port = await freePort();
  return startChild('mock', process.execPath, [...nodeFlags, bin, 'mock', '--port', String(port), ...flags], `http://127.0.0.1:${port}`, '/v3/market_a/products?limit=1', timeoutMs);
}

/**
 * CPU time a process has used so far, user plus system, all its threads, in microseconds (Linux
 * `/proc/PID/stat` fields 14 and 15, in clock ticks of 10 ms); 0 where there is no /proc.
 */
export function cpuUs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return 0;
  }
}

/** One precomputed answer of the limit server (bench/limit-server.mjs): status, headers, body text. */
export interface LimitAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers node:http writes itself (framing, `Date`, keep-alive): the limit server leaves them to it, as the mock does. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * The answer the limit server is to send for one of the mock's: the same status, body and headers
 * (every one the mock set, `x-quota-current` as counted then, in the alphabetical order of
 * fetch's `Headers`), so that the two write the same bytes but for that count, `Date` and the
 * header order, and the limit's cost is node:http's alone. Before 2026-11-27 the limit sent only
 * `content-type` (one header against the mock's eleven).
 */
export async function limitAnswerOf(res: Response): Promise<LimitAnswer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of res.headers) if (!WRITTEN_BY_NODE.has(name)) headers[name] = value;
  return { status: res.status, headers, body: await res.text() };
}

/** Starts the bare node:http limit server on a file of precomputed answers ({@link LimitAnswer} by request target). */
export async function startLimit(answersFile: string): Promise<Target> {
  const port = await freePort();
  return startChild('limit', process.execPath, [`${ROOT}bench/limit-server.mjs`, answersFile, String(port)], `http://127.0.0.1:${port}`, '/', 10_000);
}

/**
 * Starts the limit server on the mock's own answers to `paths`: asks the mock for each once (with
 * the paid demo key; this also fills the mock's response cache), writes them to a fresh
 * temporary file and starts {@link startLimit} on it.
 */
export async function startLimitFor(mock: Target, paths: Iterable<string>): Promise<Target> {
  const answers: Record<string, LimitAnswer> = {};
  for (const path of paths) answers[path] = await limitAnswerOf(await fetch(mock.baseUrl + path, { headers: PROXY_AUTH }));
  const file = join(mkdtempSync(join(tmpdir(), 'bench-limit-')), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  return startLimit(file);
}

/** Asks `target` for each of `paths` once (with the paid demo key), so a mock's response cache holds them as ours does after {@link startLimitFor}. */
export async function fetchEach(target: Target, paths: Iterable<string>): Promise<void> {
  for (const path of paths) await (await fetch(target.baseUrl + path, { headers: PROXY_AUTH })).arrayBuffer();
}

/** The search paths the proxy benchmarks send (bench/proxy-speed.ts, bench/proxy-cpu.ts), through the proxy to the mock. */
export const PROXY_PATHS = ['/v3/market_a/products?query=jordan&limit=20', '/v3/market_b/products?query=nike', '/v3/market_a/products?query=dunk&page=2', '/v3/market_b/products?query=samba&limit=5'];
/** The paid demo key those requests carry. */
export const PROXY_AUTH = { authorization: 'demo-premium' };

/**
 * Spawns `cmd args` and resolves once `url` answers the first of {@link PROXY_PATHS} (polled every
 * 100 ms, at most 60 s). @throws Error naming the command when it never answers (the process is killed).
 */
export async function spawnAnswering(cmd: string, args: string[], url: string): Promise<ChildProcess> {
  const c = spawn(cmd, args, { stdio: 'ignore' });
  for (let i = 0; i < 600; i++) {
    try {
      await (await fetch(`${url}${PROXY_PATHS[0]}`, { headers: PROXY_AUTH })).arrayBuffer();
      return c;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  c.kill('SIGKILL');
  throw new Error(`${cmd} ${args.join(' ')} did not answer at ${url}`);
}
