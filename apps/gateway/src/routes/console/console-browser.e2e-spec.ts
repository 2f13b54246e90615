import { eventually } from '@herald/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, baseUrl, call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';
import { expectAccessible, launchChromium, screenshot as screenshotOf, signIn as signInWith } from '../../testing/console-browser';

/**
 * The console in a real browser (Debian's Chromium, headless, driven by playwright-core) against
 * the real stack's gateway: sign-in, activity, a notification's decision, a recipient, sign-out,
 * revocation, escaping, and an accessibility check of every page. Screenshots go to
 * dist/test-artifacts (docs/images/console-*.png are copies of them).
 */
jest.setTimeout(120_000);

describe('the console in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let p: TestProject;
  let alice: string;
  const as = (method: string, url: string, body?: unknown) => call(method, url, { key: p.fullKey, body });

  const accessible = (name: string) => expectAccessible(page, name);
  const screenshot = (name: string) => screenshotOf(page, name);
  const signIn = (key: string) => signInWith(page, key);

  beforeAll(async () => {
    p = await createProject('console-browser', { rate_limit_per_second: null });
    alice = uniqueId('alice');
    expect((await as('POST', '/recipients', { id: alice, name: 'Alice' })).status).toBe(201);
    expect((await as('POST', `/recipients/${alice}/contacts`, { medium: 'email', address: `${alice}@example.com`, is_primary: true })).status).toBe(201);
    expect((await as('POST', '/preferences', { channel: 'billing', topic: 'invoices', event: 'invoice.paid', medium: 'email', name: 'Paid invoices', default_enabled: true })).status).toBe(201);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('when an operator signs in with a Full key, then the key is in no URL or storage, and a send through the API appears in the live activity', async () => {
    await page.goto(`${baseUrl()}/console`);
    await accessible('sign-in');
    await screenshot('sign-in');
    await signIn(p.fullKey);
    expect(page.url()).not.toContain(p.fullKey);
    expect(await page.evaluate('JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie')).not.toContain(p.fullKey);

    // The live tail follows the activity stream: once it is connected, a send reaches the page with no page read.
    await page.locator('output[data-tail="stream"]').waitFor();
    const pageReads: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/notifications' && pageReads.push(r.url()));
    const sent = await as('POST', '/notifications/send', {
      recipient_id: alice,
      target: { channel: 'billing', topic: 'invoices', event: 'invoice.paid' },
      payload: { title: '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">' },
      email: { subject: 'Paid', html: '<p>paid</p>' },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.data.notification.id;
    await page.locator(`tr[data-id="${id}"]`).waitFor({ timeout: 10_000 });
    expect(pageReads).toEqual([]);
    await accessible('activity');
    await screenshot('activity');
  });

  it('when the activity is filtered by status and by a medium outcome, then only the matching notifications are listed', async () => {
    const skipped = await as('POST', '/notifications/send', { recipient_id: alice, target: { channel: 'other', topic: 'none', event: 'x' }, payload: { title: 'no email' }, email: { subject: 'S', html: '<p>s</p>' } });
    const skippedId = skipped.body.data.notification.id;
    await eventually('the skipped email written', async () => ((await as('GET', `/notifications/${skippedId}`)).body.data.email.status === 'skipped' ? true : undefined));

    await page.getByLabel('Medium outcome').selectOption('email:skipped');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.locator(`tr[data-id="${skippedId}"]`).waitFor();
    await eventually('only skipped emails listed', async () => ((await page.locator('tbody tr').allTextContents()).every((t) => t.includes('Email skipped')) ? true : undefined));

    await page.getByLabel('Medium outcome').selectOption('');
    await page.getByLabel('Status').selectOption('suppressed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No notifications match.').waitFor();
  });

  it('when a notification is opened, then its decision per medium is in words, and its payload is text, never markup', async () => {
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const row = page.locator('tbody tr', { hasText: 'billing/invoices/invoice.paid' }).first();
    await row.getByRole('link', { name: /^#\d+$/ }).click();
    await page.getByRole('heading', { name: /^Notification #\d+$/ }).waitFor();
    await page.getByText(/Email: sent|Email: pending/).waitFor();
    expect(await page.locator('.decision').textContent()).toContain('the catalog entry “Paid invoices”');
    expect(await page.locator('.payload').textContent()).toContain('<script>window.__pwned = 1</script>');
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await page.locator('main script, main img').count()).toBe(0);
    await accessible('notification');
    await screenshot('notification');

    await page.getByRole('link', { name: alice }).first().click();
    await page.getByRole('heading', { name: `Recipient ${alice}` }).waitFor();
    await page.getByText(`${alice}@example.com`).waitFor();
    await accessible('recipient');
    await screenshot('recipient');
  });

  it('when the operator turns a preference off on the recipient page, then the next send skips that medium and names the rule', async () => {
    await page.getByRole('button', { name: 'Turn off Email for billing/invoices/invoice.paid' }).click();
    await page.getByRole('button', { name: 'Turn on Email for billing/invoices/invoice.paid' }).waitFor();
    const sent = await as('POST', '/notifications/send', { recipient_id: alice, target: { channel: 'billing', topic: 'invoices', event: 'invoice.paid' }, payload: { title: 'after' }, email: { subject: 'S', html: '<p>s</p>' } });
    const id = sent.body.data.notification.id;
    await eventually('the send written', async () => ((await as('GET', `/notifications/${id}`)).body.data.status !== 'enqueued' ? true : undefined));
    await page.goto(`${baseUrl()}/console/notifications/${id}`);
    await page.getByRole('heading', { name: `Notification #${id}` }).waitFor();
    expect(await page.locator('.decision').textContent()).toMatch(/Email: skipped — the recipient turned off email for billing\/invoices\/invoice\.paid on \d+ \w+ \d{4}/);
  });

  it('when the operator signs out, then every console call with the old cookie answers 401', async () => {
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'herald_console', httpOnly: true, sameSite: 'Strict' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const old = `herald_console=${cookie.value}`;
    for (const url of ['/notifications', '/console/session', `/recipients/${alice}`]) expect((await call('GET', url, { headers: { cookie: old } })).status).toBe(401);
  });

  it('when the key a session was opened with is revoked, then the console is signed out at once', async () => {
    const created = await call('POST', `/admin/projects/${p.id}/keys`, { key: adminToken(), body: { scope: 'full' } });
    await signIn(created.body.data.key);
    expect((await call('DELETE', `/admin/projects/${p.id}/keys/${created.body.data.id}`, { key: adminToken() })).status).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});
