import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startGatewayReplica, type GatewayReplica } from '../../testing/gateway-replica';
import { baseUrl, call, createProject, type TestProject } from '../../testing/rest-client';
import { expectAccessible, launchChromium, screenshot, signIn } from '../../testing/console-browser';

/**
 * Webhook endpoints created, changed and deleted from the console in Chromium against the real
 * stack; the API's refusals (an unknown event, an internal host on a gateway that refuses them)
 * shown in the form, which keeps what was typed.
 */
jest.setTimeout(180_000);

/** A folder holding the console's bundle as the stack's gateway serves it (a replica in this process has no build of its own). */
async function consoleBundle(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-ui-'));
  for (const file of ['console.js', 'console.css']) {
    const res = await fetch(`${baseUrl()}/console/assets/${file}`);
    expect(res.status).toBe(200);
    fs.writeFileSync(path.join(dir, file), Buffer.from(await res.arrayBuffer()));
  }
  return dir;
}

describe('the console webhook endpoints in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let p: TestProject;
  let replica: GatewayReplica;
  const as = (method: string, url: string, body?: unknown) => call(method, url, { key: p.fullKey, body });
  const endpoints = async () => (await as('GET', '/webhooks')).body.data.webhooks as { id: number; url: string; description: string | null; event_types: string[] }[];
  const form = (name: string) => page.getByRole('form', { name });

  beforeAll(async () => {
    p = await createProject('console-webhooks');
    replica = await startGatewayReplica({ WEBHOOK_ALLOW_PRIVATE: 'false', UI_DIR: await consoleBundle() });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
    await signIn(page, p.fullKey);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('heading', { name: 'Add an endpoint' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await replica?.close();
  });

  it('when an endpoint is added, then an unknown event is refused with what was typed kept, and the corrected one is listed with its secret shown once', async () => {
    const add = form('Add an endpoint');
    await add.getByLabel('URL').fill('https://hooks.example.com/herald');
    await add.getByLabel('Description').fill('Billing <b>bold</b>');
    await add.getByLabel(/^Events/).fill('notification.delivered, notification.nope');
    await add.getByRole('button', { name: 'Add the endpoint' }).click();
    await add.getByRole('alert').waitFor();
    expect(await add.getByRole('alert').textContent()).toContain('validation_failed');
    expect(await add.getByLabel(/^Events/).inputValue()).toBe('notification.delivered, notification.nope');
    expect(await add.getByLabel('URL').inputValue()).toBe('https://hooks.example.com/herald');
    expect(await endpoints()).toEqual([]);

    await add.getByLabel(/^Events/).fill('notification.delivered, notification.failed');
    await add.getByRole('button', { name: 'Add the endpoint' }).click();
    const added = page.getByRole('status');
    await added.getByText('Its signing secret').waitFor();
    expect(await added.locator('code').textContent()).toMatch(/^whsec_/);
    const [stored] = await endpoints();
    expect(stored).toMatchObject({ url: 'https://hooks.example.com/herald', description: 'Billing <b>bold</b>', event_types: ['notification.delivered', 'notification.failed'] });
    const row = page.locator(`tr[data-id="${stored.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Billing <b>bold</b>');
    expect(await form('Add an endpoint').getByLabel('URL').inputValue()).toBe('');
    await expectAccessible(page, 'webhooks, adding');
  });

  it('when an endpoint is changed and then deleted on its page, then the API has the change and then no endpoint', async () => {
    const [stored] = await endpoints();
    await page.getByRole('link', { name: `#${stored.id}` }).first().click();
    await page.getByRole('heading', { name: `Webhook #${stored.id}` }).waitFor();
    const edit = form('Change the endpoint');
    expect(await edit.getByLabel('URL').inputValue()).toBe(stored.url);
    await edit.getByLabel('URL').fill('https://hooks.example.com/v2');
    await edit.getByLabel('Description').fill('');
    await edit.getByLabel(/^Events/).fill('');
    await edit.getByRole('button', { name: 'Save the endpoint' }).click();
    await page.getByRole('status').getByText('Endpoint saved').waitFor();
    expect((await endpoints())[0]).toMatchObject({ id: stored.id, url: 'https://hooks.example.com/v2', description: null, event_types: [] });
    await page.locator('dl.fields').getByText('https://hooks.example.com/v2').waitFor();
    await expectAccessible(page, 'webhook, editing');
    await screenshot(page, 'webhook-edit');

    await edit.getByRole('button', { name: 'Delete the endpoint' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('No webhook endpoints.').waitFor();
    expect((await as('GET', `/webhooks/${stored.id}`)).status).toBe(404);
  });

  it('when a gateway that refuses internal hosts is given one, then its refusal shows in the form, what was typed stays, and nothing is stored', async () => {
    const onReplica = await (await browser.newContext()).newPage();
    await signIn(onReplica, p.fullKey, replica.baseUrl);
    await onReplica.getByRole('link', { name: 'Webhooks', exact: true }).click();
    const add = onReplica.getByRole('form', { name: 'Add an endpoint' });
    await add.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data');
    await add.getByLabel('Description').fill('metadata');
    await add.getByRole('button', { name: 'Add the endpoint' }).click();
    await add.getByRole('alert').waitFor();
    expect(await add.getByRole('alert').textContent()).toMatch(/url must name a public host.*\(validation_failed\)$/);
    expect(await add.getByLabel('URL').inputValue()).toBe('http://169.254.169.254/latest/meta-data');
    expect(await add.getByLabel('Description').inputValue()).toBe('metadata');
    expect(await endpoints()).toEqual([]);
    await expectAccessible(onReplica, 'webhooks, refused');
    await screenshot(onReplica, 'webhooks-refused');
  });
});
