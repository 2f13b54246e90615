import type { Notification } from '@herald/client';
import { InboxFeed, type FeedView, type Placement } from './inbox-feed';

const note = (id: number, over: Partial<Notification> = {}): Notification =>
  ({ id, recipient_id: 'alice', payload: { title: `N${id}` }, target: { channel: 'mentions', topic: 't', event: 'e' }, read: false, seen: false, archived: false, action_taken: null, ...over }) as Notification;

/** A feed with 5 and 3 loaded, 4 and 3 selected, and a next page (older ids) still on the server. */
function loaded(): InboxFeed {
  const feed = new InboxFeed();
  feed.reset({ notifications: [note(5), note(3)], next_cursor: 'c2' });
  feed.select(5, true);
  feed.select(3, true);
  return feed;
}

describe('inbox feed', () => {
  it.each([
    ['a new notification goes on top', note(9), 'arrived', 'inbox', [9, 5, 3]],
    ['a woken one goes on top', note(1), 'arrived', 'inbox', [1, 5, 3]],
    ['one changed into the view goes before the first older id', note(4), 'changed', 'inbox', [5, 4, 3]],
    ['one older than the loaded pages waits for the next page', note(1), 'changed', 'inbox', [5, 3]],
    ['a refused snooze puts it back even below the loaded pages', note(1), 'restored', 'inbox', [5, 3, 1]],
    ['one read elsewhere is replaced in place', note(3, { read: true }), 'changed', 'inbox', [5, 3]],
    ['one archived elsewhere leaves the feed', note(5, { archived: true }), 'changed', 'inbox', [3]],
    ['one snoozed elsewhere leaves the feed', note(5, { snoozed_until: '2030-01-01T09:00:00.000Z' }), 'changed', 'inbox', [3]],
    ['a new one stays out of the archived view', note(9), 'arrived', 'archived', []],
  ] as const)('when %s, then the list is as the feed has it', (_name, n, how, view, expected) => {
    const feed = loaded();
    if (view === 'archived') feed.reset({ notifications: [], next_cursor: null });
    feed.place(n, how as Placement, view as FeedView, {});
    expect(feed.items.map((i) => i.id)).toEqual(expected);
    if (view === 'inbox') expect(feed.items.find((i) => i.id === n.id)?.read ?? n.read).toBe(n.read);
  });

  it('when an item leaves the view, then it is no longer selected', () => {
    const feed = loaded();
    feed.place(note(5, { archived: true }), 'changed', 'inbox', {});
    expect([...feed.selected]).toEqual([3]);
  });

  it('when a tab is shown, then a notification of another channel stays out', () => {
    const feed = loaded();
    feed.place(note(9, { target: { channel: 'billing', topic: 't', event: 'e' } }), 'arrived', 'inbox', { channel: 'mentions' });
    expect(feed.items.map((i) => i.id)).toEqual([5, 3]);
  });

  it('when the next page comes, then what is listed already is not listed twice and the end is known', () => {
    const feed = loaded();
    feed.append({ notifications: [note(3), note(2)], next_cursor: null });
    expect(feed.items.map((i) => i.id)).toEqual([5, 3, 2]);
    expect(feed.exhausted).toBe(true);
  });

  it('when all is marked read in a tab, then only what the tab shows is read', () => {
    const feed = loaded();
    feed.place(note(9, { target: { channel: 'billing', topic: 't', event: 'e' } }), 'arrived', 'inbox', {});
    feed.markRead({ channel: 'mentions' });
    expect(feed.items.map((i) => [i.id, i.read])).toEqual([[9, false], [5, true], [3, true]]);
  });
});
