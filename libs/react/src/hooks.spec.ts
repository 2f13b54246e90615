/**
 * @jest-environment jsdom
 */
import { HeraldValidationError } from '@herald/client';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h, type ReactNode } from 'react';
import { HeraldProvider } from './herald-provider.js';
import { fakeHeraldApi, note } from './testing/fake-herald-api.js';
import { useCounts, useNotifications } from './use-notifications.js';
import { usePreferences } from './use-preferences.js';

type Fake = ReturnType<typeof fakeHeraldApi>;
const withHerald = (fake: Fake, ...children: ReactNode[]) => h(HeraldProvider, { baseUrl: 'http://herald.test', recipientId: 'alice', api: fake.api }, ...children);

/** A list as an app would write it with the hooks. */
function Feed({ archived = false }: { archived?: boolean }) {
  const view = useNotifications({ filter: { archived } });
  return h(
    'section',
    { 'aria-label': archived ? 'archived' : 'feed' },
    view.error && h('p', { role: 'alert' }, view.error.message),
    h('ul', null, ...view.items.map((n) => h('li', { key: n.id }, String((n.payload as { title: string }).title), h('button', { onClick: () => void view.archive(n.id) }, `archive ${n.id}`)))),
  );
}
function Badge() {
  const counts = useCounts();
  return h('span', { 'data-testid': 'badge' }, counts ? `${counts.unread}/${counts.unseen}` : '…');
}

describe('@herald/react hooks', () => {
  it('when a payload carries markup, then it is shown as text, not as elements', async () => {
    const fake = fakeHeraldApi({ feed: [note(1, { title: '<img src=x onerror="alert(1)"><b>bold</b>' })] });
    const { container } = render(withHerald(fake, h(Feed)));
    expect(await screen.findByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('when a notification arrives on the stream, then the list and the counts show it, over one stream for every hook', async () => {
    const fake = fakeHeraldApi({ feed: [note(1)] });
    render(withHerald(fake, h(Feed), h(Badge), h(Feed, { archived: true })));
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('1/1'));
    act(() => fake.emit((s) => (s.notification?.(note(2, { title: 'Live one' }), 2), s.unreadCount?.(2))));
    expect(await screen.findByText('Live one')).toBeTruthy();
    expect(fake.calls.subscribe).toBe(1);
    expect(fake.calls.page).toEqual(expect.arrayContaining([expect.objectContaining({ filter: { archived: true, read: undefined } })]));
  });

  it('when the last component using the stream unmounts, then the stream is closed', async () => {
    const fake = fakeHeraldApi({ feed: [note(1)] });
    const { unmount } = render(withHerald(fake, h(Feed), h(Badge)));
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('1/1'));
    expect(fake.streams.size).toBe(1);
    unmount();
    expect(fake.streams.size).toBe(0);
  });

  it('when an archive is refused, then the item leaves at once and comes back with the error', async () => {
    const fake = fakeHeraldApi({ feed: [note(1, { title: 'Keep me' })] });
    fake.failures.update = new HeraldValidationError({ status: 400, code: 'invalid', message: 'refused by the gateway', family: 'message', body: {} });
    render(withHerald(fake, h(Feed)));
    fireEvent.click(await screen.findByText('archive 1'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Keep me')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('refused by the gateway');
  });

  it('when a preference is set, then it is sent and the list is read back', async () => {
    const fake = fakeHeraldApi({ feed: [] });
    function Panel() {
      const prefs = usePreferences();
      return h(
        'div',
        null,
        h('p', { 'data-testid': 'prefs' }, prefs.preferences.map((p) => `${p.target.channel}:${p.target.medium}:${p.state.enabled}`).join(',')),
        h('button', { onClick: () => void prefs.set({ target: { channel: 'billing', topic: 'invoices', event: 'paid' }, medium: 'email', state: { enabled: false } }) }, 'mute billing email'),
      );
    }
    render(withHerald(fake, h(Panel)));
    fireEvent.click(await screen.findByText('mute billing email'));
    await waitFor(() => expect(screen.getByTestId('prefs').textContent).toBe('billing:email:false'));
    expect(fake.calls.preferencesSet).toEqual([{ target: { channel: 'billing', topic: 'invoices', event: 'paid' }, medium: 'email', state: { enabled: false } }]);
  });

  it('when a hook is used outside a provider, then it says so', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(h(Badge))).toThrow('wrap the component in <HeraldProvider>');
  });
});
