/**
 * Output paths given to one command must name different files (outside attacker, finding 9):
 * `proxy --record x --report json=x` would let the report replace the recording at exit, and two
 * conformance outputs on one path leave one file under four "wrote ..." lines.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkFolder, UsageError } from '../conformance/index.js';

/** Whether two paths name one file: the same absolute path, or (both existing) the same device and inode (a link). */
function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/**
 * Checks, before a run, that the given outputs name different files (compared as absolute paths)
 * in folders that can hold them (`checkFolder`), and that no output names one of the command's
 * inputs (outside attacker, round 4: `--certificate key.pem --sign-key key.pem` replaced the
 * private key; `diff old.yaml new.yaml --json old.yaml` the old contract).
 * @param outputs `[flag, path]` pairs; an undefined path is an output not asked for.
 * @param inputs `[flag, path]` pairs of the files the command reads (an undefined path: not given).
 * @throws UsageError naming both flags and the path when two outputs name the same file, or an output an input.
 */
export function distinctOutputs(outputs: readonly (readonly [string, string | undefined])[], inputs: readonly (readonly [string, string | undefined])[] = []): void {
  for (const [flag, path] of outputs) {
    if (path === undefined || path === '' || path === '-') continue;
    for (const [inFlag, input] of inputs)
      if (input !== undefined && input !== '' && sameFile(path, input)) throw new UsageError(`${flag} and ${inFlag} name the same file (${JSON.stringify(path)}); writing ${flag} would replace the input: give the output its own path`);
  }
  const seen = new Map<string, string>();
  for (const [flag, path] of outputs) {
    if (path === undefined || path === '' || path === '-') continue;
    // Before the first request: an output whose folder cannot exist fails now, not after the run.
    checkFolder(path, flag);
    const abs = resolve(path);
    const before = seen.get(abs);
    if (before !== undefined) throw new UsageError(`${before} and ${flag} name the same file (${JSON.stringify(path)}); one would replace the other: give each output its own path`);
    seen.set(abs, flag);
  }
}
