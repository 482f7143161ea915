/** The compiled command line as tests run it: spawn it, collect its output, wait for its URL. */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The package's `bin` (dist/, built by the vitest global set-up). */
export const BIN = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

/** What a finished run printed, and its exit code. */
export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, collecting stdout and stderr. */
export function runToEnd(command: string, args: string[], options: { cwd?: string } = {}): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: options.cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `resale-kit ARGS` (the compiled bin, on this Node) run to its end. */
export const runCli = (args: string[]): Promise<Finished> => runToEnd(process.execPath, [BIN, ...args]);

/**
 * Waits until a started server prints `listening on URL` (and, when given, `also` too).
 * @returns the URL and everything printed on stdout so far.
 * @throws Error when nothing like it is printed within `timeoutMs`.
 */
export function listeningUrl(child: ChildProcessByStdio<null, Readable, Readable>, timeoutMs = 30_000, also?: string): Promise<{ url: string; out: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), timeoutMs);
    child.stdout.on('data', (d) => {
      out += String(d);
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match && (also === undefined || out.includes(also))) {
        clearTimeout(timer);
        resolve({ url: match[1] as string, out });
      }
    });
  });
}
