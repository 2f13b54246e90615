import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { baseUrl, call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

/**
 * The console's overview in a real browser (Debian's Chromium, headless) against the real stack:
 * the charts and totals of GET /stats, the ranges by keyboard, light and dark, and an
 * accessibility check. Screenshots go to dist/test-artifacts (docs/images/console-overview*.png).
 */
const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
const ARTIFACTS = path.join(ROOT, 'dist', 'test-artifacts');

jest.setTimeout(120_000);

describe('the console\'s overview in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let p: TestProject;

  const accessible = async (name: string) => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
    expect({ page: name, grave }).toEqual({ page: name, grave: [] });
  };
  const screenshot = async (name: string) => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, `console-${name}.png`), fullPage: true });
  };
  /** The totals table's count of one medium (row) and outcome (column). */
  const total = (medium: string, column: number) => page.locator('table.totals tbody tr', { has: page.getByRole('rowheader', { name: medium, exact: true }) }).locator('td').nth(column);

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (npm test installs it when run as root)`);
    p = await createProject('console-overview', { rate_limit_per_second: null });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
    page = await (await browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('when notifications were delivered, then the overview charts and counts them, its ranges work by keyboard, in light and dark, with no serious accessibility finding', async () => {
    const recipient_id = uniqueId('charted');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: recipient_id } })).status).toBe(201);
    for (let n = 0; n < 3; n++) {
      expect((await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id, target: { channel: 'c', topic: 't', event: 'e' }, payload: { n } } })).status).toBe(201);
    }

    await page.goto(`${baseUrl()}/console`);
    await page.getByLabel('Full key or admin token').fill(p.fullKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    // By keyboard: focus the nav link and follow it.
    await page.getByRole('link', { name: 'Overview', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    expect(page.url()).toBe(`${baseUrl()}/console/overview`);

    // The counters are written as the sends end: reload the page until the three are counted.
    for (let tries = 0; (await total('In-app', 0).textContent({ timeout: 10_000 })) !== '3'; tries++) {
      if (tries > 20) throw new Error('the three sends were never counted');
      await page.getByRole('button', { name: 'Last day' }).click();
      await page.getByRole('button', { name: 'Last hour' }).click();
      await page.waitForResponse((r) => r.url().includes('/stats?'));
    }
    // The charts are drawn after the answer that filled the counts: wait for them, then count them.
    for (const name of ['Sends per minute by outcome', 'Delivered per minute by medium']) {
      const canvas = page.getByRole('img', { name }).locator('canvas');
      await canvas.first().waitFor();
      await expect(canvas.count()).resolves.toBe(1);
    }
    expect(await page.locator('.rates').textContent()).toContain('Due timers0');
    await accessible('overview');
    await screenshot('overview');

    // The ranges are buttons: Tab reaches them, Space presses one, and the charts go by hour.
    await page.getByRole('button', { name: 'Last hour' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByRole('img', { name: 'Sends per hour by outcome' }).waitFor();
    expect(await page.getByRole('button', { name: 'Last day' }).getAttribute('aria-pressed')).toBe('true');
    expect(await total('In-app', 0).textContent()).toBe('3');
    // The week goes by day (its day counters).
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByRole('img', { name: 'Sends per day by outcome' }).waitFor();
    expect(await page.getByRole('button', { name: 'Last week' }).getAttribute('aria-pressed')).toBe('true');
    expect(await total('In-app', 0).textContent()).toBe('3');

    await page.emulateMedia({ colorScheme: 'dark' });
    await accessible('overview (dark)');
    await screenshot('overview-dark');
  });
});
