import { timestampDate } from '@bufbuild/protobuf/wkt';
import { errorOf, eventually } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { createMovableClock } from '../testing/movable-clock';

const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };

jest.setTimeout(120_000);

/** GetTimeline against the real store and broker: the escalation timer's steps and the digest's. */
describe('delivery service: a notification timeline', () => {
  let h: Harness;
  const clock = createMovableClock();
  beforeAll(async () => {
    h = await startHarness({ TIMER_POLL_MS: '100' }, { clock });
  });
  afterAll(async () => {
    await h?.close();
  });

  const timeline = (projectId: bigint, id: bigint) => h.client.getTimeline({ projectId, id }).then((r) => r.steps);
  const get = (projectId: bigint, id: bigint) => h.client.getNotification({ projectId, id }).then((r) => r.notification!);

  it('when an email waits an hour for the in-app to be read, then its escalation is scheduled at the due time, then fired, and the email sent after it', async () => {
    const project = h.project();
    const target = { channel: 'billing', topic: 'invoices', event: 'due' };
    h.peers.catalog.add(`${project}|billing|invoices|due|email`);
    h.peers.emails.set(`${project}|ann`, `ann-${project}@test.local`);
    const r = await h.client.send({ projectId: project, settings, recipientId: 'ann', target, payloadJson: '{}', email: { subject: 'pay', html: '<p>pay</p>', delaySeconds: 3600, unless: 'read' } });
    const id = r.notification!.id;
    await eventually('in-app delivered', async () => ((await get(project, id)).status === 'delivered' ? true : undefined), { timeoutMs: 30_000 });
    const created = timestampDate((await get(project, id)).createdAt!).getTime();

    const seenDelivered = clock.now(); // the in-app delivery, and so the escalation's schedule, came before this
    const waiting = await timeline(project, id);
    expect(waiting.map((s) => [s.kind, s.medium, s.status])).toEqual([
      ['accepted', '', 'delivered'],
      ['decided', 'in_app', expect.any(String)],
      ['decided', 'email', expect.any(String)],
      ['outbound', 'email', 'pending'],
      ['escalation', 'email', 'scheduled'],
    ]);
    // Due an hour after the in-app delivery was written: after the notification's creation, before the test saw it delivered.
    const due = timestampDate(waiting[4].at!).getTime();
    expect(due - created).toBeGreaterThanOrEqual(3600_000);
    expect(due - seenDelivered).toBeLessThanOrEqual(3600_000);

    clock.advance(3600_000);
    const fired = await eventually('the email sent', async () => {
      const steps = await timeline(project, id);
      return steps.some((s) => s.kind === 'outbound' && s.status === 'sent') ? steps : undefined;
    }, { timeoutMs: 60_000 });
    expect(fired.filter((s) => s.kind === 'escalation').map((s) => s.status)).toEqual(['fired']);
    const at = (kind: string) => timestampDate(fired.find((s) => s.kind === kind)!.at!).getTime();
    expect(at('outbound')).toBeGreaterThanOrEqual(at('escalation'));
  });

  it('when the email joins a digest, then its digest step names the digest and when it was sent', async () => {
    const project = h.project();
    const target = { channel: 'social', topic: 'post-1', event: 'comment' };
    h.peers.entries.set(`${project}|social|any|comment|email`, { id: 501n, digest: { windowSeconds: 600, maxItems: 1, subject: '{count} new comments' } });
    h.peers.emails.set(`${project}|bo`, `bo-${project}@test.local`);
    const r = await h.client.send({ projectId: project, settings, recipientId: 'bo', target, payloadJson: '{}', email: { subject: 'comment', html: '<p>comment</p>' } });
    const id = r.notification!.id;
    const steps = await eventually('the digest sent', async () => {
      const s = await timeline(project, id);
      return s.some((x) => x.kind === 'digest' && x.status === 'sent') ? s : undefined;
    }, { timeoutMs: 60_000 });
    const digestId = (await get(project, id)).email!.digestId;
    expect(digestId).toBeDefined();
    expect(steps.find((s) => s.kind === 'digest')).toMatchObject({ medium: 'email', digestId });
    expect(steps.find((s) => s.kind === 'outbound')).toMatchObject({ medium: 'email', status: 'sent', digestId });
  });

  it('when another project asks for the notification, then not found', async () => {
    const project = h.project();
    const r = await h.client.send({ projectId: project, settings, recipientId: 'cy', payloadJson: '{}' });
    const id = r.notification!.id;
    await eventually('written', async () => ((await get(project, id)).status === 'delivered' ? true : undefined), { timeoutMs: 30_000 });
    expect(await errorOf(h.client.getTimeline({ projectId: project + 1n, id }))).toMatchObject({ code: 'notification_not_found' });
  });
});
