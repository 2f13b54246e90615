import { HeraldClient } from '@herald/client';
import { eventually } from '@herald/testing';
import { useInboxBrowser, waitFor } from './testing/inbox-browser';

jest.setTimeout(90_000);

describe('<herald-inbox> preference panel, in Chromium', () => {
  const { stack, recipientWith, openPage, inbox, screenshot, openPanel } = useInboxBrowser();
  const invoices = { channel: 'billing', topic: 'none', event: 'invoice.paid' };
  const signIn = { channel: 'security', topic: 'none', event: 'login.new' };

  beforeAll(async () => {
    await stack.api.catalog.create({ ...invoices, medium: 'in_app', name: 'Invoices', default_enabled: true, mandatory: false });
    await stack.api.catalog.create({ ...invoices, medium: 'email', name: 'Invoices', default_enabled: false, mandatory: false });
    await stack.api.catalog.create({ ...signIn, medium: 'in_app', name: 'New sign-in', default_enabled: true, mandatory: true });
  });

  /** The in-app decision of a send to `recipientId`, once the delivery service has made it. */
  const inAppDecision = async (recipientId: string, target: typeof invoices) => {
    const sent = await stack.api.notifications.send({ recipient_id: recipientId, target, payload: { title: 'After the change' } });
    return eventually('in-app decision', async () => {
      const decision = (await stack.api.notifications.get(sent.data.notification!.id)).data.decision?.in_app;
      return decision && decision.result !== 'pending' ? decision : null;
    });
  };

  it('when a medium is turned off in the panel, then the next send is suppressed by the recipient rule; a mandatory entry is locked', async () => {
    const r = await recipientWith(0);
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await inbox(page).locator('[part="settings"]').click();
    const toggle = (name: string, medium: string) => inbox(page).locator('[part="preference"]', { hasText: name }).locator(`[data-medium="${medium}"]`);
    await toggle('Invoices', 'in_app').waitFor();
    expect(await toggle('Invoices', 'in_app').isChecked()).toBe(true);
    expect(await toggle('Invoices', 'email').isChecked()).toBe(false);
    expect(await toggle('New sign-in', 'in_app').isDisabled()).toBe(true);
    expect(await inbox(page).locator('[part="preference"]', { hasText: 'New sign-in' }).locator('[part="preference-locked"]').textContent()).toBe('Required');
    await toggle('Invoices', 'in_app').uncheck();
    await inbox(page).locator('[part="preferences-status"]', { hasText: 'Saved' }).waitFor();
    await screenshot(page, 'inbox-preferences.png');
    expect(await inAppDecision(r.id, invoices)).toMatchObject({ result: 'suppressed', because: 'recipient_rule', rule: { medium: 'in_app', enabled: false, set_via: 'recipient_token' } });
    // The lock is the API's too: the recipient's own token cannot turn the mandatory entry off.
    const own = new HeraldClient({ baseUrl: process.env.HERALD_BASE_URL!, apiKey: r.token });
    await expect(own.preferences.set(r.id, { target: signIn, medium: 'in_app', state: { enabled: false } })).rejects.toMatchObject({ status: 400, code: 'preference_mandatory' });
    expect(await inAppDecision(r.id, signIn)).toMatchObject({ result: 'delivered', because: 'mandatory_entry' });
    await page.close();
  });

  it('when the recipient is on a self-service list, then the panel offers to leave it and follow it again', async () => {
    const r = await recipientWith(0);
    const key = `watchers-${r.id}`;
    await stack.api.lists.create({ key, name: 'Release watchers', self_service: true });
    await stack.api.lists.subscribe(key, [r.id]);
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await inbox(page).locator('[part="settings"]').click();
    const button = inbox(page).locator(`[data-list="${key}"]`);
    await button.click();
    await waitFor(async () => (await button.textContent()) === 'Follow');
    expect((await stack.api.lists.ofRecipient(r.id)).data.lists).toEqual([]);
    await button.click();
    await waitFor(async () => (await button.textContent()) === 'Leave');
    expect((await stack.api.lists.ofRecipient(r.id)).data.lists.map((l) => l.key)).toEqual([key]);
    await page.close();
  });

  it('when a self-service list the recipient never joined is followed in the panel, then a send to the list reaches them', async () => {
    const r = await recipientWith(0);
    const key = `news-${r.id}`;
    await stack.api.lists.create({ key, name: 'Product news', self_service: true });
    const page = await openPage(r.id, r.token);
    await openPanel(page);
    await inbox(page).locator('[part="settings"]').click();
    const button = inbox(page).locator(`[data-list="${key}"]`);
    await waitFor(async () => (await button.textContent()) === 'Follow');
    await button.click();
    await waitFor(async () => (await button.textContent()) === 'Leave');
    expect((await stack.api.lists.ofRecipient(r.id)).data.lists.map((l) => l.key)).toEqual([key]);
    await stack.api.notifications.send({ list: key, target: invoices, payload: { title: 'News for followers' } });
    await waitFor(async () => (await stack.api.notifications.unreadCount(r.id)).data.unread_count === 1);
    await page.close();
  });
});
