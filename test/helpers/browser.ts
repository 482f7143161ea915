/**
 * Headless Chromium for the browser tests: Debian's (`.ci/run` installs it), driven by
 * playwright-core, started with the flags this machine needs (no background networking, no
 * sandbox as root). Without it the browser tests are skipped, except in CI, where its absence is
 * an error of the set-up.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { serveStatic } from './static.js';

/** Debian's Chromium. */
export const CHROMIUM = '/usr/bin/chromium';
/** Where browser tests save screenshots (ignored by git). */
export const REPORTS = fileURLToPath(new URL('../../reports/', import.meta.url));
/** True when Chromium is installed. @throws Error in CI when it is not (`.ci/run` must install it). */
export const chromiumAvailable = ((): boolean => {
  const available = existsSync(CHROMIUM);
  if (!available && process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run must apt-get install chromium`);
  return available;
})();

/** Starts headless Chromium; close it with `browser.close()`. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

/** Builds the storefront example (esbuild) into a fresh temporary folder and serves it on loopback. */
export async function servedStorefront(prefix: string): Promise<Awaited<ReturnType<typeof serveStatic>>> {
  const { buildStorefront } = (await import('../../examples/storefront/build.mjs')) as { buildStorefront: (out: string) => Promise<string> };
  return serveStatic(await buildStorefront(mkdtempSync(join(tmpdir(), prefix))));
}
