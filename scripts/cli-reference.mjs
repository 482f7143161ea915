/**
 * `docs/cli.md`, generated from the built command line's own `--help` (each command's options,
 * defaults and `RESALE_KIT_*` variables as commander prints them, 80 columns), so the reference
 * cannot disagree with the program. Needs the build (`npm run build`; `npm run docs` builds
 * first).
 *
 * `node scripts/cli-reference.mjs` writes the file; `--check` exits 1 when the committed file
 * differs. `renderCliReference(bin)` is what both and test/docs/reference.test.ts use.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLI_REFERENCE_PATH = 'docs/cli.md';
/** The commands documented, in the order `resale-kit --help` lists them. */
export const COMMANDS = ['mock', 'conformance', 'proxy', 'verify', 'wait', 'diff', 'compat'];

/** `--help` of `resale-kit [command]` from the built bin, at 80 columns whatever the terminal. */
function help(bin, args) {
  return execFileSync(process.execPath, [bin, ...args, '--help'], { encoding: 'utf8', env: { ...process.env, COLUMNS: '80', NO_COLOR: '1' } }).replace(/\s+$/, '');
}

/**
 * The whole page.
 * @param bin path of the built `resale-kit` bin (default `dist/cli/bin.js` of this checkout)
 */
export function renderCliReference(bin = join(ROOT, 'dist/cli/bin.js')) {
  const lines = [
    '# Command-line reference',
    '',
    "<!-- DO NOT EDIT. Generated from each command's --help by `node scripts/cli-reference.mjs` (`npm run docs`); test/docs/reference.test.ts fails when it is stale. -->",
    '',
    '`resale-kit COMMAND [options]`: `npx resale-kit` where the package is installed, `node dist/cli/bin.js` in a checkout',
    '(after `npm run build`; `npm start` and `npm run conformance --` / `npm run proxy --` build, then run it). Usage errors',
    'exit 2. Every option that takes a value can also come from the environment variable shown as `env:` (a flag wins',
    'over the variable, the variable over the default; an empty variable counts as unset); the keys of the suite are',
    '`RESALE_KIT_API_KEY` and `RESALE_KIT_FREE_KEY`.',
    '',
    COMMANDS.map((c) => `[\`${c}\`](#resale-kit-${c})`).join(' · '),
    '',
    '## resale-kit',
    '',
    '```',
    help(bin, []),
    '```',
    '',
  ];
  for (const command of COMMANDS) lines.push(`## resale-kit ${command}`, '', '```', help(bin, [command]), '```', '');
  return lines.join('\n').replace(/\n+$/, '\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = renderCliReference();
  const path = join(ROOT, CLI_REFERENCE_PATH);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== text) {
      console.error(`${CLI_REFERENCE_PATH} is stale: run \`npm run docs\` and commit the result.`);
      process.exit(1);
    }
    console.log(`${CLI_REFERENCE_PATH} is current`);
  } else {
    writeFileSync(path, text);
    console.log(`wrote ${CLI_REFERENCE_PATH}`);
  }
}
