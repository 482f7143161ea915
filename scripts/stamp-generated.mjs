// `npm run generate`: writes every file of generated/ from openapi.yaml (see generated-header.mjs).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, TARGETS } from './generated-header.mjs';

for (const { path, render } of TARGETS) {
  writeFileSync(join(ROOT, path), render());
  console.log(`wrote ${path}`);
}
