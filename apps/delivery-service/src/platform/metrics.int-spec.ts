import { randomBytes } from 'node:crypto';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const settings = (monthlyQuota?: bigint) => ({ strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota });

/** One sample's value from a Prometheus text exposition (0 when the series is absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    if (want.every((l) => inside.split(',').includes(l))) return Number(line.slice(line.indexOf('}') + 1).trim());
  }
  return 0;
}

jest.setTimeout(45_000);

describe('delivery service: Prometheus metrics', () => {
  let h: Harness;
  const scrape = async () => (await fetch(h.metricsUrl)).text();
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const settled = (project: bigint, id: bigint) =>
    eventually(`notification ${id} settled`, async () => {
      const n = (await h.client.getNotification({ projectId: project, id })).notification!;
      return n.status !== 'enqueued' && n.email!.status !== 'pending' ? n : undefined;
    }, { timeoutMs: 20_000 });

  it('when sends are delivered, suppressed and refused by quota, then the status and quota counters move by that much', async () => {
    const before = await scrape();
    const project = h.project();
    h.peers.muted.add(`${project}|muted|in_app`);
    const s = settings(1n);
    const a = await h.client.send({ projectId: project, settings: s, recipientId: 'first', target, payloadJson: '{}' });
    await settled(project, a.notification!.id);
    const b = await h.client.send({ projectId: project, settings: s, recipientId: 'second', target, payloadJson: '{}' });
    const c = await h.client.send({ projectId: project, settings: s, recipientId: 'muted', target, payloadJson: '{}' });
    expect((await settled(project, b.notification!.id)).status).toBe('quota_exceeded');
    expect((await settled(project, c.notification!.id)).status).toBe('suppressed');
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved('herald_notifications_total', { status: 'delivered' })).toBe(1);
    expect(moved('herald_notifications_total', { status: 'quota_exceeded' })).toBe(1);
    expect(moved('herald_notifications_total', { status: 'suppressed' })).toBe(1);
    expect(moved('herald_quota_refusals_total', { medium: 'in_app' })).toBe(1);
  });

  it('when the SMTP sink refuses an email once, then one retried and one sent attempt are counted', async () => {
    const before = await scrape();
    const project = h.project();
    const address = `m-${randomBytes(4).toString('hex')}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|mia`, address);
    await fetch(`${process.env.MAIL_API_URL}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reject_next: 1 }) });
    const r = await h.client.send({ projectId: project, settings: settings(), recipientId: 'mia', target, email: { subject: 'counted', html: '<p>x</p>' } });
    expect((await settled(project, r.notification!.id)).email).toMatchObject({ status: 'sent', attempts: 2 });
    const after = await scrape();
    const moved = (labels: Record<string, string>) => sample(after, 'herald_emails_total', labels) - sample(before, 'herald_emails_total', labels);
    expect(moved({ outcome: 'retried' })).toBe(1);
    expect(moved({ outcome: 'sent' })).toBe(1);
    expect(moved({ outcome: 'failed' })).toBe(0);
    expect(sample(after, 'herald_jetstream_redeliveries_total', { consumer: 'delivery-emails' })).toBeGreaterThanOrEqual(1);
  });

  it('when scraped, then every durable consumer reports its pending, ack-pending and redelivered gauges', async () => {
    const text = await scrape();
    for (const consumer of ['delivery-sends', 'delivery-broadcasts', 'delivery-chunks', 'delivery-emails']) {
      for (const name of ['herald_jetstream_consumer_pending', 'herald_jetstream_consumer_ack_pending', 'herald_jetstream_consumer_redelivered']) {
        expect(text).toMatch(new RegExp(`^${name}\\{[^}]*consumer="${consumer}"[^}]*\\} \\d+`, 'm'));
      }
    }
  });
});
