import { expectText, gatewayHas, useInboxBrowser, waitFor } from './testing/inbox-browser';

jest.setTimeout(90_000);

describe('<herald-inbox> archived view and selection, in Chromium', () => {
  const { stack, recipientWith, openPage, openTab, inbox, badge, items, screenshot, openPanel } = useInboxBrowser();
  const titles = (archived: boolean, recipientId: string) =>
    stack.api.notifications.page(recipientId, archived ? { archived: 'true' } : {}).then((p) => p.data.notifications.map((n) => (n.payload as { title: string }).title));

  it('when the Archived view is chosen, then it lists the archived items; Unarchive brings one back to the feed, in the other tab too', async () => {
    const r = await recipientWith(3);
    const seeds = (await stack.api.notifications.page(r.id)).data.notifications;
    for (const n of seeds.filter((x) => (x.payload as { title: string }).title !== 'Seed 3')) await stack.api.notifications.archive(r.id, n.id);
    const page = await openPage(r.id, r.token);
    const other = await openTab(page, r.id, r.token);
    await openPanel(page);
    await openPanel(other);
    await waitFor(async () => (await items(page).count()) === 1);
    await inbox(page).locator('[part="view-archived"]').click();
    await waitFor(async () => (await items(page).count()) === 2);
    expect(await inbox(page).locator('[part="view-archived"]').getAttribute('aria-pressed')).toBe('true');
    expect(await items(page).first().textContent()).toContain('Seed 2');
    await screenshot(page, 'inbox-archived.png');
    await inbox(page).locator('li', { hasText: 'Seed 2' }).locator('[part="archive"]', { hasText: 'Unarchive' }).click();
    await waitFor(async () => (await items(page).count()) === 1);
    await gatewayHas(async () => expect(await titles(true, r.id)).toEqual(['Seed 1']));
    await other.locator('herald-inbox').locator('.item', { hasText: 'Seed 2' }).waitFor();
    await inbox(page).locator('[part="view-inbox"]').click();
    await waitFor(async () => (await items(page).count()) === 2);
    await page.context().close();
  });

  it('when several items are selected, then "Mark as read" reads them all in one request and "Archive" archives them', async () => {
    const r = await recipientWith(4);
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 4);
    const bulkRequests: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && req.url().endsWith(`/recipients/${r.id}/notifications`)) bulkRequests.push(req.postData() ?? '');
    });
    await inbox(page).getByLabel('Select: Seed 1').check();
    await inbox(page).getByLabel('Select: Seed 3').check();
    await expectText(() => inbox(page).locator('.bulk-count').textContent(), '2 selected');
    await screenshot(page, 'inbox-selection.png');
    await inbox(page).locator('[part="bulk-read"]').click();
    await expectText(() => badge(page).textContent(), '2');
    expect(bulkRequests).toHaveLength(1);
    expect(await inbox(page).locator('.item.unread').allTextContents()).toEqual([expect.stringContaining('Seed 4'), expect.stringContaining('Seed 2')]);
    expect(await inbox(page).locator('[part="bulk"]').isHidden()).toBe(true);
    await inbox(page).getByLabel('Select: Seed 4').check();
    await inbox(page).getByLabel('Select: Seed 1').check();
    await inbox(page).locator('[part="bulk-archive"]').click();
    await waitFor(async () => (await items(page).count()) === 2);
    await gatewayHas(async () => expect(await titles(true, r.id)).toEqual(['Seed 4', 'Seed 1']));
    await expectText(() => badge(page).textContent(), '1');
    await page.close();
  });

  it('when the gateway refuses an archive, then the item leaves at once and comes back with the badge once the refusal arrives', async () => {
    const r = await recipientWith(2);
    let refuse!: () => void;
    const held = new Promise<void>((resolve) => (refuse = resolve));
    const page = await openPage(r.id, r.token, '', (p) =>
      p.route(/\/notifications\/\d+$/, async (route) => {
        if (route.request().method() !== 'PATCH') return route.continue();
        await held;
        return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'validation_failed', message: 'archived: refused' } }) });
      }),
    );
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 2);
    await expectText(() => badge(page).textContent(), '2');
    await inbox(page).locator('li', { hasText: 'Seed 2' }).locator('[part="archive"]').click();
    await waitFor(async () => (await items(page).count()) === 1);
    await expectText(() => badge(page).textContent(), '1');
    refuse();
    await items(page).filter({ hasText: 'Seed 2' }).waitFor();
    await expectText(() => badge(page).textContent(), '2');
    expect(await items(page).allTextContents()).toEqual([expect.stringContaining('Seed 2'), expect.stringContaining('Seed 1')]);
    expect(await inbox(page).locator('[part="status"]').isHidden()).toBe(true);
    expect(await titles(true, r.id)).toEqual([]);
    await page.close();
  });
});
