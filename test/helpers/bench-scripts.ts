/**
 * The benchmark scripts with an entry point: every `bench/*.ts` but the modules the others import
 * (bench/args.ts, bench/targets.ts), read from the folder so that a new script is checked too.
 */
import { readdirSync } from 'node:fs';

/** bench/*.ts files that are modules only (no entry point of their own). */
const MODULES = new Set(['args.ts', 'targets.ts']);

/** File names (such as `run.ts`) of the benchmark scripts, sorted. */
export const BENCH_SCRIPTS: readonly string[] = readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && !MODULES.has(f))
  .sort();
