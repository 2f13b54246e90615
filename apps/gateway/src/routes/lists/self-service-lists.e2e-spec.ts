import { eventually } from '@herald/testing';
import { call, createProject, type TestProject, uniqueId } from '../../testing/rest-client';

jest.setTimeout(120_000);

/** A recipient finding the self-service lists of the project, following one never joined, and being reached by its sends. */
describe('self-service lists', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('self-service-lists');
  });

  const as = (method: string, path: string, body?: unknown, key = p.fullKey) => call(method, path, { key, body });
  const tokenFor = async (recipientId: string): Promise<string> => {
    expect((await as('POST', '/recipients', { id: recipientId })).status).toBe(201);
    const res = await as('POST', `/recipients/${recipientId}/tokens`, {});
    expect(res.status).toBe(201);
    return res.body.data.token as string;
  };
  const keysAndSubscribed = (body: { data: { lists: { key: string; subscribed: boolean }[] } }) => body.data.lists.map((l) => [l.key, l.subscribed]);

  it('when a recipient lists the self-service lists, then each says whether they are on it, a page at a time, and a followed list reaches them', async () => {
    const me = uniqueId('me');
    const token = await tokenFor(me);
    for (const [key, selfService] of [['a-closed', false], ['b-news', true], ['c-joined', true]] as const) {
      expect((await as('POST', '/lists', { key, name: key, self_service: selfService })).status).toBe(201);
    }
    expect((await as('PUT', `/recipients/${me}/lists/c-joined`, undefined, token)).status).toBe(200);

    const first = await as('GET', `/recipients/${me}/lists?self_service=true&limit=1`, undefined, token);
    expect(first.status).toBe(200);
    expect(keysAndSubscribed(first.body)).toEqual([['b-news', false]]);
    expect(first.body.data.lists[0]).toMatchObject({ name: 'b-news', self_service: true, subscriber_count: 0 });
    const second = await as('GET', `/recipients/${me}/lists?self_service=true&limit=1&cursor=${first.body.data.next_cursor}`, undefined, token);
    expect(keysAndSubscribed(second.body)).toEqual([['c-joined', true]]);
    expect(second.body.data.next_cursor).toBeNull();
    // Without self_service the answer stays the lists the recipient is on, with no cursor.
    expect((await as('GET', `/recipients/${me}/lists`, undefined, token)).body).toEqual({ data: { lists: [expect.objectContaining({ key: 'c-joined' })] } });

    expect((await as('PUT', `/recipients/${me}/lists/b-news`, undefined, token)).status).toBe(200);
    const after = await as('GET', `/recipients/${me}/lists?self_service=true`, undefined, p.recipientKey);
    expect(keysAndSubscribed(after.body)).toEqual([['b-news', true], ['c-joined', true]]);

    const sent = await as('POST', '/notifications/send', { list: 'b-news', target: { channel: 'in_app', topic: 'news', event: 'news.posted' }, payload: { title: 'Followed news' } });
    expect(sent.status).toBe(201);
    await eventually('the list send in the follower feed', async () => {
      const feed = await as('GET', `/recipients/${me}/notifications`, undefined, token);
      return feed.body.data?.notifications.some((n: { payload: { title?: string } }) => n.payload.title === 'Followed news');
    });
  });

  it('when the query is bad or names another recipient, then a 4xx in the error shape', async () => {
    const me = uniqueId('me');
    const token = await tokenFor(me);
    const badCursor = await as('GET', `/recipients/${me}/lists?self_service=true&cursor=junk`, undefined, token);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toMatchObject({ code: 'validation_failed' });
    expect((await as('GET', `/recipients/${me}/lists?self_service=true&limit=0`, undefined, token)).status).toBe(400);
    expect((await as('GET', `/recipients/${me}/lists?limit=5`, undefined, token)).body).toMatchObject({ code: 'validation_failed' });
    expect((await as('GET', `/recipients/${uniqueId('someone')}/lists?self_service=true`, undefined, token)).status).toBe(403);
    expect((await as('GET', `/recipients/${uniqueId('nobody')}/lists?self_service=true`)).body).toMatchObject({ code: 'recipient_not_found' });
  });
});
