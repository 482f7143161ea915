// After `tsc -p tsconfig.build.json`: makes the compiled command executable (dist/cli/bin.js).
import { chmodSync } from 'node:fs';

chmodSync(new URL('../dist/cli/bin.js', import.meta.url), 0o755);
