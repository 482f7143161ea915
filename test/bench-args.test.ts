/**
 * Every benchmark script's command line goes through bench/args.ts (`--help`, strict flags,
 * numbers in range); test/bench-help.test.ts runs each script with `--help` and a wrong flag.
 * The list of scripts is read from bench/, so a new script that parses its own arguments fails
 * the first test.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBenchArgs, usage, type BenchFlag } from '../bench/args.js';

import { BENCH_SCRIPTS as SCRIPTS } from './helpers/bench-scripts.js';

describe('the benchmark scripts', () => {
  it('are at least the eighteen known, and each parses its command line through benchArgs', () => {
    expect(SCRIPTS.length).toBeGreaterThanOrEqual(18);
    for (const f of SCRIPTS) {
      const src = readFileSync(`bench/${f}`, 'utf8');
      expect(src, `bench/${f} has no benchArgs call`).toMatch(/\bbenchArgs\(/);
      expect(src, `bench/${f} reads process.argv itself`).not.toMatch(/process\.argv\.(slice|indexOf)|process\.argv\[[2-9]\]/);
      expect(src, `bench/${f} calls parseArgs itself`).not.toMatch(/\bparseArgs\(/);
    }
  });
});

const FLAGS = {
  rounds: { type: 'string', default: '5', help: 'rounds', min: 1, integer: true },
  seconds: { type: 'string', help: 'seconds', min: 0.5 },
  pin: { type: 'boolean', help: 'pin' },
  sizes: { type: 'string', help: 'sizes', min: 1, integer: true, list: true },
  baseline: { type: 'string', help: 'a build', file: true },
} satisfies Record<string, BenchFlag>;
const CMD = { script: 'bench/x.ts', about: 'x' };

describe('parseBenchArgs', () => {
  const ok: [string[], Record<string, unknown>][] = [
    [[], { rounds: '5', pin: false }],
    [['--rounds', '3', '--pin'], { rounds: '3', pin: true }],
    [['--rounds=7', '--seconds', '0.5'], { rounds: '7', seconds: '0.5' }],
    [['--sizes', '1000,2000', '--baseline', 'package.json'], { sizes: '1000,2000', baseline: 'package.json' }],
  ];
  it.each(ok)('%j parses to %j', (argv, values) => {
    const r = parseBenchArgs({ ...CMD, argv }, FLAGS);
    expect(r.help).toBe(false);
    if (!r.help) expect(r.values).toMatchObject(values);
    // A string flag without a default and not given stays undefined.
    if (!r.help && !argv.includes('--seconds')) expect(r.values.seconds).toBeUndefined();
  });

  const bad: [string[], RegExp][] = [
    [['--round', '3'], /Unknown option '--round'/],
    [['--rounds'], /--rounds/],
    [['--rounds', '0'], /--rounds "0": give an integer of at least 1/],
    [['--rounds', '2.5'], /--rounds "2\.5": give an integer/],
    [['--rounds', ''], /--rounds "": give an integer/],
    [['--seconds', 'NaN'], /--seconds "NaN": give a number of at least 0\.5/],
    [['--seconds', 'Infinity'], /--seconds "Infinity"/],
    [['extra'], /unexpected argument "extra": bench\/x\.ts takes flags only/],
    [['--pin=yes'], /--pin/],
    [['--sizes', '1000,x'], /--sizes "1000,x": give comma-separated integers of at least 1/],
    [['--sizes', '1000,'], /--sizes "1000,": give comma-separated integers/],
    [['--baseline', 'no/such/bin.js'], /--baseline "no\/such\/bin\.js": no such file \(a build\)/],
  ];
  it.each(bad)('%j is refused: %s', (argv, message) => {
    expect(() => parseBenchArgs({ ...CMD, argv }, FLAGS)).toThrow(message);
  });

  it('--help wins over anything else, and -h is the same', () => {
    expect(parseBenchArgs({ ...CMD, argv: ['--rounds', 'x', '--help'] }, FLAGS)).toEqual({ help: true });
    expect(parseBenchArgs({ ...CMD, argv: ['-h'] }, FLAGS)).toEqual({ help: true });
  });

  it('passes what follows -- on untouched when the script takes a command, and checks numeric positionals', () => {
    const r = parseBenchArgs({ ...CMD, passThrough: 'command', argv: ['--rounds', '2', '--', 'npx', 'resale-kit', '--help'] }, FLAGS);
    expect(r).toMatchObject({ help: false, values: { rounds: '2' }, rest: ['npx', 'resale-kit', '--help'] });
    const sized = { ...CMD, positionals: '[SIZE ...]', positionalNumbers: { min: 1, integer: true, most: 2 } };
    expect(parseBenchArgs({ ...sized, argv: ['1000', '2000'] }, {})).toMatchObject({ positionals: ['1000', '2000'] });
    expect(() => parseBenchArgs({ ...sized, argv: ['1000', 'x'] }, {})).toThrow(/"x": give an integer of at least 1/);
    expect(() => parseBenchArgs({ ...sized, argv: ['1', '2', '3'] }, {})).toThrow(/takes at most 2/);
  });

  it('a required flag must be given', () => {
    const flags = { a: { type: 'string', help: 'the other checkout', required: true } } satisfies Record<string, BenchFlag>;
    expect(() => parseBenchArgs({ ...CMD, argv: [] }, flags)).toThrow('--a is required (the other checkout)');
    expect(parseBenchArgs({ ...CMD, argv: ['--a', '.'] }, flags)).toMatchObject({ values: { a: '.' } });
  });

  it('usage lists every flag with its default', () => {
    const text = usage(CMD, FLAGS);
    expect(text.split('\n')[0]).toBe('usage: tsx bench/x.ts [flags]');
    expect(text).toMatch(/--rounds VALUE +rounds \(default: 5\)/);
    expect(text).toMatch(/--pin +pin\n/);
  });
});
