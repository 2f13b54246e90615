import { eventually } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';

const target = { channel: 'builds', topic: 'main', event: 'failed' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };

jest.setTimeout(30_000);

describe('delivery service: the preference decision of a send', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('when one send asks for in-app, email, sms and push, then its preferences are resolved in one ResolveBatch call, each medium read from its own answer', async () => {
    const project = h.project();
    for (const medium of ['email', 'sms', 'web_push']) h.peers.catalog.add(`${project}|${target.channel}|${target.topic}|${target.event}|${medium}`);
    h.peers.muted.add(`${project}|rita|sms`);
    const calls = h.peers.resolveCalls;

    const r = await h.client.send({
      projectId: project,
      settings,
      recipientId: 'rita',
      target,
      payloadJson: '{"title":"build failed"}',
      email: { subject: 'Build failed', html: '<p>main is red</p>' },
      sms: { text: 'main is red' },
      push: { title: 'Build failed', body: 'main is red' },
    });
    const n = await eventually('the send decided', async () => {
      const got = (await h.client.getNotification({ projectId: project, id: r.notification!.id })).notification!;
      return got.status !== 'enqueued' ? got : undefined;
    });

    expect(h.peers.resolveCalls - calls).toBe(1);
    expect(n.status).toBe('delivered');
    expect(n.email).toMatchObject({ status: 'skipped', reason: 'no_primary_contact' });
    expect(n.sms).toMatchObject({ status: 'skipped', reason: 'preference_disabled' });
    expect(n.push).toMatchObject({ status: 'skipped', reason: 'no_primary_contact' });
  });
});
