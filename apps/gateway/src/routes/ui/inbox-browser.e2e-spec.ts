import type { Page } from 'playwright-core';
import { expectText, gatewayHas, useInboxBrowser, waitFor, type Styled } from './testing/inbox-browser';

jest.setTimeout(90_000);

describe('<herald-inbox> in Chromium', () => {
  const { stack, recipientWith, openPage, inbox, badge, items, screenshot, openPanel } = useInboxBrowser();

  // How fast a send reaches the page is measured in bench/stream.bench.mjs; here only that it arrives.
  it('when the page loads, then the badge shows the unread count; a send appears without reload', async () => {
    const r = await recipientWith(3);
    const page = await openPage(r.id, r.token);
    await expectText(() => badge(page).textContent(), '3');
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 3);
    // The live stream is open (the component says so by dropping its status line) before we send.
    await waitFor(async () => (await page.locator('herald-inbox').locator('[part="status"]').isHidden()));
    await stack.api.notifications.send({ recipient_id: r.id, payload: { title: 'Live one', body: 'Arrived without reload' } });
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
    await gatewayHas(async () => {
      const feed = (await stack.api.notifications.page(r.id)).data.notifications;
      expect(feed.find((n) => (n.payload as { title: string }).title === 'Seed 2')).toMatchObject({ read: true, opened: true });
    });
    await page.locator('herald-inbox').locator('[part="mark-all"]').click();
    await waitFor(async () => await badge(page).isHidden());
    await gatewayHas(async () => expect((await stack.api.notifications.unreadCount(r.id)).data.unread_count).toBe(0));
    expect(await page.locator('herald-inbox').locator('.item.unread').count()).toBe(0);
    await page.close();
  });

  it('when the gateway restarts under the page, then the component reconnects and shows what was sent meanwhile', async () => {
    const r = await recipientWith(1);
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 1);
    await waitFor(async () => (await page.locator('herald-inbox').locator('[part="status"]').isHidden()));
    await stack.stopGateway();
    await page.locator('herald-inbox').locator('[part="status"]', { hasText: 'Reconnecting' }).waitFor({ timeout: 30_000 });
    await stack.api.notifications.send({ recipient_id: r.id, payload: { title: 'While you were away 1' } });
    await stack.api.notifications.send({ recipient_id: r.id, payload: { title: 'While you were away 2' } });
    await waitFor(async () => (await stack.api.notifications.unreadCount(r.id)).data.unread_count === 3);
    await stack.startGateway();
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
    }, [r.id, r.token, stack.base()]);
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
    await stack.api.notifications.send({ recipient_id: victim.id, payload: { title: 'Secret' } });
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

  it('when ArrowDown is pressed on the bell before the first page has arrived, then the first item takes the focus once it is drawn', async () => {
    const r = await recipientWith(2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await openPage(r.id, r.token, '', (p) =>
      p.route(/\/notifications\?/, async (route) => {
        await held;
        return route.continue();
      }),
    );
    await inbox(page).locator('[part="bell"]').focus();
    await page.keyboard.press('ArrowDown');
    await inbox(page).locator('[part="panel"]').waitFor({ state: 'visible' });
    expect(await items(page).count()).toBe(0);
    release();
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
    expect((await stack.api.notifications.counts(r.id)).data).toMatchObject({ unread_count: 2, unseen_count: 0 });
    expect(await inbox(page).locator('.item.unread').count()).toBe(2);
    await screenshot(page, 'inbox-unseen.png');
    await inbox(page).locator('[part="bell"]').click();
    await waitFor(async () => (await page.locator('herald-inbox').locator('[part="status"]').isHidden()));
    await stack.api.notifications.send({ recipient_id: r.id, payload: { title: 'After opening' } });
    await expectText(() => badge(page).textContent(), '1');
    await page.close();
  });

  it('when an action without a url is clicked, then it is recorded once and shown; Archive takes the item out of the list', async () => {
    const r = await recipientWith(1);
    const actions = [
      { id: 'approve', label: 'Approve', style: 'primary' },
      { id: 'docs', label: 'Read the docs', url: 'https://example.com/docs' },
    ];
    const sent = await stack.api.notifications.send({ recipient_id: r.id, payload: { title: 'Expense report', actions } });
    await waitFor(async () => (await stack.api.notifications.unreadCount(r.id)).data.unread_count === 2);
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 2);
    await inbox(page).locator('[part="action"]', { hasText: 'Approve' }).click();
    await waitFor(async () => (await inbox(page).locator('[data-action="approve"][aria-pressed="true"]').count()) === 1);
    const id = sent.data.notification!.id;
    const stored = () => stack.api.notifications.page(r.id).then((p) => p.data.notifications.find((n) => n.id === id));
    await gatewayHas(async () => expect((await stored())?.action_taken).toBe('approve'));
    await screenshot(page, 'inbox-actions.png');
    await inbox(page).locator('li', { hasText: 'Seed 1' }).locator('[part="archive"]').click();
    await waitFor(async () => (await items(page).count()) === 1);
    await gatewayHas(async () => {
      const archived = (await stack.api.notifications.page(r.id, { archived: 'true' })).data.notifications;
      expect(archived.map((n) => (n.payload as { title: string }).title)).toEqual(['Seed 1']);
    });
    await expectText(() => badge(page).textContent(), '1');
    await page.close();
  });
});
