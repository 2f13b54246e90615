import type { Browser, Page } from 'playwright-core';
import { call, createProject, type TestProject } from '../../testing/rest-client';
import { expectAccessible, launchChromium, screenshot, signIn } from '../../testing/console-browser';

/**
 * The lists pages in Chromium against the real stack: the lists a page at a time with their
 * subscriber counts, and a list's own page walking its subscribers page by page.
 */
jest.setTimeout(180_000);

const PER_PAGE = 20;

describe('the console lists in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let p: TestProject;
  const keys = Array.from({ length: PER_PAGE + 1 }, (_, i) => `team-${String(i).padStart(2, '0')}`);
  const subscribers = Array.from({ length: PER_PAGE + 3 }, (_, i) => `member-${String(i).padStart(2, '0')}`);
  const as = (method: string, url: string, body?: unknown) => call(method, url, { key: p.fullKey, body });
  const rowKeys = () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
  const listed = () => page.locator('ul.subscribers li').allTextContents();

  beforeAll(async () => {
    p = await createProject('console-lists', { rate_limit_per_second: null });
    for (const key of keys) expect((await as('POST', '/lists', { key, name: `Team ${key}` })).status).toBe(201);
    expect((await as('PUT', `/lists/${keys[0]}/subscriptions`, { recipient_ids: subscribers })).status).toBe(200);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
    await signIn(page, p.fullKey);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('when there are more lists than a page, then Next page shows the rest and Previous page comes back, each with its subscriber count', async () => {
    await page.getByRole('link', { name: 'Lists', exact: true }).click();
    await page.locator(`tr[data-key="${keys[0]}"]`).waitFor();
    expect(await rowKeys()).toEqual(keys.slice(0, PER_PAGE));
    expect(await page.locator(`tr[data-key="${keys[0]}"] td`).nth(2).textContent()).toBe(String(subscribers.length));
    expect(await page.locator(`tr[data-key="${keys[1]}"] td`).nth(2).textContent()).toBe('0');
    await expect(page.getByRole('button', { name: 'Previous page' }).isDisabled()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.locator(`tr[data-key="${keys[PER_PAGE]}"]`).waitFor();
    expect(await rowKeys()).toEqual([keys[PER_PAGE]]);
    await page.getByText('Page 2').waitFor();
    await expect(page.getByRole('button', { name: 'Next page' }).isDisabled()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.locator(`tr[data-key="${keys[0]}"]`).waitFor();
    expect(await rowKeys()).toEqual(keys.slice(0, PER_PAGE));
    await expectAccessible(page, 'lists, paged');
    await screenshot(page, 'lists-paged');
  });

  it("when a list is opened, then its page walks its subscribers a page at a time, each linking to the recipient", async () => {
    await page.getByRole('link', { name: keys[0], exact: true }).click();
    await page.getByRole('heading', { name: `List ${keys[0]}` }).waitFor();
    await page.locator('ul.subscribers li').first().waitFor();
    expect(await listed()).toEqual(subscribers.slice(0, PER_PAGE));
    expect(await page.locator('dl.fields').textContent()).toContain(`Subscribers${subscribers.length}`);
    await expectAccessible(page, 'list');
    await screenshot(page, 'list');

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('link', { name: subscribers[PER_PAGE], exact: true }).waitFor();
    await page.getByText('Page 2').waitFor();
    expect(await listed()).toEqual(subscribers.slice(PER_PAGE));

    await page.getByRole('link', { name: subscribers[PER_PAGE], exact: true }).click();
    await page.getByRole('heading', { name: `Recipient ${subscribers[PER_PAGE]}` }).waitFor();
  });
});
