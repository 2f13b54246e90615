import type { Browser, Page } from 'playwright-core';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';
import { expectAccessible, launchChromium, screenshot, signIn } from '../../testing/console-browser';

/**
 * The broadcasts page in Chromium against the real stack: the history of broadcasts and list
 * sends, newest first, a page at a time, each with its progress bar; a broadcast that has not
 * finished is read again until it has (here a scheduled one canceled through the API).
 */
jest.setTimeout(180_000);

const PER_PAGE = 20;

describe('the console broadcasts in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let p: TestProject;
  let listSend = 0;
  const scheduled: number[] = [];
  const target = { channel: 'news', topic: 'weekly', event: 'digest' };
  const as = (method: string, url: string, body?: unknown) => call(method, url, { key: p.fullKey, body });
  const rowIds = () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-id'))));

  beforeAll(async () => {
    p = await createProject('console-broadcasts', { rate_limit_per_second: null });
    const list = uniqueId('readers').toLowerCase();
    expect((await as('POST', '/lists', { key: list, name: 'Readers' })).status).toBe(201);
    expect((await as('PUT', `/lists/${list}/subscriptions`, { recipient_ids: ['ann', 'ben'] })).status).toBe(200);
    listSend = (await as('POST', '/notifications/send', { list, target, payload: { title: 'Weekly' } })).body.data.broadcast.id;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (let i = 0; i < PER_PAGE; i++) scheduled.push((await as('POST', '/notifications/send', { recipient_id: null, target, payload: { title: `Later ${i}` }, send_at: later })).body.data.broadcast.id);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
    await signIn(page, p.fullKey);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('when the history is opened, then the newest come first, and a broadcast still to come changes on the page when it is canceled', async () => {
    await page.getByRole('link', { name: 'Broadcasts', exact: true }).click();
    const newest = page.locator(`tr[data-id="${scheduled[PER_PAGE - 1]}"]`);
    await newest.waitFor();
    expect(await rowIds()).toEqual([...scheduled].reverse());
    expect(await newest.getByRole('cell').nth(4).textContent()).toBe('scheduled');

    expect((await as('POST', `/broadcasts/${scheduled[PER_PAGE - 1]}/cancel`)).status).toBe(200);
    await newest.getByRole('cell', { name: 'canceled', exact: true }).waitFor();
    await expectAccessible(page, 'broadcasts');
    await screenshot(page, 'broadcasts');
  });

  it('when the next page is opened, then the list send is there with its progress bar full, and it opens its own page', async () => {
    await page.getByRole('button', { name: 'Next page' }).click();
    const row = page.locator(`tr[data-id="${listSend}"]`);
    await row.waitFor();
    expect(await rowIds()).toEqual([listSend]);
    await row.getByRole('cell', { name: 'completed', exact: true }).waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('2 of 2');
    expect(await row.textContent()).toContain(`the list readers-`);
    const bar = row.getByRole('progressbar', { name: `Broadcast #${listSend}: 2 of 2 notifications created` });
    expect(await bar.evaluate((el) => [(el as unknown as { value: number }).value, (el as unknown as { max: number }).max])).toEqual([2, 2]);

    await row.getByRole('link', { name: `#${listSend}` }).click();
    await page.getByRole('heading', { name: `Broadcast #${listSend}` }).waitFor();
    await page.getByText('2 of 2 notifications created · completed').waitFor();
  });
});
