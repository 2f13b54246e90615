import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeraldClient } from '@herald/client';
import { eventually } from '@herald/testing';
import { connectMongo, connectNats, createLogger, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from '../../../app';
import { createServiceClients, type ServiceClients } from '../../../plugins/external/services/service-clients';
import { readConfig } from '../../../config';

/**
 * <herald-inbox> in a real browser (Debian's Chromium, headless, driven by playwright-core) against
 * the real stack: the page is served from a gateway replica started here (so it can be restarted
 * under the page), sends go through the stack's gateway REST API with a fresh project's Full key.
 */
const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..', '..');
const ARTIFACTS = path.join(ROOT, 'dist', 'test-artifacts');
export const unique = (p: string) => `${p}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** The page's window, typed as far as these tests use it (the gateway's types have no DOM). */
export type Styled = { getComputedStyle(el: unknown): { backgroundColor: string } };

export interface InboxBrowserStack {
  /** The stack's gateway, as the fresh project's Full key. */
  api: HeraldClient;
  /** The replica serving the page (null while stopped). */
  gateway: FastifyInstance | null;
  startGateway(): Promise<void>;
  stopGateway(): Promise<void>;
  base(): string;
}

/** Registers the browser, the gateway replica and a project (beforeAll/afterAll); returns them with page helpers. */
export function useInboxBrowser() {
  let uiDir: string;
  let mongo: MongoHandle;
  let nats: NatsConnection;
  let services: ServiceClients;
  let port = 0;
  let browser: Browser;

  const stack: InboxBrowserStack = {
    api: null as unknown as HeraldClient,
    gateway: null,
    async startGateway() {
      const env = JSON.parse(process.env.HERALD_GATEWAY_ENV!) as Record<string, string>;
      const config = readConfig({ ...env, PORT: String(port), METRICS_PORT: '0', LOG_LEVEL: 'silent', UI_DIR: uiDir, STREAM_HEARTBEAT_MS: '1000' });
      const gateway = await build({ config, logger: createLogger('gateway-browser', 'silent'), db: mongo.db, nats, services, pingStore: mongo.ping });
      await gateway.listen({ host: '127.0.0.1', port });
      const address = gateway.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
      stack.gateway = gateway;
    },
    async stopGateway() {
      await stack.gateway?.close();
      stack.gateway = null;
    },
    base: () => `http://127.0.0.1:${port}`,
  };

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
    await stack.startGateway();
    const admin = new HeraldClient({ baseUrl: process.env.HERALD_BASE_URL!, apiKey: process.env.HERALD_ADMIN_TOKEN! });
    const { data } = await admin.admin.createProject({ name: unique('browser'), settings: { rate_limit_per_second: null } });
    stack.api = new HeraldClient({ baseUrl: process.env.HERALD_BASE_URL!, apiKey: data.keys.find((k) => k.scope === 'full')!.key });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await stack.stopGateway();
    services?.close();
    await nats?.drain();
    await mongo?.close();
    fs.rmSync(path.dirname(uiDir), { recursive: true, force: true });
  });

  /** A recipient with `count` delivered notifications, and a token for it. */
  const recipientWith = async (count: number) => {
    const id = unique('web');
    await stack.api.recipients.create({ id, name: 'Web' });
    for (let i = 1; i <= count; i++) await stack.api.notifications.send({ recipient_id: id, payload: { title: `Seed ${i}`, body: `Body ${i}` } });
    await waitFor(async () => (await stack.api.notifications.unreadCount(id)).data.unread_count === count);
    const token = (await stack.api.tokens.create(id, { ttl_seconds: 600 })).data.token;
    return { id, token };
  };

  /** What each page's component has had answered so far: its live stream, its first feed page. */
  const answered = new WeakMap<Page, Set<string>>();
  /** Serves and loads, in `page`, a page on the gateway replica's own origin embedding the component as docs/inbox.md shows. */
  const load = async (page: Page, recipientId: string, token: string, attributes: string): Promise<Page> => {
    const url = `${stack.base()}/__inbox-test`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>Acme app</title></head><body style="font-family:sans-serif;margin:0">
          <header style="display:flex;justify-content:space-between;align-items:center;padding:8px 20px;border-bottom:1px solid #e5e7eb">
            <strong>Acme app</strong>
            <herald-inbox base-url="${stack.base()}" recipient-id="${recipientId}" token="${token}" ${attributes}></herald-inbox>
          </header>
          <script type="module" src="/ui/herald-inbox.js"></script></body></html>`,
      }),
    );
    const seen = new Set<string>();
    answered.set(page, seen);
    page.on('response', (res) => {
      if (res.url().includes('/notifications/stream')) seen.add('stream');
      if (res.url().includes('/notifications?')) seen.add('feed');
    });
    await page.goto(url);
    return page;
  };
  /** The page in a browser context of its own, closed with the page. */
  const openPage = async (recipientId: string, token: string, attributes = '', before?: (page: Page) => Promise<unknown>): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 900, height: 640 } });
    const page = await context.newPage();
    // Closing the page closes its context; one the test or the browser closed first has nothing left to close.
    page.once('close', () => void context.close().catch(() => undefined));
    await before?.(page);
    return load(page, recipientId, token, attributes);
  };
  /** Another tab of `page`'s browser context (they share a BroadcastChannel), embedding the same recipient. */
  const openTab = async (page: Page, recipientId: string, token: string, attributes = ''): Promise<Page> => load(await page.context().newPage(), recipientId, token, attributes);
  const inbox = (page: Page) => page.locator('herald-inbox');
  const badge = (page: Page) => inbox(page).locator('[part="badge"]');
  const items = (page: Page) => inbox(page).locator('.item');
  const screenshot = async (page: Page, name: string) => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, name), clip: { x: 400, y: 0, width: 500, height: 560 } });
  };
  const openPanel = async (page: Page) => {
    await inbox(page).locator('[part="bell"]').click();
    await inbox(page).locator('[part="panel"]').waitFor({ state: 'visible' });
  };
  /** Waits until the page's live stream and first feed page have answered and the component is ready (its status line gone). */
  const live = (page: Page) =>
    waitFor(async () => {
      const seen = answered.get(page);
      const status = inbox(page).locator('[part="status"]');
      return Boolean(seen?.has('stream') && seen.has('feed')) && (await status.count()) === 1 && (await status.isHidden());
    });

  return { stack, recipientWith, openPage, openTab, inbox, badge, items, screenshot, openPanel, live };
}

export async function waitFor(check: () => Promise<boolean>): Promise<void> {
  await eventually('page condition', check);
}

/** Waits until `expectations` pass: what the gateway holds once a change the element showed at once (optimistic) was answered. */
export async function gatewayHas(expectations: () => Promise<void>): Promise<void> {
  await eventually('gateway state', async () => {
    await expectations();
    return true;
  });
}

export async function expectText(read: () => Promise<string | null>, want: string): Promise<void> {
  await eventually(`text "${want}"`, async () => {
    const got = await read();
    if (got !== want) throw new Error(`expected "${want}", still "${got}"`);
    return true;
  });
}
