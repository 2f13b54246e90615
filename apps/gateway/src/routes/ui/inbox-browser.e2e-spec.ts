import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeraldClient } from '@herald/client';
import { eventually } from '@herald/testing';
import { connectMongo, connectNats, createLogger, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from '../../app';
import { createServiceClients, type ServiceClients } from '../../plugins/external/services/service-clients';
import { readConfig } from '../../config';

/**
 * <herald-inbox> in a real browser (Debian's Chromium, headless, driven by playwright-core) against
 * the real stack: the page is served from a gateway replica started here (so it can be restarted
 * under the page), sends go through the stack's gateway REST API.
 */
const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
const ARTIFACTS = path.join(ROOT, 'dist', 'test-artifacts');
const unique = (p: string) => `${p}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

jest.setTimeout(90_000);

describe('<herald-inbox> in Chromium', () => {
  let uiDir: string;
  let mongo: MongoHandle;
  let nats: NatsConnection;
  let services: ServiceClients;
  let gateway: FastifyInstance | null = null;
  let port = 0;
  let browser: Browser;
  let api: HeraldClient;

  const startGateway = async () => {
    const env = JSON.parse(process.env.HERALD_GATEWAY_ENV!) as Record<string, string>;
    const config = readConfig({ ...env, PORT: String(port), METRICS_PORT: '0', LOG_LEVEL: 'silent', UI_DIR: uiDir, STREAM_HEARTBEAT_MS: '1000' });
    gateway = await build({ config, logger: createLogger('gateway-browser', 'silent'), db: mongo.db, nats, services, pingStore: mongo.ping });
    await gateway.listen({ host: '127.0.0.1', port });
    const address = gateway.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  };
  const base = () => `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (npm test installs it when run as root)`);
    uiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-ui-'));
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--ui-only', `--outdir=${uiDir}`], { stdio: 'ignore' });
    uiDir = path.join(uiDir, 'ui');
    expect(fs.existsSync(path.join(uiDir, 'herald-inbox.js'))).toBe(true);
    const env = JSON.parse(process.env.HERALD_GATEWAY_ENV!) as Record<string, string>;
    mongo = await connectMongo(env.MONGO_URL, env.MONGO_DB, 'gateway-browser');
    // The gateway's own NATS user, as the stack's gateway connects.
    nats = await connectNats(env.NATS_URL, 'gateway-browser', { user: env.NATS_USER, password: env.NATS_PASSWORD });
    services = createServiceClients(readConfig({ ...env, LOG_LEVEL: 'silent' }));
    await startGateway();
    const admin = new HeraldClient({ baseUrl: process.env.HERALD_BASE_URL!, apiKey: process.env.HERALD_ADMIN_TOKEN! });
    const { data } = await admin.admin.createProject({ name: unique('browser'), settings: { rate_limit_per_second: null } });
    api = new HeraldClient({ baseUrl: process.env.HERALD_BASE_URL!, apiKey: data.keys.find((k) => k.scope === 'full')!.key });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    services?.close();
    await nats?.drain();
    await mongo?.close();
    fs.rmSync(path.dirname(uiDir), { recursive: true, force: true });
  });

  /** A recipient with `count` delivered notifications, and a token for it. */
  const recipientWith = async (count: number) => {
    const id = unique('web');
    await api.recipients.create({ id, name: 'Web' });
    for (let i = 1; i <= count; i++) await api.notifications.send({ recipient_id: id, payload: { title: `Seed ${i}`, body: `Body ${i}` } });
    await waitFor(async () => (await api.notifications.unreadCount(id)).data.unread_count === count);
    const token = (await api.tokens.create(id, { ttl_seconds: 600 })).data.token;
    return { id, token };
  };

  /** A page on the gateway replica's own origin embedding the component as docs/inbox.md shows. */
  const openPage = async (recipientId: string, token: string, attributes = '', before?: (page: Page) => Promise<unknown>): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 900, height: 640 } });
    await before?.(page);
    const url = `${base()}/__inbox-test`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><body style="font-family:sans-serif;margin:0">
          <header style="display:flex;justify-content:space-between;align-items:center;padding:8px 20px;border-bottom:1px solid #e5e7eb">
            <strong>Acme app</strong>
            <herald-inbox base-url="${base()}" recipient-id="${recipientId}" token="${token}" ${attributes}></herald-inbox>
          </header>
          <script type="module" src="/ui/herald-inbox.js"></script></body></html>`,
      }),
    );
    await page.goto(url);
    return page;
  };
  const badge = (page: Page) => page.locator('herald-inbox').locator('[part="badge"]');
  const items = (page: Page) => page.locator('herald-inbox').locator('.item');
  const inbox = (page: Page) => page.locator('herald-inbox');
  const screenshot = async (page: Page, name: string) => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, name), clip: { x: 400, y: 0, width: 500, height: 560 } });
  };
  const openPanel = async (page: Page) => {
    await page.locator('herald-inbox').locator('[part="bell"]').click();
    await page.locator('herald-inbox').locator('[part="panel"]').waitFor({ state: 'visible' });
  };

  // How fast a send reaches the page is measured in bench/stream.bench.mjs; here only that it arrives.
  it('when the page loads, then the badge shows the unread count; a send appears without reload', async () => {
    const r = await recipientWith(3);
    const page = await openPage(r.id, r.token);
    await expectText(() => badge(page).textContent(), '3');
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 3);
    // The live stream is open (the component says so by dropping its status line) before we send.
    await waitFor(async () => (await page.locator('herald-inbox').locator('[part="status"]').isHidden()));
    await api.notifications.send({ recipient_id: r.id, payload: { title: 'Live one', body: 'Arrived without reload' } });
    await page.locator('herald-inbox').locator('.item', { hasText: 'Live one' }).waitFor({ timeout: 30_000 });
    await expectText(() => badge(page).textContent(), '4');
    expect(await items(page).first().textContent()).toContain('Live one');
    await screenshot(page, 'herald-inbox-open.png');
    await page.close();
  });

  it('when an item is clicked, then it is read and opened and the badge goes down; mark all as read empties it', async () => {
    const r = await recipientWith(3);
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await expectText(() => badge(page).textContent(), '3');
    await items(page).filter({ hasText: 'Seed 2' }).click();
    await expectText(() => badge(page).textContent(), '2');
    const feed = (await api.notifications.page(r.id)).data.notifications;
    expect(feed.find((n) => (n.payload as { title: string }).title === 'Seed 2')).toMatchObject({ read: true, opened: true });
    await page.locator('herald-inbox').locator('[part="mark-all"]').click();
    await waitFor(async () => await badge(page).isHidden());
    expect((await api.notifications.unreadCount(r.id)).data.unread_count).toBe(0);
    expect(await page.locator('herald-inbox').locator('.item.unread').count()).toBe(0);
    await page.close();
  });

  it('when the gateway restarts under the page, then the component reconnects and shows what was sent meanwhile', async () => {
    const r = await recipientWith(1);
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 1);
    await waitFor(async () => (await page.locator('herald-inbox').locator('[part="status"]').isHidden()));
    await gateway!.close();
    gateway = null;
    await page.locator('herald-inbox').locator('[part="status"]', { hasText: 'Reconnecting' }).waitFor({ timeout: 30_000 });
    await api.notifications.send({ recipient_id: r.id, payload: { title: 'While you were away 1' } });
    await api.notifications.send({ recipient_id: r.id, payload: { title: 'While you were away 2' } });
    await waitFor(async () => (await api.notifications.unreadCount(r.id)).data.unread_count === 3);
    await startGateway();
    await page.locator('herald-inbox').locator('.item', { hasText: 'While you were away 2' }).waitFor({ timeout: 30_000 });
    await page.locator('herald-inbox').locator('.item', { hasText: 'While you were away 1' }).waitFor({ timeout: 30_000 });
    await expectText(() => badge(page).textContent(), '3');
    await page.close();
  });

  it('when the attributes are set after the element is on the page (a token fetched first), then it starts then', async () => {
    const r = await recipientWith(2);
    const page = await openPage('', '');
    await page.evaluate(([id, token, url]) => {
      type El = { removeAttribute(n: string): void; setAttribute(n: string, v: string): void };
      const el = (globalThis as unknown as { document: { querySelector(s: string): El } }).document.querySelector('herald-inbox');
      el.removeAttribute('recipient-id');
      el.setAttribute('base-url', url);
      el.setAttribute('token', token);
      el.setAttribute('recipient-id', id);
    }, [r.id, r.token, base()]);
    await expectText(() => badge(page).textContent(), '2');
    await page.close();
  });

  it("when the page holds a token for another recipient, then it shows nothing of this recipient's feed", async () => {
    const victim = await recipientWith(2);
    const intruder = await recipientWith(0);
    const page = await openPage(victim.id, intruder.token);
    await openPanel(page);
    await page.locator('herald-inbox').locator('[part="status"]', { hasText: 'could not be loaded' }).waitFor({ timeout: 30_000 });
    // Nothing arrives live either: once the victim's own page (same gateway replica) shows the send,
    // it would have reached the intruder's page too.
    const own = await openPage(victim.id, victim.token);
    await openPanel(own);
    await waitFor(async () => (await own.locator('herald-inbox').locator('[part="status"]').isHidden()));
    await api.notifications.send({ recipient_id: victim.id, payload: { title: 'Secret' } });
    await own.locator('herald-inbox').locator('.item', { hasText: 'Secret' }).waitFor({ timeout: 30_000 });
    await own.close();
    expect(await items(page).count()).toBe(0);
    expect(await badge(page).isHidden()).toBe(true);
    await page.close();
  });

  it('when the page prefers a dark colour scheme, then the panel is dark unless theme="light"; theme="dark" is dark anyway', async () => {
    const r = await recipientWith(2);
    const background = (page: Page) => inbox(page).locator('[part="panel"]').evaluate((el) => (globalThis as unknown as Styled).getComputedStyle(el).backgroundColor);
    const auto = await openPage(r.id, r.token, '', (p) => p.emulateMedia({ colorScheme: 'dark' }));
    await openPanel(auto);
    await waitFor(async () => (await items(auto).count()) === 2);
    expect(await background(auto)).toBe('rgb(22, 27, 34)');
    await screenshot(auto, 'inbox-dark.png');
    await auto.emulateMedia({ colorScheme: 'light' });
    expect(await background(auto)).toBe('rgb(255, 255, 255)');
    await auto.close();
    const light = await openPage(r.id, r.token, 'theme="light"', (p) => p.emulateMedia({ colorScheme: 'dark' }));
    await openPanel(light);
    expect(await background(light)).toBe('rgb(255, 255, 255)');
    await light.close();
    const dark = await openPage(r.id, r.token, 'theme="dark"', (p) => p.emulateMedia({ colorScheme: 'light' }));
    await openPanel(dark);
    expect(await background(dark)).toBe('rgb(22, 27, 34)');
    await dark.close();
  });

  it('when locale is Arabic, then the texts are Arabic, the panel is right to left and times are relative in Arabic; German and page overrides apply', async () => {
    const r = await recipientWith(2);
    const page = await openPage(r.id, r.token, 'locale="ar"');
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 2);
    expect(await inbox(page).locator('[part="panel"]').getAttribute('dir')).toBe('rtl');
    expect(await inbox(page).locator('[part="mark-all"]').textContent()).toBe('تحديد الكل كمقروء');
    const justNow = await page.evaluate(() => new Intl.RelativeTimeFormat('ar', { numeric: 'auto' }).format(0, 'second'));
    expect(await items(page).first().locator('time').textContent()).toBe(justNow);
    expect(await inbox(page).locator('[part="bell"]').getAttribute('aria-label')).toBe('الإشعارات، 2 غير مقروءة');
    await screenshot(page, 'inbox-rtl.png');
    await inbox(page).evaluate((el) => el.setAttribute('locale', 'de-DE'));
    expect(await inbox(page).locator('[part="panel"]').getAttribute('dir')).toBe('ltr');
    expect(await inbox(page).locator('[part="mark-all"]').textContent()).toBe('Alle als gelesen markieren');
    await inbox(page).evaluate((el) => {
      (el as unknown as { strings: Record<string, string> }).strings = { markAllRead: 'Alles gelesen' };
    });
    expect(await inbox(page).locator('[part="mark-all"]').textContent()).toBe('Alles gelesen');
    await page.close();
  });

  it('when ArrowDown is pressed on the bell, then the panel opens and focus moves to the first item', async () => {
    const r = await recipientWith(2);
    const page = await openPage(r.id, r.token);
    await expectText(() => badge(page).textContent(), '2');
    await inbox(page).locator('[part="bell"]').focus();
    await page.keyboard.press('ArrowDown');
    await waitFor(async () => (await inbox(page).locator('.item:focus').count()) === 1);
    expect(await inbox(page).locator('.item:focus').textContent()).toContain('Seed 2');
    await page.close();
  });

  it('when enabling push is refused or unsupported, then the panel says so instead of greying the button', async () => {
    const r = await recipientWith(0);
    const denied = await openPage(r.id, r.token, 'push="/push/herald-sw.js"', (p) =>
      p.addInitScript(() => {
        (globalThis as unknown as { Notification: { requestPermission(): Promise<string> } }).Notification.requestPermission = async () => 'denied';
      }),
    );
    await openPanel(denied);
    await inbox(denied).locator('[part="push-button"]').click();
    await inbox(denied).locator('[part="push-status"]', { hasText: 'Notifications are blocked for this site' }).waitFor();
    expect(await inbox(denied).locator('[part="push-button"]').isHidden()).toBe(true);
    await denied.close();
    const unsupported = await openPage(r.id, r.token, 'push="/push/herald-sw.js"', (p) =>
      p.addInitScript(() => {
        delete (globalThis as unknown as { PushManager?: unknown }).PushManager;
      }),
    );
    await openPanel(unsupported);
    await inbox(unsupported).locator('[part="push-button"]').click();
    await inbox(unsupported).locator('[part="push-status"]', { hasText: 'does not support push notifications' }).waitFor();
    await unsupported.close();
  });

  it('when badge="unseen" and the panel opens, then the badge clears and the items stay unread; a later send counts again', async () => {
    const r = await recipientWith(2);
    const page = await openPage(r.id, r.token, 'badge="unseen"');
    await expectText(() => badge(page).textContent(), '2');
    await openPanel(page);
    await waitFor(async () => await badge(page).isHidden());
    expect((await api.notifications.counts(r.id)).data).toMatchObject({ unread_count: 2, unseen_count: 0 });
    expect(await inbox(page).locator('.item.unread').count()).toBe(2);
    await screenshot(page, 'inbox-unseen.png');
    await inbox(page).locator('[part="bell"]').click();
    await waitFor(async () => (await page.locator('herald-inbox').locator('[part="status"]').isHidden()));
    await api.notifications.send({ recipient_id: r.id, payload: { title: 'After opening' } });
    await expectText(() => badge(page).textContent(), '1');
    await page.close();
  });

  it('when an action without a url is clicked, then it is recorded once and shown; Archive takes the item out of the list', async () => {
    const r = await recipientWith(1);
    const actions = [
      { id: 'approve', label: 'Approve', style: 'primary' },
      { id: 'docs', label: 'Read the docs', url: 'https://example.com/docs' },
    ];
    const sent = await api.notifications.send({ recipient_id: r.id, payload: { title: 'Expense report', actions } });
    await waitFor(async () => (await api.notifications.unreadCount(r.id)).data.unread_count === 2);
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 2);
    await inbox(page).locator('[part="action"]', { hasText: 'Approve' }).click();
    await waitFor(async () => (await inbox(page).locator('[data-action="approve"][aria-pressed="true"]').count()) === 1);
    const id = sent.data.notification!.id;
    const stored = () => api.notifications.page(r.id).then((p) => p.data.notifications.find((n) => n.id === id));
    expect((await stored())?.action_taken).toBe('approve');
    await screenshot(page, 'inbox-actions.png');
    await inbox(page).locator('li', { hasText: 'Seed 1' }).locator('[part="archive"]').click();
    await waitFor(async () => (await items(page).count()) === 1);
    const archived = (await api.notifications.page(r.id, { archived: 'true' })).data.notifications;
    expect(archived.map((n) => (n.payload as { title: string }).title)).toEqual(['Seed 1']);
    await expectText(() => badge(page).textContent(), '1');
    await page.close();
  });
});

/** The page's window, typed as far as these tests use it (the gateway's types have no DOM). */
type Styled = { getComputedStyle(el: unknown): { backgroundColor: string } };

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  await eventually('page condition', check);
}

async function expectText(read: () => Promise<string | null>, want: string): Promise<void> {
  await eventually(`text "${want}"`, async () => {
    const got = await read();
    if (got !== want) throw new Error(`expected "${want}", still "${got}"`);
    return true;
  });
}
