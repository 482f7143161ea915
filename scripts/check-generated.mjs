// `npm run generate:check`: exits 1 when generated/api.d.ts differs from what openapi.yaml gives.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, TARGET, render } from './generated-header.mjs';

let current = '';
try {
  current = readFileSync(join(ROOT, TARGET), 'utf8');
} catch {
  console.error(`${TARGET} is missing: run \`npm run generate\` and commit the result.`);
  process.exit(1);
}
if (current !== render()) {
  console.error(`${TARGET} is stale: openapi.yaml changed. Run \`npm run generate\` and commit the result.`);
  process.exit(1);
}
console.log(`${TARGET} is current`);
