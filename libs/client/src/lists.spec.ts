import { HeraldClient } from './client.js';

describe('HeraldClient lists', () => {
  /** A fake API recording each request and answering from `pages` in order. */
  function fakeApi(pages: unknown[]) {
    const seen: { method: string; url: string; body: unknown }[] = [];
    const fetch = async (url: string, init?: RequestInit) => {
      seen.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(pages.shift()), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    return { seen, client: new HeraldClient({ baseUrl: 'http://herald.test', apiKey: 'nk_full_k', fetch }) };
  }

  it('when subscribers are iterated, then pages are followed by their cursor and ids come in order', async () => {
    const { seen, client } = fakeApi([
      { data: { subscribers: [{ recipient_id: 'a' }, { recipient_id: 'b' }], next_cursor: 'czE6Yg' } },
      { data: { subscribers: [{ recipient_id: 'c' }], next_cursor: null } },
    ]);
    const ids: string[] = [];
    for await (const id of client.lists.subscribers('team:a', { limit: 2 })) ids.push(id);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(seen.map((s) => s.url)).toEqual([
      'http://herald.test/lists/team%3Aa/subscriptions?limit=2',
      'http://herald.test/lists/team%3Aa/subscriptions?limit=2&cursor=czE6Yg',
    ]);
  });

  it('when recipients are subscribed and unsubscribed, then the ids go in the body of PUT and DELETE', async () => {
    const { seen, client } = fakeApi([{ data: { subscribed: 2, already: 0, failed: [] } }, { data: { unsubscribed: 1, already: 0, failed: [] } }]);
    expect((await client.lists.subscribe('team', ['a', 'b'])).data.subscribed).toBe(2);
    await client.lists.unsubscribe('team', ['a']);
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PUT', 'http://herald.test/lists/team/subscriptions', { recipient_ids: ['a', 'b'] }],
      ['DELETE', 'http://herald.test/lists/team/subscriptions', { recipient_ids: ['a'] }],
    ]);
  });

  it('when self-service lists are iterated, then self_service=true is asked, pages are followed and each says subscribed', async () => {
    const list = { name: 'N', description: null, self_service: true, subscriber_count: 1, created_at: '2026-03-02T09:30:00Z', updated_at: '2026-03-02T09:30:00Z' };
    const { seen, client } = fakeApi([
      { data: { lists: [{ ...list, key: 'a', subscribed: false }], next_cursor: 'bDE6YQ' } },
      { data: { lists: [{ ...list, key: 'b', subscribed: true }], next_cursor: null } },
    ]);
    const got: [string, boolean | undefined][] = [];
    for await (const l of client.lists.selfService('me', { limit: 1 })) got.push([l.key, l.subscribed]);
    expect(got).toEqual([['a', false], ['b', true]]);
    expect(seen.map((s) => s.url)).toEqual([
      'http://herald.test/recipients/me/lists?self_service=true&limit=1',
      'http://herald.test/recipients/me/lists?self_service=true&limit=1&cursor=bDE6YQ',
    ]);
  });
});
