// `npm run generate:check`: exits 1 when a file of generated/ differs from what openapi.yaml gives.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, TARGETS } from './generated-header.mjs';

let stale = 0;
for (const { path, render } of TARGETS) {
  let current = '';
  try {
    current = readFileSync(join(ROOT, path), 'utf8');
  } catch {
    console.error(`${path} is missing: run \`npm run generate\` and commit the result.`);
    stale++;
    continue;
  }
  if (current !== render()) {
    console.error(`${path} is stale: openapi.yaml changed. Run \`npm run generate\` and commit the result.`);
    stale++;
  } else console.log(`${path} is current`);
}
process.exit(stale > 0 ? 1 : 0);
