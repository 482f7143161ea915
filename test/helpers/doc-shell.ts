/**
 * Running the shell commands of the docs as written: a PATH where `npx resale-kit`, `resale-kit`,
 * `npm start`, `npm run conformance --` and `npm run proxy --` run the checkout's build
 * (dist/cli/bin.js, built by the vitest global set-up) exactly as the published package and the
 * npm scripts do (`npm start` is `build && exec node dist/cli/bin.js mock`), and any other `npm` or
 * `npx` use fails loudly (exit 97) so that a command a test does not mean to run cannot pass by
 * accident. Steps run in bash with `-e`, each in its own process group, output to a log; what they
 * leave in the background is stopped by {@link DocShell.stop}.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './cli.js';

/** What a step did: its exit code and everything it printed (stdout and stderr interleaved). */
export interface StepResult {
  code: number | null;
  output: string;
}

/** A working directory, a PATH with the shims, and the process groups started there. */
export interface DocShell {
  /** The working directory (the "project" the commands run in). */
  cwd: string;
  /** The environment every step gets (PATH with the shims first, plus what the caller gave). */
  env: NodeJS.ProcessEnv;
  /** Runs one step (a bash script) to its end, at most `timeoutMs` milliseconds. */
  run(step: string, timeoutMs?: number): Promise<StepResult>;
  /** Stops every process group a step started (background servers included). */
  stop(): void;
}

const shim = (body: string): string => `#!/bin/bash\n${body}\n`;

/** A shell for the docs' commands, in a new temporary directory. */
export function docShell(extraEnv: NodeJS.ProcessEnv = {}): DocShell {
  const cwd = mkdtempSync(join(tmpdir(), 'doc-shell-'));
  const bin = join(cwd, '.shims');
  mkdirSync(bin);
  const node = JSON.stringify(process.execPath);
  const cli = JSON.stringify(BIN);
  const shims: Record<string, string> = {
    'resale-kit': `exec ${node} ${cli} "$@"`,
    npx: `if [ "$1" = resale-kit ]; then shift; exec ${node} ${cli} "$@"; fi\necho "doc-shell: npx $* is not run by the tests" >&2; exit 97`,
    npm: [
      'args=("$@"); [ "${args[0]}" = run ] && [ "${args[1]}" = -s ] && args=(run "${args[@]:2}")',
      `if [ "\${args[0]}" = start ]; then a=("\${args[@]:1}"); [ "\${a[0]}" = -- ] && a=("\${a[@]:1}"); exec ${node} ${cli} mock "\${a[@]}"; fi`,
      `if [ "\${args[0]}" = run ] && { [ "\${args[1]}" = conformance ] || [ "\${args[1]}" = proxy ]; }; then c="\${args[1]}"; a=("\${args[@]:2}"); [ "\${a[0]}" = -- ] && a=("\${a[@]:1}"); exec ${node} ${cli} "$c" "\${a[@]}"; fi`,
      'echo "doc-shell: npm $* is not run by the tests" >&2; exit 97',
    ].join('\n'),
  };
  for (const [name, body] of Object.entries(shims)) {
    writeFileSync(join(bin, name), shim(body));
    chmodSync(join(bin, name), 0o755);
  }
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, PATH: `${bin}:${process.env.PATH ?? ''}`, NO_COLOR: '1' };
  const groups: number[] = [];
  let n = 0;
  return {
    cwd,
    env,
    run(step, timeoutMs = 120_000) {
      const log = join(cwd, `.step-${++n}.log`);
      writeFileSync(log, '');
      return new Promise((resolve) => {
        const child = spawn('/bin/bash', ['-e', '-c', step], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        if (child.pid !== undefined) groups.push(child.pid);
        let output = '';
        // Background children inherit the pipes; the step is done when bash exits, not when the pipes close.
        child.stdout.on('data', (d) => (output += String(d)));
        child.stderr.on('data', (d) => (output += String(d)));
        const timer = setTimeout(() => {
          output += `\n[doc-shell: step timed out after ${timeoutMs} ms]`;
          child.kill('SIGKILL');
        }, timeoutMs);
        child.on('exit', (code) => {
          clearTimeout(timer);
          setTimeout(() => {
            writeFileSync(log, output);
            resolve({ code, output });
          }, 50);
        });
      });
    },
    stop() {
      for (const pid of groups) {
        try {
          process.kill(-pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    },
  };
}

/** Reads a file of the shell's directory. */
export const readIn = (shell: DocShell, path: string): string => readFileSync(join(shell.cwd, path), 'utf8');
