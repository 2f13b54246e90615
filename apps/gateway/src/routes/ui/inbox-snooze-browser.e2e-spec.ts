import { expectText, useInboxBrowser, waitFor } from './testing/inbox-browser';

jest.setTimeout(90_000);

describe('<herald-inbox> snooze menu and strict tabs, in Chromium', () => {
  const { stack, recipientWith, openPage, inbox, badge, items, screenshot, openPanel, live } = useInboxBrowser();
  const titles = (recipientId: string, tab: { channel?: string } = {}) =>
    stack.api.notifications.page(recipientId, tab).then((p) => p.data.notifications.map((n) => (n.payload as { title: string }).title));
  const itemRow = (page: Parameters<typeof inbox>[0], title: string) => inbox(page).locator('li', { hasText: title });

  it('when "1 hour" is chosen in an item\'s snooze menu, then it leaves at once, the API has it snoozed, and it comes back live when the snooze ends', async () => {
    const r = await recipientWith(2);
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await live(page);
    await waitFor(async () => (await items(page).count()) === 2);
    await itemRow(page, 'Seed 2').locator('[part="snooze-button"]').click();
    await itemRow(page, 'Seed 2').locator('[part="snooze-option"]').first().waitFor();
    await screenshot(page, 'inbox-snooze.png');
    const answered = page.waitForResponse((res) => res.request().method() === 'PATCH' && /\/notifications\/\d+$/.test(res.url()));
    const clicked = Date.now();
    await itemRow(page, 'Seed 2').locator('[data-snooze="hour"]').click();
    await waitFor(async () => (await items(page).count()) === 1);
    const snoozed = (await (await answered).json()) as { data: { id: number; snoozed_until?: string } };
    const answeredAt = Date.now();
    // An hour from the click: between an hour after the test clicked and an hour after the answer (the time is kept to the second).
    const until = Date.parse(snoozed.data.snoozed_until!);
    expect(until).toBeGreaterThanOrEqual(clicked - 1_000 + 3_600_000);
    expect(until).toBeLessThanOrEqual(answeredAt + 3_600_000);
    expect(await titles(r.id)).toEqual(['Seed 1']);
    await expectText(() => badge(page).textContent(), '1');
    // The API moves the snooze's end a few seconds ahead: the item comes back, live, in the open panel.
    await stack.api.notifications.snooze(r.id, snoozed.data.id, new Date(Date.now() + 3_000));
    await items(page).filter({ hasText: 'Seed 2' }).waitFor();
    expect(await items(page).first().textContent()).toContain('Seed 2');
    await expectText(() => badge(page).textContent(), '2');
    expect(await titles(r.id)).toEqual(['Seed 2', 'Seed 1']);
    await page.close();
  });

  it('when an older item\'s snooze ends, then it comes back on top, live in the open panel and in a panel opened afresh', async () => {
    const r = await recipientWith(2);
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await live(page);
    await waitFor(async () => (await items(page).count()) === 2);
    const older = (await stack.api.notifications.page(r.id)).data.notifications[1];
    expect((older.payload as { title: string }).title).toBe('Seed 1');
    await stack.api.notifications.snooze(r.id, older.id, new Date(Date.now() + 3_000));
    await waitFor(async () => (await items(page).count()) === 1);
    await waitFor(async () => (await items(page).count()) === 2);
    expect(await items(page).first().textContent()).toContain('Seed 1');
    expect(await titles(r.id)).toEqual(['Seed 1', 'Seed 2']);
    const fresh = await openPage(r.id, r.token);
    await openPanel(fresh);
    await waitFor(async () => (await items(fresh).count()) === 2);
    expect(await items(fresh).first().textContent()).toContain('Seed 1');
    await fresh.close();
    await page.close();
  });

  it('when the gateway refuses a snooze, then the item comes back to the list', async () => {
    const r = await recipientWith(1);
    const page = await openPage(r.id, r.token, '', (p) =>
      p.route(/\/notifications\/\d+$/, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'validation_failed', message: 'snoozed_until: refused' } }) })
          : route.continue(),
      ),
    );
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 1);
    const refused = page.waitForResponse((res) => res.request().method() === 'PATCH');
    await itemRow(page, 'Seed 1').locator('[part="snooze-button"]').click();
    await itemRow(page, 'Seed 1').locator('[data-snooze="tomorrow"]').click();
    await refused;
    await items(page).filter({ hasText: 'Seed 1' }).waitFor();
    expect(await titles(r.id)).toEqual(['Seed 1']);
    await page.close();
  });

  it('when tabs All and Mentions are given, then Mentions lists only the mention with count 1, and its "Mark all as read" reads only it', async () => {
    const r = await recipientWith(0);
    await stack.api.notifications.send({ recipient_id: r.id, target: { channel: 'mentions', topic: 'pr-42', event: 'mentioned' }, payload: { title: 'Ada mentioned you' } });
    await stack.api.notifications.send({ recipient_id: r.id, target: { channel: 'builds', topic: 'main', event: 'failed' }, payload: { title: 'Build failed' } });
    await waitFor(async () => (await stack.api.notifications.unreadCount(r.id)).data.unread_count === 2);
    const tabs = JSON.stringify([{ label: 'All', filter: {} }, { label: 'Mentions', filter: { channel: 'mentions' } }]);
    const page = await openPage(r.id, r.token, `tabs='${tabs}'`);
    await openPanel(page);
    const tab = (label: string) => inbox(page).locator('[part="tab"]', { hasText: label });
    await expectText(() => tab('All').locator('[part="tab-count"]').textContent(), '2');
    await expectText(() => tab('Mentions').locator('[part="tab-count"]').textContent(), '1');
    await waitFor(async () => (await items(page).count()) === 2);
    await tab('Mentions').click();
    await waitFor(async () => (await items(page).count()) === 1);
    expect(await items(page).first().textContent()).toContain('Ada mentioned you');
    await screenshot(page, 'inbox-tabs.png');
    await inbox(page).locator('[part="mark-all"]').click();
    await waitFor(async () => (await tab('Mentions').locator('[part="tab-count"]').count()) === 0);
    await expectText(() => tab('All').locator('[part="tab-count"]').textContent(), '1');
    await expectText(() => badge(page).textContent(), '1');
    expect((await stack.api.notifications.page(r.id)).data.notifications.map((n) => [(n.payload as { title: string }).title, n.read])).toEqual([
      ['Build failed', false],
      ['Ada mentioned you', true],
    ]);
    await page.close();
  });
});
