/**
 * Vitest global set-up: compiles the package (`npm run build`: tsc to dist/) once per run, so
 * the tests of the command line and of the package run the JavaScript users get.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [`${root}scripts/finish-build.mjs`], { cwd: root, stdio: 'inherit' });
}
