import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@herald/testing';
import { verifyWebhook } from '@herald/webhook-signature';
import { baseUrl, call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';
import { openStream, type SseStream } from '../../testing/sse-client';

jest.setTimeout(60_000);

interface WebhookEvent {
  type: string;
  data: { id: number; recipient_id: string; seen?: boolean; archived?: boolean };
}

/** A local webhook endpoint that keeps every verified event. */
async function receiver(secret: () => string) {
  const events: WebhookEvent[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      events.push(verifyWebhook(secret(), req.headers as Record<string, string>, Buffer.concat(chunks).toString('utf8')) as WebhookEvent);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    of: (type: string, id: number) => events.filter((e) => e.type === type && e.data.id === id),
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Seen and archived changes (single, bulk, mark-all) on the live stream and as webhooks. */
describe('seen and archived changes as events', () => {
  let p: TestProject;
  let secret = '';
  let rx: Awaited<ReturnType<typeof receiver>>;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    p = await createProject('state-events');
    rx = await receiver(() => secret);
    const hook = await call('POST', '/webhooks', {
      key: p.fullKey,
      body: { url: rx.url, event_types: ['notification.delivered', 'notification.seen', 'notification.archived', 'notification.unarchived'] },
    });
    expect(hook.status).toBe(201);
    secret = hook.body.data.secret;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await rx?.close();
  });
  const as = (method: string, path: string, body?: unknown) => call(method, path, { key: p.recipientKey, body });

  /** Sends n notifications to the recipient and waits until each was delivered (its webhook came); returns their ids, oldest first. */
  async function deliver(rid: string, n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const sent = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: rid, payload: { title: `n${i}` } } });
      expect(sent.status).toBe(201);
      ids.push(sent.body.data.notification.id);
    }
    await eventually('every notification delivered', () => ids.every((id) => rx.of('notification.delivered', id).length === 1));
    return ids;
  }
  const openFor = async (rid: string) => {
    const s = await openStream(`${baseUrl()}/recipients/${encodeURIComponent(rid)}/notifications/stream`, { authorization: `Bearer ${p.fullKey}` });
    streams.push(s);
    await s.next((e) => e.event === 'unread_count');
    return s;
  };
  const updatedEvent = (id: number, field: 'seen' | 'archived', value: boolean) => (e: { event: string; data: { notification?: { id: number; seen?: boolean; archived?: boolean } } }) =>
    e.event === 'notification.updated' && e.data.notification?.id === id && e.data.notification[field] === value;

  it('when notifications are seen or archived one, several or all at a time, then the stream shows each as notification.updated with the unread and unseen counts', async () => {
    const rid = uniqueId('live-states');
    const ids = await deliver(rid, 4);
    const s = await openFor(rid);
    expect((await as('PATCH', `/recipients/${rid}/notifications/${ids[0]}`, { seen: true })).status).toBe(200);
    expect((await s.next(updatedEvent(ids[0], 'seen', true))).data).toMatchObject({ unread_count: 4, unseen_count: 3 });
    expect((await s.next((e) => e.event === 'unread_count' && e.data.unseen_count === 3)).data).toEqual({ unread_count: 4, unseen_count: 3 });

    expect((await as('PATCH', `/recipients/${rid}/notifications`, { ids: [ids[1], ids[2]], archived: true })).status).toBe(200);
    await s.next(updatedEvent(ids[1], 'archived', true));
    expect((await s.next(updatedEvent(ids[2], 'archived', true))).data).toMatchObject({ unread_count: 2, unseen_count: 1 });

    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_seen`)).body.data).toEqual({ updated: 1 });
    expect((await s.next(updatedEvent(ids[3], 'seen', true))).data).toMatchObject({ unread_count: 2, unseen_count: 0 });

    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_archived`)).body.data).toEqual({ updated: 2 });
    await s.next(updatedEvent(ids[0], 'archived', true));
    await s.next(updatedEvent(ids[3], 'archived', true));
    await s.next((e) => e.event === 'unread_count' && e.data.unread_count === 0 && e.data.unseen_count === 0);
  });

  it('when notifications are seen, archived and unarchived, then one webhook per notification and change says so', async () => {
    const rid = uniqueId('hook-states');
    const ids = await deliver(rid, 4);
    expect((await as('PATCH', `/recipients/${rid}/notifications/${ids[0]}`, { seen: true })).status).toBe(200);
    expect((await as('PATCH', `/recipients/${rid}/notifications/${ids[0]}`, { seen: true })).status).toBe(200);
    expect((await as('PATCH', `/recipients/${rid}/notifications`, { ids: [ids[1], ids[2]], archived: true })).status).toBe(200);
    expect((await as('PATCH', `/recipients/${rid}/notifications/${ids[1]}`, { archived: false })).status).toBe(200);
    expect((await as('POST', `/recipients/${rid}/notifications/mark_all_seen`)).body.data).toEqual({ updated: 1 });
    await eventually('the state webhooks', () =>
      rx.of('notification.seen', ids[0]).length >= 1 && rx.of('notification.archived', ids[2]).length >= 1 && rx.of('notification.unarchived', ids[1]).length >= 1 && rx.of('notification.seen', ids[3]).length >= 1,
    );
    // a later send's delivery webhook arrives after any repeated state webhook would have
    await deliver(uniqueId('marker'), 1);
    expect(rx.of('notification.seen', ids[0])).toEqual([expect.objectContaining({ data: expect.objectContaining({ recipient_id: rid, seen: true }) })]);
    expect(rx.of('notification.archived', ids[1])).toHaveLength(1);
    expect(rx.of('notification.archived', ids[2])).toEqual([expect.objectContaining({ data: expect.objectContaining({ archived: true }) })]);
    expect(rx.of('notification.unarchived', ids[1])).toEqual([expect.objectContaining({ data: expect.objectContaining({ archived: false }) })]);
    // Archiving marks seen too (and unarchiving leaves it seen): mark_all_seen changed the untouched one only.
    expect(rx.of('notification.seen', ids[3])).toHaveLength(1);
    expect(rx.of('notification.seen', ids[1])).toHaveLength(0);
  });
});
