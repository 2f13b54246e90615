import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { HeraldClient } from '@herald/client';
import { eventually } from '@herald/testing';
import { chromium, type Browser } from 'playwright-core';

/**
 * The React example (libs/react/example) in a real browser (Debian's Chromium, headless, driven by
 * playwright-core) against the real stack: its page and bundles are served on the stack gateway's
 * origin, so the hooks and `<Inbox>` talk to that gateway as a page of the app would.
 */
const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '..', '..', '..');
const ARTIFACTS = path.join(ROOT, 'dist', 'test-artifacts');
const unique = (p: string) => `${p}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

jest.setTimeout(90_000);

describe('@herald/react example in Chromium', () => {
  let outdir: string;
  let browser: Browser;
  let api: HeraldClient;
  const base = () => process.env.HERALD_BASE_URL!;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (npm test installs it when run as root)`);
    outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-react-'));
    execFileSync(process.execPath, [path.join(ROOT, 'libs', 'react', 'example', 'build.mjs'), `--outdir=${outdir}`], { stdio: 'ignore' });
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--ui-only', `--outdir=${outdir}`], { stdio: 'ignore' });
    const admin = new HeraldClient({ baseUrl: base(), apiKey: process.env.HERALD_ADMIN_TOKEN! });
    const { data } = await admin.admin.createProject({ name: unique('react'), settings: { rate_limit_per_second: null } });
    api = new HeraldClient({ baseUrl: base(), apiKey: data.keys.find((k) => k.scope === 'full')!.key });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(outdir, { recursive: true, force: true });
  });

  it('when the example loads, then the hooks and <Inbox> show the feed (markup as text, no grave axe findings), live, and Archive reaches the gateway', async () => {
    const id = unique('react');
    await api.recipients.create({ id, name: 'React' });
    await api.notifications.send({ recipient_id: id, payload: { title: '<b>Invoice</b> paid' } });
    await eventually('the send is in the feed', async () => (await api.notifications.counts(id)).data.unread_count === 1);
    const token = (await api.tokens.create(id, { ttl_seconds: 600 })).data.token;

    // A context of its own: axe-core needs one (browser.newPage has none it can use).
    const context = await browser.newContext({ viewport: { width: 900, height: 640 } });
    const page = await context.newPage();
    const html = fs
      .readFileSync(path.join(ROOT, 'libs', 'react', 'example', 'index.html'), 'utf8')
      .replace('data-base-url="http://127.0.0.1:8080"', `data-base-url="${base()}"`)
      .replace('data-recipient-id="demo-user"', `data-recipient-id="${id}"`)
      .replace('data-token="nk_tok_…"', `data-token="${token}"`);
    await page.route(`${base()}/__react-example/`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.route(`${base()}/__react-example/app.js`, (route) => route.fulfill({ contentType: 'text/javascript', path: path.join(outdir, 'app.js') }));
    await page.route(`${base()}/ui/herald-inbox.js`, (route) => route.fulfill({ contentType: 'text/javascript', path: path.join(outdir, 'ui', 'herald-inbox.js') }));
    await page.goto(`${base()}/__react-example/`);

    const list = page.getByRole('list', { name: 'Notifications' });
    await list.getByText('<b>Invoice</b> paid').waitFor({ timeout: 30_000 });
    expect(await page.locator('main b').count()).toBe(0);
    const counts = page.locator('main').getByRole('status');
    await counts.getByText('1 unread, 1 unseen').waitFor({ timeout: 30_000 });
    await page.locator('herald-inbox').locator('[part="badge"]', { hasText: '1' }).waitFor({ timeout: 30_000 });
    // No serious or critical accessibility findings on the page the hooks drew (the element's open
    // panel is checked by the element's own browser tests).
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
    await page.locator('herald-inbox').locator('[part="bell"]').click();
    await page.locator('herald-inbox').locator('.item').first().waitFor();
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'react-example.png'), clip: { x: 0, y: 0, width: 900, height: 220 } });
    await page.locator('herald-inbox').locator('[part="bell"]').click();

    await api.notifications.send({ recipient_id: id, payload: { title: 'Live one' } });
    await list.getByText('Live one').waitFor({ timeout: 30_000 });
    await counts.getByText('2 unread, 2 unseen').waitFor({ timeout: 30_000 });

    await list.getByRole('listitem').filter({ hasText: 'Live one' }).getByRole('button', { name: 'Archive' }).click();
    await eventually('the archive is stored', async () => (await api.notifications.page(id, { archived: 'true' })).data.notifications.length === 1);
    expect(await list.getByText('Live one').count()).toBe(0);
    await counts.getByText('1 unread, 1 unseen').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
