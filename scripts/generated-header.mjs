/**
 * Everything `generated/` holds, and the one command that makes each file, shared by
 * `npm run generate` (scripts/stamp-generated.mjs) and `npm run generate:check`
 * (scripts/check-generated.mjs) so the two can never disagree:
 * - `generated/api.ts`: the types (types only: it compiles to an empty module), by openapi-typescript;
 * - `generated/contract.ts`: the contract itself, parsed, and its text, so that no entry point
 *   of the package reads a file at run time (the mock, the MSW handlers and the suite run in
 *   Node, in DOM test environments and in the browser).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const header = (by) => `/**\n * DO NOT EDIT. Generated ${by} from openapi.yaml.\n * Regenerate with \`npm run generate\`; \`npm run generate:check\` (part of \`npm test\`)\n * fails when this file is stale.\n */\n`;

/** Runs openapi-typescript on openapi.yaml and returns the stamped file text. */
function renderTypes() {
  const bin = fileURLToPath(new URL('../node_modules/.bin/openapi-typescript', import.meta.url));
  const out = execFileSync(bin, ['openapi.yaml'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return header('by openapi-typescript') + out.replace(/^\/\*\*[\s\S]*?\*\/\n\n?/, '');
}

/** The contract as a module: its text (served at /openapi.yaml) and the parsed document. */
function renderContract() {
  const text = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
  return `${header('by scripts/generated-header.mjs')}
/** The text of openapi.yaml, as written. */
export const CONTRACT_TEXT: string = ${JSON.stringify(text)};

/** openapi.yaml parsed (YAML 1.2, the \`yaml\` package): plain JSON data. */
export const CONTRACT_DATA: unknown = ${JSON.stringify(parse(text))};
`;
}

/** Each generated file: its path under the root and the function that renders it. */
export const TARGETS = [
  { path: 'generated/api.ts', render: renderTypes },
  { path: 'generated/contract.ts', render: renderContract },
];
