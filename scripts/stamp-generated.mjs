// `npm run generate`: writes generated/api.d.ts from openapi.yaml with its do-not-edit header.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, TARGET, render } from './generated-header.mjs';

writeFileSync(join(ROOT, TARGET), render());
console.log(`wrote ${TARGET}`);
