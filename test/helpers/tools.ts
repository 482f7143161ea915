/**
 * Other people's tools the portability gate runs (issue 19): a copy of the contract in a
 * temporary folder (optionally changed, to prove a gate can fail), and child processes that
 * are always stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, with a trailing slash. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The binaries of the repository's devDependencies. */
export const BIN = join(ROOT, 'node_modules', '.bin');

/**
 * Writes openapi.yaml (changed by `edit`, when given) into a new temporary folder.
 * @returns the folder and the path of the copy.
 */
export function contractCopy(edit: (text: string) => string = (t) => t): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'rk-portability-'));
  const file = join(dir, 'openapi.yaml');
  writeFileSync(file, edit(readFileSync(join(ROOT, 'openapi.yaml'), 'utf8')));
  return { dir, file };
}

/** What a finished command printed, and its exit code. */
export interface ToolRun {
  code: number | null;
  out: string;
}

/** Runs a command to its end (stdout and stderr together), killing it after `timeoutMs`. */
export function runTool(cmd: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<ToolRun> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** A started long-running child (a proxy), with its output so far and a stop function. */
export interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a child and waits until `url` answers over HTTP (any status). @throws Error with its output when it does not. */
export async function startTool(cmd: string, args: string[], url: string, timeoutMs = 45_000): Promise<Started> {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited with ${child.exitCode}: ${out}`);
    try {
      await (await fetch(url)).arrayBuffer();
      return { child, output: () => out, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  throw new Error(`${cmd} did not answer within ${timeoutMs} ms: ${out}`);
}
