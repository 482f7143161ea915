/**
 * The example app in a real browser: headless Chromium (Debian's, driven by playwright-core)
 * loads the storefront from one origin, calls the mock on another (CORS), searches, opens a
 * product, and the test asserts on what is on screen; it saves a screenshot. Then the same
 * flow with the mock running inside the browser behind MSW's service worker.
 * Needs /usr/bin/chromium (`.ci/run` installs it); without it the test is skipped outside CI.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../helpers/static.js';
import { chromiumAvailable, launchChromium, REPORTS, servedStorefront } from '../helpers/browser.js';
import { listeningMock } from '../helpers/servers.js';
import { skipNote } from '../helpers/skip-reporter.js';

describe.skipIf(!chromiumAvailable)(`storefront example in Chromium${skipNote(!chromiumAvailable, 'Chromium is not installed; apt-get install chromium')}`, () => {
  let browser: Browser;
  let app: Awaited<ReturnType<typeof serveStatic>>;
  let mock: Awaited<ReturnType<typeof listeningMock>>;

  beforeAll(async () => {
    app = await servedStorefront('storefront-');
    mock = await listeningMock({ seed: 'browser-test', products: 2000 });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    app?.close();
    await mock?.close();
  });

  async function searchAndOpen(page: Page): Promise<{ title: string; rows: number; points: number; imagesLoaded: number }> {
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    await page.fill('#q', 'jordan');
    await page.click('#search button');
    await page.waitForSelector('.result h3', { timeout: 30_000 });
    const first = (await page.textContent('.result h3')) ?? '';
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.result img')].every((i) => i.complete && i.naturalWidth > 0), undefined, { timeout: 30_000 });
    const imagesLoaded = await page.$$eval('.result img', (imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length);
    expect(first.toLowerCase()).toContain('jordan');
    await page.click('.result');
    await page.waitForSelector('#product.open #sizes tbody tr', { timeout: 30_000 });
    const title = (await page.textContent('#title')) ?? '';
    expect(title).toBe(first);
    const rows = await page.$$eval('#sizes tbody tr', (trs) => trs.length);
    const points = await page.$eval('#chart polyline', (p) => (p.getAttribute('points') ?? '').split(' ').length);
    return { title, rows, points, imagesLoaded };
  }

  it('searches the mock across origins, shows images, a size table and a sales chart', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${app.url}/index.html?api=${encodeURIComponent(mock.url)}&key=demo-premium`);
    const seen = await searchAndOpen(page);
    expect(seen.imagesLoaded).toBeGreaterThan(3);
    expect(seen.rows).toBeGreaterThan(5);
    expect(seen.points).toBeGreaterThan(3);
    expect(await page.textContent('#mode')).toContain(mock.url);
    mkdirSync(REPORTS, { recursive: true });
    await page.screenshot({ path: join(REPORTS, 'storefront.png'), fullPage: true });
    // The mock's edge cases are one click away: a product that never sold shows no price history.
    await page.click('#fixtures a:text-is("never-sold")');
    await page.waitForFunction(() => document.querySelector('#chart text')?.textContent === 'No sales yet', undefined, { timeout: 30_000 });
    expect(await page.$$eval('#fixtures a', (links) => links.length)).toBeGreaterThanOrEqual(8);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('runs the same flow with the mock inside the browser (MSW service worker)', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${app.url}/index.html?msw=1&api=${encodeURIComponent('http://api.resale.test')}&key=demo-premium`);
    const seen = await searchAndOpen(page);
    expect(await page.textContent('#mode')).toContain('MSW');
    expect(seen.rows).toBeGreaterThan(5);
    expect(seen.imagesLoaded).toBeGreaterThan(3);
    await page.screenshot({ path: join(REPORTS, 'storefront-msw.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
