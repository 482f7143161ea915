/**
 * The threat model's enumeration is enforced (issue 29): docs/threat-model.md lists every
 * value-taking flag of every command (each also read from its environment variable), every
 * source file that writes files or parses file formats, and names for each a test that exists
 * (or one of the part B tests announced there). A new flag, writer or parser that is not listed
 * turns this red. Only conformance/files.ts and traffic/recorder.ts may call node:fs writers.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { conformanceCommand } from '../../cli/conformance-command.js';
import { diffCommand } from '../../cli/diff-command.js';
import { mockCommand } from '../../cli/mock-command.js';
import { proxyCommand } from '../../cli/proxy-command.js';
import { verifyCommand } from '../../cli/verify-command.js';
import { waitCommand } from '../../cli/wait-command.js';
import { SOURCE_ROOTS } from './import-graph.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs/threat-model.md'), 'utf8');

/** Tests of surfaces the document marks open (named before they exist; each row that names one says **open**). None now. */
const PART_B_TESTS: readonly string[] = [];

/** Calls that write, rename or create files. */
export const WRITERS = /\b(?:writeFileSync|writeFile|createWriteStream|openSync|renameSync|appendFileSync|copyFileSync|writeSync|symlinkSync|linkSync)\s*\(/;
/** Calls that read or parse a file format. */
export const PARSERS = /\b(?:readFileSync|createReadStream|JSON\.parse|parseYaml|parseDocument|readSync)\s*\(/;

/** Every source file, repo-relative. */
function sources(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) out.push(relative(ROOT, path));
    }
  };
  for (const root of SOURCE_ROOTS) if (existsSync(join(ROOT, root))) walk(join(ROOT, root));
  return out.sort();
}

/** Source files whose code (comment lines aside) calls something matching `pattern`. */
export function filesCalling(pattern: RegExp, files: readonly string[] = sources(), read = (f: string): string => readFileSync(join(ROOT, f), 'utf8')): string[] {
  return files.filter((f) =>
    read(f)
      .split('\n')
      .some((line) => !/^\s*(?:\*|\/\/|\/\*)/.test(line) && pattern.test(line)),
  );
}

/** `command --flag` for every value-taking option of every command, and verify's argument. */
function valueFlags(): string[] {
  const commands: Command[] = [mockCommand(), conformanceCommand(), proxyCommand(), verifyCommand(), waitCommand(), diffCommand()];
  return commands.flatMap((c) => [...c.options.filter((o) => (o.required || o.optional) && o.long !== undefined).map((o) => `${c.name()} ${o.long as string}`), ...c.registeredArguments.map((a) => `${c.name()} <${a.name()}>`)]);
}

describe('docs/threat-model.md lists every surface (issue 29)', () => {
  it('the checks can fail: an unlisted flag, writer or parser is found', () => {
    expect(DOC.includes('`mock --no-such-flag`')).toBe(false);
    const fake = new Map([
      ['cli/x.ts', "import { writeFileSync } from 'node:fs';\nwriteFileSync(p, t);"],
      ['cli/y.ts', '// writeFileSync(p, t) in a comment'],
      ['cli/z.ts', 'const v = JSON.parse(text);'],
    ]);
    expect(filesCalling(WRITERS, [...fake.keys()], (f) => fake.get(f) ?? '')).toEqual(['cli/x.ts']);
    expect(filesCalling(PARSERS, [...fake.keys()], (f) => fake.get(f) ?? '')).toEqual(['cli/z.ts']);
  });

  it('every value-taking flag of every command is a row', () => {
    const flags = valueFlags();
    expect(flags.length).toBeGreaterThan(50);
    expect(flags.filter((f) => !DOC.includes(`| \`${f}\` |`))).toEqual([]);
  });

  it('only the one file writer (and the recorder it serves) calls node:fs writers, and both are listed', () => {
    // contract/input-file.ts, the one reader of files a user names, opens read-only (O_RDONLY) and writes nothing.
    const writers = filesCalling(WRITERS).filter((f) => f !== 'contract/input-file.ts');
    expect(writers).toEqual(['conformance/files.ts', 'traffic/recorder.ts']);
    for (const f of writers) expect(DOC, f).toContain(`| \`${f}\` |`);
    const reader = readFileSync(join(ROOT, 'contract/input-file.ts'), 'utf8');
    expect(reader).toMatch(/openSync\(path, constants\.O_RDONLY \| constants\.O_NONBLOCK( \| \(options\.noFollow \? \(constants\.O_NOFOLLOW \?\? 0\) : 0\))?\)/);
    expect(reader).not.toMatch(/\b(?:writeFileSync|writeFile|createWriteStream|renameSync|appendFileSync|copyFileSync|writeSync|symlinkSync|linkSync)\s*\(/);
  });

  it('every source file that reads or parses a file format is named', () => {
    const parsers = filesCalling(PARSERS);
    expect(parsers.length).toBeGreaterThan(5);
    expect(parsers.filter((f) => !DOC.includes(`\`${f}\``))).toEqual([]);
  });

  it('every test it names exists, except those of rows it marks open', () => {
    const named = [...new Set(DOC.match(/test\/[\w/.-]+\.test\.ts/g) ?? [])];
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((t) => !PART_B_TESTS.includes(t) && !existsSync(join(ROOT, t)))).toEqual([]);
    // A surface without its test is said to be open wherever the document names that test.
    for (const t of PART_B_TESTS) for (const line of DOC.split('\n').filter((l) => l.includes(t))) expect(line).toContain('open');
  });
});
