/**
 * The command line of every benchmark script (`bench/*.ts`): flags parsed by node's
 * `util.parseArgs` in strict mode, `--help` (or `-h`) printing a usage text and exiting 0 before
 * anything is measured or written, an unknown flag, a missing value or a number out of range
 * printing what was wrong and exiting 2. Before 2026-11-27 `bench/run.ts --help` ran the whole
 * six-minute benchmark and rewrote bench/RESULTS.md, and `--rounds x` measured nothing silently.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** One flag: node's `parseArgs` option plus a help line and, for numbers, the range it accepts. */
export interface BenchFlag {
  type: 'string' | 'boolean';
  /** The value when the flag is absent (a string for `type: 'string'`). */
  default?: string | boolean;
  /** One line for `--help`: what the flag does, with its unit. */
  help: string;
  /** The value must be a number at least this (checked after parsing; the value stays a string). */
  min?: number;
  /** The number must be an integer. */
  integer?: boolean;
  /** The value is a comma-separated list of such numbers (`min`, `integer` apply to each). */
  list?: boolean;
  /** The value names a file that must exist (such as another build's `dist/cli/bin.js`). */
  file?: boolean;
  /** The flag must be given. */
  required?: boolean;
}

/** What a script accepts besides its flags. */
export interface BenchCommand {
  /** The script's path as a user types it, such as `bench/run.ts`. */
  script: string;
  /** What the script measures and prints (the first lines of `--help`). */
  about: string;
  /** Positional arguments, as shown in the usage line (such as `[SECONDS]`); none accepted when absent. */
  positionals?: string;
  /** The positionals are numbers: at least `min`, integers when `integer`, at most `most` of them. */
  positionalNumbers?: { min: number; integer?: boolean; most?: number };
  /** Whether everything after a bare `--` is a command to pass on (returned as `rest`, not parsed). */
  passThrough?: string;
  /** Arguments to parse (default: `process.argv.slice(2)`). */
  argv?: string[];
}

/** The parsed values: booleans (false when absent), strings (undefined when absent and without a default). */
export type BenchValues<F extends Record<string, BenchFlag>> = { [K in keyof F]: F[K]['type'] extends 'boolean' ? boolean : F[K] extends { default: string } | { required: true } ? string : string | undefined };

/** Thrown (and turned into exit code 2 by {@link benchArgs}) for a command line that cannot run. */
export class UsageError extends Error {}

/** The `--help` text: usage line, about text, one line per flag with its default. */
export function usage(cmd: BenchCommand, flags: Record<string, BenchFlag>): string {
  const line = `usage: tsx ${cmd.script} [flags]${cmd.positionals ? ` ${cmd.positionals}` : ''}${cmd.passThrough ? ` [-- ${cmd.passThrough}]` : ''}`;
  const rows = Object.entries(flags).map(([name, f]) => {
    const left = `  --${name}${f.type === 'string' ? ' VALUE' : ''}`;
    const def = f.default === undefined || f.default === false ? '' : ` (default: ${String(f.default)})`;
    return `${left.padEnd(26)} ${f.help}${def}`;
  });
  return [line, '', cmd.about, '', 'flags:', ...rows, `${'  --help, -h'.padEnd(26)} print this text and exit`, ''].join('\n');
}

/**
 * Parses a benchmark's command line without side effects.
 * @returns `help` true when `--help`/`-h` was given (nothing else is checked then), else the
 *   parsed values (strings and booleans, as node's `parseArgs`), the positionals and the
 *   arguments after `--` (`rest`, empty without `passThrough`).
 * @throws UsageError naming the flag for an unknown flag, a missing value, a value that is not a
 *   number in range, or positionals the script does not take.
 */
export function parseBenchArgs<const F extends Record<string, BenchFlag>>(cmd: BenchCommand, flags: F): { help: true } | { help: false; values: BenchValues<F>; positionals: string[]; rest: string[] } {
  const argv = cmd.argv ?? process.argv.slice(2);
  const dash = cmd.passThrough ? argv.indexOf('--') : -1;
  const own = dash < 0 ? argv : argv.slice(0, dash);
  if (own.includes('--help') || own.includes('-h')) return { help: true };
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, f] of Object.entries(flags)) options[name] = f.default === undefined ? { type: f.type } : ({ type: f.type, default: f.default } as never);
  let parsed;
  try {
    parsed = parseArgs({ args: own, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0] as string);
  }
  if (!cmd.positionals && parsed.positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(parsed.positionals[0])}: ${cmd.script} takes flags only`);
  const pn = cmd.positionalNumbers;
  if (pn?.most !== undefined && parsed.positionals.length > pn.most) throw new UsageError(`${parsed.positionals.length} arguments: ${cmd.script} takes at most ${pn.most} (${cmd.positionals ?? ''})`);
  for (const v of pn ? parsed.positionals : []) {
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n) || n < (pn?.min ?? 0) || (pn?.integer && !Number.isInteger(n)))
      throw new UsageError(`${JSON.stringify(v)}: give ${pn?.integer ? 'an integer' : 'a number'} of at least ${pn?.min ?? 0} (${cmd.positionals ?? ''})`);
  }
  for (const [name, f] of Object.entries(flags)) {
    const v = (parsed.values as Record<string, unknown>)[name];
    if (f.required && v === undefined) throw new UsageError(`--${name} is required (${f.help})`);
    if (typeof v !== 'string') continue;
    if (f.file && !existsSync(v)) throw new UsageError(`--${name} ${JSON.stringify(v)}: no such file (${f.help})`);
    if (f.min === undefined) continue;
    const min = f.min;
    const bad = (x: string): boolean => {
      const n = Number(x);
      return x.trim() === '' || !Number.isFinite(n) || n < min || (f.integer === true && !Number.isInteger(n));
    };
    if (f.list ? v.split(',').some(bad) : bad(v))
      throw new UsageError(`--${name} ${JSON.stringify(v)}: give ${f.list ? 'comma-separated ' : ''}${f.integer ? (f.list ? 'integers' : 'an integer') : f.list ? 'numbers' : 'a number'} of at least ${min}`);
  }
  const values: Record<string, unknown> = { ...parsed.values };
  for (const [name, f] of Object.entries(flags)) if (f.type === 'boolean' && values[name] === undefined) values[name] = false;
  return { help: false, values: values as BenchValues<F>, positionals: parsed.positionals, rest: dash < 0 ? [] : argv.slice(dash + 1) };
}

/**
 * {@link parseBenchArgs} for a script's entry point: prints the usage text and exits 0 on
 * `--help`; prints `<script>: <what was wrong>` and a hint to stderr and exits 2 on a
 * {@link UsageError}.
 */
export function benchArgs<const F extends Record<string, BenchFlag>>(cmd: BenchCommand, flags: F): Extract<ReturnType<typeof parseBenchArgs<F>>, { help: false }> {
  try {
    const r = parseBenchArgs(cmd, flags);
    if (r.help) {
      process.stdout.write(usage(cmd, flags));
      process.exit(0);
    }
    return r;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return exitUsage(cmd.script, err.message);
  }
}

/**
 * Prints `<script>: <message>` and the hint to `--help` to stderr and exits 2: a command line or
 * a set-up the script cannot run with (every bench script's one way to refuse).
 */
export function exitUsage(script: string, message: string): never {
  process.stderr.write(`${basename(script)}: ${message}\nrun \`tsx ${script} --help\` for its flags\n`);
  process.exit(2);
}
