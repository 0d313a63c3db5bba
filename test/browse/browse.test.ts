/**
 * The browse page in a real headless Chromium (Debian's, driven by playwright-core) from
 * dataset-site serve: it lists, filters by facet, searches and pages; text from the data
 * is never interpreted as HTML; and a page of another origin may fetch the API with a
 * header of its own (the CORS preflight).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type PreviewServer } from '../../src/serve/serve.js';
import { freePort } from '../adapters/hosts.js';
import { buildTempSite } from '../helpers/site.js';

const CHROMIUM = '/usr/bin/chromium';
const HOSTILE = '<img src=x onerror="window.pwned=1">Evil Lamps';

let browser: Browser;
let site: PreviewServer;
let other: PreviewServer;
let page: Page;

beforeAll(async () => {
  const sources = JSON.parse(await readFile('test/fixtures/tiny/sources/data.json', 'utf8'));
  sources.exhibitors.push({ id: 'X9', company_en: HOSTILE, weight: 3, country: 'China' });
  const dir = await mkdtemp(path.join(tmpdir(), 'ds-browse-'));
  await writeFile(path.join(dir, 'data.json'), JSON.stringify(sources));
  const port = await freePort();
  const { out } = await buildTempSite({ sources: path.join(dir, 'data.json'), baseUrl: `http://127.0.0.1:${port}` });
  [site, other] = await Promise.all([serve({ dir: out, port }), serve({ dir: out, port: 0 })]);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  page = await browser.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.close(), other?.close()]);
});

const names = () => page.locator('#results h2').allTextContents();
// Waits until the page says this in its status line.
const statusIs = (text: string) =>
  page
    .locator('#status')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();

describe.skipIf(!existsSync(CHROMIUM))('the browse page in Chromium', () => {
  it('loads with no console error and no failed request (the icon included)', async () => {
    const fresh = await browser.newPage();
    const errors: string[] = [];
    fresh.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    fresh.on('pageerror', (error) => errors.push(error.message));
    fresh.on('requestfailed', (request) => errors.push(`${request.url()}: ${request.failure()?.errorText}`));
    fresh.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.url()}: ${response.status()}`);
    });
    await fresh.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await fresh.waitForSelector('#results li');
    await fresh.close();
    expect(errors).toEqual([]);
  });

  it('lists exhibitions first, then exhibitors by type, filter and search', async () => {
    await page.goto(`${site.url}/`);
    await page.waitForSelector('#results li');
    expect(await page.locator('#status').textContent()).toBe('1–3 of 3');
    await page.selectOption('#type', 'exhibitor');
    await statusIs('1–5 of 5');
    await page.selectOption('#country', 'Germany');
    await statusIs('1–1 of 1');
    expect(await names()).toEqual(['Kölsch Brewery']);
    await page.selectOption('#country', '');
    await page.fill('#q', 'parts');
    await page.click('button[type=submit]');
    await statusIs('1–2 of 2');
    expect((await names()).sort()).toEqual(['Auto Parts Co', '汽车配件有限公司 · Car Parts Ltd'].sort());
    expect(await page.locator('#next').isDisabled()).toBe(true);
    // text reads the industry tags too, and a plural finds the singular.
    await page.fill('#q', '');
    await page.fill('#text', 'lightings');
    await page.click('button[type=submit]');
    await statusIs('1–2 of 2');
    expect((await names()).sort()).toEqual(['Lamp Works', '汽车配件有限公司 · Car Parts Ltd'].sort());
  });

  it('shows text from the data as text, never as HTML, and links only to the site', async () => {
    await page.goto(`${site.url}/`);
    await page.selectOption('#type', 'exhibitor');
    await page.fill('#q', 'evil');
    await page.click('button[type=submit]');
    await statusIs('1–1 of 1');
    expect(await names()).toEqual([HOSTILE]);
    expect(await page.locator('#results img').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
    const hrefs = await page.locator('#results a').evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href));
    expect(hrefs).toEqual([`${site.url}/api/public/exhibitors/X9.json`]);
  });

  it('lets a page of another origin fetch the API with its own header', async () => {
    // A page of the other origin without the browse page's policy (which allows only its own origin).
    await page.goto(`${site.url}/llms.txt`);
    const answer = await page.evaluate(async (url) => {
      const response = await fetch(`${url}/api/public/dataset?type=exhibition&limit=1`, { headers: { 'X-Agent-Id': 'browser-test' } });
      return { status: response.status, etag: response.headers.get('ETag'), total: ((await response.json()) as { _meta: { total: number } })._meta.total };
    }, other.url);
    expect(new URL(site.url).origin).not.toBe(new URL(other.url).origin);
    expect(answer).toEqual({ status: 200, etag: expect.stringMatching(/^"/), total: 3 });
  });
});
