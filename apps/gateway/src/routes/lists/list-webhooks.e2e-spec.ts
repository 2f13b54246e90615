import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@herald/testing';
import { verifyWebhook } from '@herald/webhook-signature';
import { call, createProject, TIMESTAMP, uniqueId, type TestProject } from '../../testing/rest-client';

jest.setTimeout(120_000);

interface ListEvent {
  id: string;
  type: string;
  timestamp: string;
  data: { list: string; recipient_ids: string[] };
}

/** A local endpoint that verifies every request's signature and keeps the events. */
async function receiver(secret: () => string) {
  const events: ListEvent[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = verifyWebhook(secret(), req.headers as Record<string, string>, Buffer.concat(chunks).toString('utf8')) as Omit<ListEvent, 'id'>;
      events.push({ id: String(req.headers['webhook-id']), ...event });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    events,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Webhooks `list.subscribed` / `list.unsubscribed`: one event per change naming the recipients it actually changed. */
describe('list webhooks', () => {
  let p: TestProject;
  let secret = '';
  let rx: Awaited<ReturnType<typeof receiver>>;
  const as = (method: string, path: string, body?: unknown) => call(method, path, { key: p.fullKey, body });
  beforeAll(async () => {
    p = await createProject('list-webhooks');
    rx = await receiver(() => secret);
    const created = await as('POST', '/webhooks', { url: rx.url, event_types: ['list.subscribed', 'list.unsubscribed'] });
    expect(created.status).toBe(201);
    secret = created.body.data.secret;
  });
  afterAll(async () => {
    await rx?.close();
  });
  const received = (type: string) => rx.events.filter((e) => e.type === type);

  it('when recipients are subscribed and unsubscribed, then each change that did something is one event with the changed ids', async () => {
    const key = uniqueId('list');
    expect((await as('POST', '/lists', { key, name: 'Watchers' })).status).toBe(201);

    expect((await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: ['ann', 'bob'] })).body.data.subscribed).toBe(2);
    await eventually('list.subscribed of ann and bob', () => received('list.subscribed').length === 1);
    const [first] = received('list.subscribed');
    expect(first).toMatchObject({ id: expect.stringMatching(/^l:/), timestamp: expect.stringMatching(TIMESTAMP), data: { list: key } });
    expect([...first.data.recipient_ids].sort()).toEqual(['ann', 'bob']);

    expect((await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: ['ann', 'bob'] })).body.data.subscribed).toBe(0); // changes nothing: no event
    expect((await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: ['bob', 'cat'] })).body.data.subscribed).toBe(1);
    expect((await as('DELETE', `/lists/${key}/subscriptions`, { recipient_ids: ['ann', 'never-subscribed'] })).body.data.unsubscribed).toBe(1);
    expect((await as('DELETE', `/lists/${key}/subscriptions`, { recipient_ids: ['ann'] })).body.data.unsubscribed).toBe(0); // no event

    await eventually('list.unsubscribed of ann', () => received('list.unsubscribed').length === 1 && received('list.subscribed').length === 2);
    expect(received('list.subscribed')[1].data).toEqual({ list: key, recipient_ids: ['cat'] });
    expect(received('list.unsubscribed')[0].data).toEqual({ list: key, recipient_ids: ['ann'] });
    // A barrier: a change made after the ones that sent nothing arrives, and nothing else did.
    expect((await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: ['dan'] })).body.data.subscribed).toBe(1);
    await eventually('list.subscribed of dan', () => received('list.subscribed').some((e) => e.data.recipient_ids.includes('dan')));
    expect(received('list.subscribed')).toHaveLength(3);
    expect(received('list.unsubscribed')).toHaveLength(1);
    expect(new Set(rx.events.map((e) => e.id)).size).toBe(4);
  });

  const unsubscribedFrom = (list: string) => received('list.unsubscribed').filter((e) => e.data.list === list);

  it('when a list is deleted, then its subscribers are announced unsubscribed in batches of at most 1,000, each once', async () => {
    const key = uniqueId('list');
    expect((await as('POST', '/lists', { key, name: 'Deleted' })).status).toBe(201);
    const prefix = uniqueId('del');
    const ids = Array.from({ length: 1500 }, (_, i) => `${prefix}-${i}`);
    expect((await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: ids.slice(0, 1000) })).body.data.subscribed).toBe(1000);
    expect((await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: ids.slice(1000) })).body.data.subscribed).toBe(500);
    expect((await as('DELETE', `/lists/${key}`)).status).toBe(200);

    const announced = () => unsubscribedFrom(key).flatMap((e) => e.data.recipient_ids);
    await eventually('list.unsubscribed of every subscriber', () => announced().length >= ids.length);
    expect(unsubscribedFrom(key).length).toBeGreaterThanOrEqual(2);
    expect(unsubscribedFrom(key).every((e) => e.data.recipient_ids.length <= 1000)).toBe(true);
    expect(announced().sort()).toEqual([...ids].sort());
  });

  it('when a recipient is erased, then each of their subscriptions is one list.unsubscribed event', async () => {
    const [a, b] = [uniqueId('list'), uniqueId('list')];
    const erased = uniqueId('erased');
    for (const key of [a, b]) {
      expect((await as('POST', '/lists', { key, name: 'Watchers' })).status).toBe(201);
      expect((await as('PUT', `/lists/${key}/subscriptions`, { recipient_ids: [erased, `${erased}-stays`] })).body.data.subscribed).toBe(2);
    }
    expect((await as('DELETE', `/recipients/${erased}`)).status).toBe(200);

    await eventually('list.unsubscribed of the erased recipient from both lists', () => unsubscribedFrom(a).length === 1 && unsubscribedFrom(b).length === 1);
    expect(unsubscribedFrom(a)[0].data).toEqual({ list: a, recipient_ids: [erased] });
    expect(unsubscribedFrom(b)[0].data).toEqual({ list: b, recipient_ids: [erased] });
    expect((await as('GET', `/lists/${a}`)).body.data.subscriber_count).toBe(1);
  });
});
