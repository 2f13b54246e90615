import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@herald/testing';
import { baseUrl, call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';
import { expectAccessible, launchChromium, screenshot, signIn } from '../../testing/console-browser';

/**
 * The console's management pages in Chromium against the real stack: recipient search, a
 * recipient's lists and test send, the catalog's flags, lists and a list send's progress, and a
 * webhook endpoint's health, test event and the retry of a failed delivery. Every page passes axe;
 * a `<script>` in a name renders as text.
 */
jest.setTimeout(180_000);

/** A webhook receiver answering `status()` to every request. */
async function receiver(status: () => number) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status()).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise((r) => server.close(r)) };
}

describe('the console pages in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let p: TestProject;
  let bob: string;
  const listKey = uniqueId('weekly').toLowerCase().replace(/[^a-z0-9]/g, '-');
  const hostile = '<script>window.__pwned = 1</script>';
  const as = (method: string, url: string, body?: unknown) => call(method, url, { key: p.fullKey, body });

  beforeAll(async () => {
    p = await createProject('console-pages', { rate_limit_per_second: null });
    bob = uniqueId('bob');
    expect((await as('POST', '/recipients', { id: bob, name: `Bob ${hostile}` })).status).toBe(201);
    expect((await as('POST', '/preferences', { channel: 'news', topic: 'weekly', event: 'digest', medium: 'email', name: `Weekly ${hostile}`, default_enabled: true })).status).toBe(201);
    expect((await as('POST', '/lists', { key: listKey, name: 'Weekly readers' })).status).toBe(201);
    expect((await as('PUT', `/lists/${listKey}/subscriptions`, { recipient_ids: [bob, uniqueId('carol'), uniqueId('dan')] })).status).toBe(200);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
    await signIn(page, p.fullKey);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('when a recipient is searched by name, then the match opens their page with their lists, and a test notification is sent from it', async () => {
    await page.getByRole('link', { name: 'Recipients', exact: true }).click();
    await page.getByLabel('Id, name or address starts with').fill('Bob');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator(`tr[data-id="${bob}"]`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator(`tr[data-id="${bob}"]`).textContent()).toContain(`Bob ${hostile}`);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    await expectAccessible(page, 'recipients');
    await screenshot(page, 'recipients');

    await page.getByRole('link', { name: bob }).click();
    await page.getByRole('heading', { name: `Recipient ${bob}` }).waitFor();
    await page.getByText(`Weekly readers (${listKey})`).waitFor();
    await page.getByRole('button', { name: 'Send a test notification' }).click();
    const sent = page.getByRole('status').getByRole('link', { name: /^#\d+$/ });
    await sent.waitFor();
    const id = Number((await sent.textContent())!.slice(1));
    const notification = await as('GET', `/notifications/${id}`);
    expect(notification.body.data).toMatchObject({ recipient_id: bob, target: { channel: 'news', topic: 'weekly', event: 'digest' } });
  });

  it('when the catalog page turns an entry mandatory, then the catalog says so, and names render as text', async () => {
    await page.getByRole('link', { name: 'Catalog', exact: true }).click();
    const mandatory = page.getByRole('checkbox', { name: /^Mandatory: Weekly/ });
    await mandatory.waitFor();
    expect(await page.locator('tbody').textContent()).toContain(`Weekly ${hostile}`);
    expect(await mandatory.isChecked()).toBe(false);
    await mandatory.check();
    await page.getByRole('checkbox', { name: /^Mandatory: Weekly/, checked: true }).waitFor();
    // The box is checked at the click; the PATCH that saves it may still be on its way.
    const saved = await eventually('the entry is mandatory in the catalog', async () => {
      const entries = (await as('GET', '/preferences')).body.data;
      return entries[0]?.mandatory === true ? entries[0] : undefined;
    });
    expect(saved).toMatchObject({ mandatory: true, default_enabled: true });
    await expectAccessible(page, 'catalog');
    await screenshot(page, 'catalog');
  });

  it('when a list is sent to from the lists page, then its subscriber count shows and the broadcast page fills its progress bar', async () => {
    await page.getByRole('link', { name: 'Lists', exact: true }).click();
    const row = page.locator(`tr[data-key="${listKey}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('3');
    await expectAccessible(page, 'lists');
    await screenshot(page, 'lists');

    await page.getByLabel('Channel').fill('news');
    await page.getByLabel('Topic').fill('weekly');
    await page.getByLabel('Event').fill('digest');
    await page.getByLabel('Title').fill('This week');
    await page.getByRole('button', { name: 'Send to the list' }).click();
    await page.getByRole('heading', { name: /^Broadcast #\d+$/ }).waitFor();
    await page.getByText('3 of 3 notifications created · completed').waitFor({ timeout: 20_000 });
    expect(await page.locator('progress').evaluate((el) => [(el as unknown as { value: number }).value, (el as unknown as { max: number }).max])).toEqual([3, 3]);
    await expectAccessible(page, 'broadcast');
    await screenshot(page, 'broadcast');
  });

  it('when a webhook delivery fails, then the endpoint shows its health, and a retry from the browser delivers it', async () => {
    let answer = 410;
    const rx = await receiver(() => answer);
    try {
      const hook = await as('POST', '/webhooks', { url: rx.url, description: 'console' });
      const hookId = hook.body.data.webhook.id;
      await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
      await page.getByRole('link', { name: `#${hookId}` }).click();
      await page.getByRole('heading', { name: `Webhook #${hookId}` }).waitFor();
      await page.getByRole('button', { name: 'Send a test event' }).click();
      const delivery = page.locator('tbody tr').first();
      await delivery.getByRole('button', { name: /^Retry delivery #\d+$/ }).waitFor({ timeout: 20_000 });
      await page.getByText('disabled (gone)').waitFor();

      await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
      const endpoint = page.locator(`tr[data-id="${hookId}"]`);
      await endpoint.waitFor();
      expect(await endpoint.textContent()).toMatch(/disabled \(gone\)\s*1$/);
      await expectAccessible(page, 'webhooks');
      await screenshot(page, 'webhooks');

      answer = 204;
      await endpoint.getByRole('link', { name: `#${hookId}` }).click();
      await page.getByRole('button', { name: 'Enable the endpoint' }).click();
      await page.getByText('healthy').waitFor();
      await delivery.getByRole('button', { name: /^Retry delivery #\d+$/ }).click();
      await delivery.getByRole('cell', { name: 'succeeded' }).waitFor({ timeout: 20_000 });
      await expectAccessible(page, 'webhook');
      await screenshot(page, 'webhook');
    } finally {
      await rx.close();
    }
  });

  it('when a page is opened by its address, then the gateway answers the console for it', async () => {
    for (const view of ['recipients', 'catalog', 'lists', 'webhooks', 'broadcasts', 'webhooks/1', 'broadcasts/1']) {
      const res = await fetch(`${baseUrl()}/console/${view}`);
      expect({ view, status: res.status, type: res.headers.get('content-type') }).toEqual({ view, status: 200, type: 'text/html; charset=utf-8' });
    }
  });
});
