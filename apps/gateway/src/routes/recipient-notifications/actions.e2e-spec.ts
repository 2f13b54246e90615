import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@herald/testing';
import { verifyWebhook } from '@herald/webhook-signature';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

interface Event {
  type: string;
  data: { id: number; recipient_id: string; action_taken?: string | null };
}

/** A local webhook endpoint that keeps every verified event. */
async function receiver(secret: () => string) {
  const events: Event[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      events.push(verifyWebhook(secret(), req.headers as Record<string, string>, Buffer.concat(chunks).toString('utf8')) as Event);
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

const actions = [
  { id: 'approve', label: 'Approve', style: 'primary' },
  { id: 'details', label: 'Details', url: 'https://app.example.com/requests/7' },
];

describe('actions in a notification through the gateway', () => {
  let p: TestProject;
  let secret = '';
  let rx: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    p = await createProject('actions');
    rx = await receiver(() => secret);
    const hook = await call('POST', '/webhooks', { key: p.fullKey, body: { url: rx.url, event_types: ['notification.action', 'notification.delivered'] } });
    expect(hook.status).toBe(201);
    secret = hook.body.data.secret;
  });
  afterAll(async () => {
    await rx?.close();
  });
  const send = (body: object) => call('POST', '/notifications/send', { key: p.fullKey, body });
  async function delivered(rid: string, payload: object): Promise<number> {
    const res = await send({ recipient_id: rid, payload });
    expect(res.status).toBe(201);
    const id = res.body.data.notification.id as number;
    await eventually('delivered', () => rx.of('notification.delivered', id).length === 1);
    return id;
  }

  it('when the recipient takes an action twice, then it is recorded once and one notification.action webhook names the recipient and the action', async () => {
    const rid = uniqueId('act');
    const id = await delivered(rid, { title: 'Approve request 7?', actions });
    const take = () => call('POST', `/recipients/${rid}/notifications/${id}/actions/approve`, { key: p.recipientKey });
    const first = await take();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id, action_taken: 'approve', payload: { actions } });
    expect((await take()).body.data.action_taken).toBe('approve');
    await eventually('the action webhook', () => rx.of('notification.action', id).length >= 1);
    // a later send's event arrives after any second action event would have
    await delivered(uniqueId('marker'), { marker: true });
    expect(rx.of('notification.action', id)).toEqual([expect.objectContaining({ data: expect.objectContaining({ recipient_id: rid, action_taken: 'approve' }) })]);
  });

  it('when the action id is not one of the notification\'s, then 404 action_not_found and nothing is recorded', async () => {
    const rid = uniqueId('act404');
    const id = await delivered(rid, { title: 't', actions });
    const res = await call('POST', `/recipients/${rid}/notifications/${id}/actions/reject`, { key: p.recipientKey });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Action not found' });
    expect((await call('GET', `/notifications/${id}`, { key: p.fullKey })).body.data.action_taken).toBeNull();
  });

  it.each([
    ['four actions', [...actions, { id: 'c', label: 'C' }, { id: 'd', label: 'D' }]],
    ['a javascript url', [{ id: 'x', label: 'X', url: 'javascript:alert(1)' }]],
    ['an ftp url', [{ id: 'x', label: 'X', url: 'ftp://example.com/file' }]],
    ['an action without a label', [{ id: 'x' }]],
  ])('when a send carries %s, then 400 at send', async (_name, bad) => {
    const res = await send({ recipient_id: uniqueId('bad'), payload: { title: 't', actions: bad } });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });
});
