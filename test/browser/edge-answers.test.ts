/**
 * The storefront example renders every edge answer of the mock (issue 24) in headless Chromium
 * (Debian's, driven by playwright-core): it opens each from the page's edge-answer links (the
 * mock's `/fixtures`), which ask for it with `Prefer: example=<name>` across origins, and checks
 * that the product page renders: its title, its size table, its price chart or "No sales yet",
 * no script error, and nothing wider than the window. Saves a screenshot of each.
 * Needs /usr/bin/chromium (`.ci/run` installs it); without it the test is skipped outside CI.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_EXAMPLES, LONGEST_TITLE } from '../../mocks/world/edge-answers.js';
import { serveStatic } from '../helpers/static.js';
import { chromiumAvailable, launchChromium, REPORTS, servedStorefront } from '../helpers/browser.js';
import { listeningMock } from '../helpers/servers.js';
import { skipNote } from '../helpers/skip-reporter.js';

describe.skipIf(!chromiumAvailable)(`storefront shows every edge answer in Chromium${skipNote(!chromiumAvailable, 'Chromium is not installed; apt-get install chromium')}`, () => {
  let browser: Browser;
  let app: Awaited<ReturnType<typeof serveStatic>>;
  let mock: Awaited<ReturnType<typeof listeningMock>>;

  beforeAll(async () => {
    app = await servedStorefront('storefront-edges-');
    mock = await listeningMock({ seed: 'browser-edges', products: 500 });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    app?.close();
    await mock?.close();
  });

  it('opens each edge answer and the product page renders', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${app.url}/index.html?api=${encodeURIComponent(mock.url)}&key=demo-premium`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(await page.$$eval('#examples a', (links) => links.map((a) => a.textContent))).toEqual(EDGE_EXAMPLES.map((e) => e.name));
    mkdirSync(REPORTS, { recursive: true });
    for (const { name } of EDGE_EXAMPLES) {
      await page.click(`#examples a:text-is("${name}")`);
      await page.waitForFunction((n) => document.querySelector('#example')?.textContent === `edge answer: ${n}` && document.querySelector('#product.open') !== null, name, { timeout: 30_000 });
      const seen = await page.evaluate(() => ({
        title: document.querySelector('#title')?.textContent ?? '',
        rows: document.querySelectorAll('#sizes tbody tr').length,
        chart: document.querySelector('#chart polyline') !== null || document.querySelector('#chart text')?.textContent === 'No sales yet',
        noSales: document.querySelector('#chart text')?.textContent === 'No sales yet',
        gallery: document.querySelectorAll('#gallery img').length,
        status: document.querySelector('#status')?.className ?? '',
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      }));
      expect(seen.title.length, name).toBeGreaterThan(0);
      expect(seen.rows, name).toBeGreaterThan(0);
      expect(seen.chart, name).toBe(true);
      expect(seen.status, name).not.toBe('error');
      expect(seen.overflow, `${name}: the page is wider than the window`).toBeLessThanOrEqual(0);
      if (name === 'longest-title') expect(seen.title).toHaveLength(LONGEST_TITLE);
      if (name === 'many-sizes') expect(seen.rows).toBe(40);
      if (name === 'no-sales') expect(seen.noSales).toBe(true);
      if (name === 'empty-gallery') expect(seen.gallery).toBe(0);
      await page.screenshot({ path: join(REPORTS, `storefront-edge-${name}.png`), fullPage: true });
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
