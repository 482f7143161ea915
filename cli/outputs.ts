/**
 * Output paths given to one command must name different files (outside attacker, finding 9):
 * `proxy --record x --report json=x` would let the report replace the recording at exit, and two
 * conformance outputs on one path leave one file under four "wrote ..." lines.
 */
import { resolve } from 'node:path';
import { UsageError } from '../conformance/index.js';

/**
 * Checks that the given outputs name different files (compared as absolute paths).
 * @param outputs `[flag, path]` pairs; an undefined path is an output not asked for.
 * @throws UsageError naming both flags and the path when two outputs name the same file.
 */
export function distinctOutputs(outputs: readonly (readonly [string, string | undefined])[]): void {
  const seen = new Map<string, string>();
  for (const [flag, path] of outputs) {
    if (path === undefined || path === '' || path === '-') continue;
    const abs = resolve(path);
    const before = seen.get(abs);
    if (before !== undefined) throw new UsageError(`${before} and ${flag} name the same file (${JSON.stringify(path)}); one would replace the other: give each output its own path`);
    seen.set(abs, flag);
  }
}
