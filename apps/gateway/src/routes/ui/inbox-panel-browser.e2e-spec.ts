import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expectText, useInboxBrowser, waitFor } from './testing/inbox-browser';

jest.setTimeout(90_000);

describe('<herald-inbox> toasts, tabs, browser tabs in step and accessibility, in Chromium', () => {
  const { stack, recipientWith, openPage, openTab, inbox, badge, items, screenshot, openPanel, live } = useInboxBrowser();

  /** No serious or critical accessibility findings on the page as it is (the open panel included). */
  const accessible = async (page: Page, state: string) => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect({ state, grave }).toEqual({ state, grave: [] });
  };

  it('when toasts are on and a notification arrives with the panel closed, then a toast shows it, leaves by itself, and a click opens the panel', async () => {
    const r = await recipientWith(0);
    const page = await openPage(r.id, r.token, 'toasts="3"');
    await live(page);
    await stack.api.notifications.send({ recipient_id: r.id, payload: { title: 'Build <b>failed</b>' } });
    const toast = inbox(page).locator('[part="toast"]');
    await toast.waitFor();
    expect(await toast.textContent()).toBe('Build <b>failed</b>');
    await screenshot(page, 'inbox-toast.png');
    await waitFor(async () => (await toast.count()) === 0);
    await stack.api.notifications.send({ recipient_id: r.id, payload: { title: 'Deploy done' } });
    await toast.filter({ hasText: 'Deploy done' }).click();
    await inbox(page).locator('[part="panel"]').waitFor({ state: 'visible' });
    await stack.api.notifications.send({ recipient_id: r.id, payload: { title: 'While open' } });
    await items(page).filter({ hasText: 'While open' }).waitFor();
    expect(await toast.count()).toBe(0);
    await page.close();
  });

  it('when the attribute is absent, then no toast is shown', async () => {
    const r = await recipientWith(0);
    const page = await openPage(r.id, r.token);
    await live(page);
    await stack.api.notifications.send({ recipient_id: r.id, payload: { title: 'Quiet' } });
    await expectText(() => badge(page).textContent(), '1');
    expect(await inbox(page).locator('[part="toast"]').count()).toBe(0);
    await page.close();
  });

  it('when one tab reads, archives or marks all read, then the other tab of the recipient follows', async () => {
    const r = await recipientWith(3);
    const page = await openPage(r.id, r.token);
    const other = await openTab(page, r.id, r.token);
    await openPanel(page);
    await openPanel(other);
    await waitFor(async () => (await items(other).count()) === 3);
    await items(page).filter({ hasText: 'Seed 2' }).click();
    await expectText(() => badge(other).textContent(), '2');
    await waitFor(async () => (await inbox(other).locator('.item.unread', { hasText: 'Seed 2' }).count()) === 0);
    await inbox(page).locator('li', { hasText: 'Seed 3' }).locator('[part="archive"]').click();
    await waitFor(async () => (await items(other).count()) === 2);
    await inbox(page).locator('[part="mark-all"]').click();
    await waitFor(async () => await badge(other).isHidden());
    expect(await inbox(other).locator('.item.unread').count()).toBe(0);
    await page.context().close();
  });

  // That a tab shows only its notifications, with its own count: inbox-snooze-browser.e2e-spec.ts.
  it('when tabs are given, then each is shown with its count and asks the feed and the counts with its filter', async () => {
    const r = await recipientWith(2);
    const tabs = JSON.stringify([{ label: 'All', filter: {} }, { label: 'Mentions', filter: { channel: 'mentions' } }]);
    const asked: string[] = [];
    const page = await openPage(r.id, r.token, `tabs='${tabs}'`, async (p) => p.on('request', (req) => asked.push(req.url())));
    await openPanel(page);
    const tab = (label: string) => inbox(page).locator('[part="tab"]', { hasText: label });
    await expectText(() => tab('All').locator('[part="tab-count"]').textContent(), '2');
    expect(await tab('All').getAttribute('aria-pressed')).toBe('true');
    expect(asked.some((url) => url.includes('/notifications/counts?channel=mentions'))).toBe(true);
    await tab('Mentions').click();
    expect(await tab('Mentions').getAttribute('aria-pressed')).toBe('true');
    await waitFor(async () => asked.some((url) => /\/notifications\?[^#]*channel=mentions/.test(url)));
    await page.close();
  });

  it('when the panel is open (feed with actions, a snooze menu, selection, archived view, settings), then axe finds nothing serious or critical', async () => {
    const r = await recipientWith(2);
    await stack.api.notifications.send({ recipient_id: r.id, payload: { title: 'Expense report', actions: [{ id: 'approve', label: 'Approve', style: 'primary' }] } });
    const page = await openPage(r.id, r.token, 'toasts');
    await openPanel(page);
    await waitFor(async () => (await items(page).count()) === 3);
    await accessible(page, 'feed');
    const seed1 = inbox(page).locator('li', { hasText: 'Seed 1' });
    await seed1.locator('[part="snooze-button"]').click();
    await seed1.locator('[part="snooze-option"]').first().waitFor();
    await accessible(page, 'snooze menu');
    await inbox(page).getByLabel('Select: Seed 1').check();
    await accessible(page, 'selection');
    await inbox(page).locator('[part="view-archived"]').click();
    await accessible(page, 'archived view');
    await inbox(page).locator('[part="settings"]').click();
    await inbox(page).locator('[part="preferences-status"]').waitFor();
    await accessible(page, 'settings');
    const dark = await openPage(r.id, r.token, 'theme="dark" locale="ar"');
    await openPanel(dark);
    await waitFor(async () => (await items(dark).count()) === 3);
    await accessible(dark, 'dark, right to left');
    await dark.close();
    await page.close();
  });
});
