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
import { serve, type PreviewServer } from '../../src/serve/index.js';
import { freePort } from '../hosts/hosts.js';
import { buildTempSite } from '../helpers/site.js';

const CHROMIUM = '/usr/bin/chromium';
const HOSTILE = '<img src=x onerror="window.pwned=1">Evil Lamps';

let browser: Browser;
let site: PreviewServer;
let other: PreviewServer;
let page: Page;

beforeAll(async () => {
  const sources = JSON.parse(await readFile('test/fixtures/tiny/sources/data.json', 'utf8'));
  sources.exhibitors.push({
    id: 'X9',
    company_en: HOSTILE,
    weight: 3,
    country: 'China',
    official_url: 'https://lamps.example/',
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'ds-browse-'));
  await writeFile(path.join(dir, 'data.json'), JSON.stringify(sources));
  const port = await freePort();
  const { out } = await buildTempSite({ sources: path.join(dir, 'data.json'), baseUrl: `http://127.0.0.1:${port}` });
  [site, other] = await Promise.all([serve({ dir: out, port }), serve({ dir: out, port: 0 })]);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
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
    .locator('#summary')
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
    expect(await page.locator('#summary').textContent()).toBe('1–3 of 3');
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

  it('shows text from the data as text, never as HTML, and links only to http(s) URLs, those off the site apart', async () => {
    await page.goto(`${site.url}/`);
    await page.selectOption('#type', 'exhibitor');
    await page.fill('#q', 'evil');
    await page.click('button[type=submit]');
    await statusIs('1–1 of 1');
    expect(await names()).toEqual([HOSTILE]);
    expect(await page.locator('#results img').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
    const links = await page.locator('#results a').evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        href: (anchor as unknown as { href: string }).href,
        rel: (anchor as unknown as { rel: string }).rel,
      })),
    );
    expect(links).toEqual([
      { href: 'https://lamps.example/', rel: 'noopener noreferrer nofollow' },
      { href: `${site.url}/api/public/exhibitors/X9.json`, rel: '' },
    ]);
  });

  it('reads its view from its URL and writes it back: bookmarked, shared, gone back to', async () => {
    await page.goto(`${site.url}/?type=exhibitor&country=china&q=auto`);
    await statusIs('1–1 of 1');
    expect(await names()).toEqual(['Auto Parts Co']);
    expect([await page.inputValue('#type'), await page.inputValue('#country'), await page.inputValue('#q')]).toEqual([
      'exhibitor',
      'China',
      'auto',
    ]);
    // Fields are labelled for people, and an exhibitor's exhibitions are links to them.
    expect(await page.locator('#results dt').allTextContents()).toContain('Company (English)');
    const exhibition = page.locator('#results dd a', { hasText: 'E1' });
    expect(await exhibition.getAttribute('href')).toBe(`${site.url}/api/public/exhibitions/E1.json`);
    // The view read from the URL is written back in canonical form, as the same history entry.
    expect(new URL(page.url()).search).toBe('?type=exhibitor&q=auto&country=China');

    // Exhibitions by date and order: a view asked in the page goes into its URL.
    await page.fill('#q', '');
    await page.selectOption('#type', 'exhibition');
    await statusIs('1–2 of 2');
    await page.fill('#from', '2026-03-01');
    await page.selectOption('#sort', '-start_date');
    await page.locator('#results li').first().waitFor();
    await page.waitForURL(/sort=-start_date/);
    expect(new URL(page.url()).search).toBe('?type=exhibition&country=China&from=2026-03-01&sort=-start_date');
    expect(await names()).toEqual(['上海国际汽车展览会 · Auto Shanghai', '广州照明展']);

    // The URL opened afresh gives the same view.
    await page.goto(page.url());
    await statusIs('1–2 of 2');
    expect([await page.inputValue('#type'), await page.inputValue('#from'), await page.inputValue('#sort')]).toEqual([
      'exhibition',
      '2026-03-01',
      '-start_date',
    ]);

    // Back goes to the view before the order was asked.
    await page.goBack();
    await page.waitForURL((url) => url.search === '?type=exhibition&country=China&from=2026-03-01');
    await statusIs('1–2 of 2');
    expect(await page.inputValue('#sort')).toBe('');

    // A status is the exhibitions' alone: the field is there for them, not for exhibitors.
    expect(await page.locator('select#status').isVisible()).toBe(true);
    await page.selectOption('#type', 'exhibitor');
    await statusIs('1–3 of 3');
    expect(await page.locator('select#status').isVisible()).toBe(false);
    expect(new URL(page.url()).search).toBe('?type=exhibitor&country=China');
  });

  it('lets a page of another origin fetch the API with its own header', async () => {
    // A page of the other origin without the browse page's policy (which allows only its own origin).
    await page.goto(`${site.url}/llms.txt`);
    const answer = await page.evaluate(async (url) => {
      const response = await fetch(`${url}/api/public/dataset?type=exhibition&limit=1`, {
        headers: { 'X-Agent-Id': 'browser-test' },
      });
      return {
        status: response.status,
        etag: response.headers.get('ETag'),
        total: ((await response.json()) as { _meta: { total: number } })._meta.total,
      };
    }, other.url);
    expect(new URL(site.url).origin).not.toBe(new URL(other.url).origin);
    expect(answer).toEqual({ status: 200, etag: expect.stringMatching(/^"/), total: 3 });
  });
});
