import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@herald/testing';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';
import { expectAccessible, launchChromium, screenshot, signIn } from '../../testing/console-browser';

/** A notification's timeline on the console's notification page, in Chromium against the real stack. */
jest.setTimeout(120_000);

describe("the console's notification timeline", () => {
  let browser: Browser;
  let page: Page;
  let p: TestProject;
  let hook: http.Server;
  let hookUrl = '';
  const as = (method: string, url: string, body?: unknown) => call(method, url, { key: p.fullKey, body });
  const target = { channel: 'billing', topic: 'invoices', event: 'invoice.paid' };

  beforeAll(async () => {
    p = await createProject('console-timeline');
    hook = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    expect((await as('POST', '/webhooks', { url: hookUrl, event_types: ['email.sent'] })).status).toBe(201);
    expect((await as('POST', '/preferences', { ...target, medium: 'email', name: 'Paid invoices', default_enabled: true })).status).toBe(201);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => hook?.close(r));
  });

  it('when a sent email\'s event reached an endpoint, then the page lists accepted, the decisions, the email sent and the webhook attempt', async () => {
    const alice = uniqueId('alice');
    expect((await as('POST', '/recipients', { id: alice, name: 'Alice' })).status).toBe(201);
    expect((await as('POST', `/recipients/${alice}/contacts`, { medium: 'email', address: `${alice}@example.com`, is_primary: true })).status).toBe(201);
    const sent = await as('POST', '/notifications/send', { recipient_id: alice, target, payload: { title: 'Paid' }, email: { subject: 'Paid', html: '<p>Paid</p>' } });
    const id = sent.body.data.notification.id;
    await eventually('the email.sent event delivered', async () => {
      const r = await as('GET', `/notifications/${id}/timeline`);
      return r.status === 200 && r.body.data.steps.some((s: { kind: string }) => s.kind === 'webhook') ? true : undefined;
    });

    await signIn(page, p.fullKey);
    await page.goto(`${baseUrl()}/console/notifications/${id}`);
    await page.locator('.timeline li[data-kind="webhook"]').waitFor();
    const steps = await page.locator('.timeline li').allTextContents();
    expect(steps[0]).toMatch(/Accepted \(now delivered\)$/);
    expect(steps).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Email decided by the catalog entry$/),
        expect.stringMatching(/Email sent \(via \S+, 1 attempt\)$/),
        expect.stringMatching(/Email attempt 1: sent \(via \S+, message id \S+\)$/),
        expect.stringContaining(`Webhook email.sent to ${hookUrl}: succeeded (answered 204, `),
      ]),
    );
    await expectAccessible(page, 'notification timeline');
    await screenshot(page, 'notification-timeline');
  });
});
