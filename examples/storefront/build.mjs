// Builds the storefront example with esbuild into examples/storefront/dist (or the directory
// given as the first argument): the app bundle, index.html, and MSW's service worker. The
// contract travels inside the code (generated/contract.ts), so the bundle needs no files.
// Usage: node examples/storefront/build.mjs [outdir]
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** Builds into `outdir`; resolves when done. */
export async function buildStorefront(outdir = join(here, 'dist')) {
  mkdirSync(outdir, { recursive: true });
  await esbuild.build({
    entryPoints: [join(here, 'src', 'main.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    splitting: true,
    outdir,
    entryNames: 'app',
    logLevel: 'warning',
  });
  copyFileSync(join(here, 'index.html'), join(outdir, 'index.html'));
  copyFileSync(join(root, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(outdir, 'mockServiceWorker.js'));
  return outdir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const serve = process.argv.includes('--serve');
  const out = await buildStorefront(process.argv.slice(2).find((a) => !a.startsWith('--')));
  console.log(`built the storefront into ${out}`);
  if (serve) {
    // esbuild's own static server on the built directory.
    const ctx = await esbuild.context({ entryPoints: [], logLevel: 'silent' });
    const { port } = await ctx.serve({ servedir: out, host: '127.0.0.1', port: 5173 });
    console.log(`storefront on http://127.0.0.1:${port}/  (mock: npm start; in-browser mock: http://127.0.0.1:${port}/?msw=1)`);
  }
}
