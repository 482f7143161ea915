/**
 * Output paths given to one command must name different files (outside attacker, finding 9):
 * `proxy --record x --report json=x` would let the report replace the recording at exit, and two
 * conformance outputs on one path leave one file under four "wrote ..." lines.
 */
import { resolve } from 'node:path';
import { checkFolder, UsageError } from '../conformance/index.js';

/**
 * Checks, before a run, that the given outputs name different files (compared as absolute paths)
 * in folders that can hold them (`checkFolder`).
 * @param outputs `[flag, path]` pairs; an undefined path is an output not asked for.
 * @throws UsageError naming both flags and the path when two outputs name the same file.
 */
export function distinctOutputs(outputs: readonly (readonly [string, string | undefined])[]): void {
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
