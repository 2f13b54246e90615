import { randomBytes } from 'node:crypto';
import { Code } from '@connectrpc/connect';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { errorOf, eventually } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { startReceiver, type Receiver } from '../testing/webhook-receiver';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };
const uid = () => randomBytes(4).toString('hex');

jest.setTimeout(60_000);

describe('delivery service: the overview\'s counters (GetStats)', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    // One attempt per webhook delivery (no retry), its count written within 100 ms.
    h = await startHarness({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_SCHEDULE_MS: '0', STATS_FLUSH_EVERY_MS: '100' });
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await h.close();
  });

  /** The project's counts over the last hour, summed over its minutes, as `medium.outcome` → count. */
  async function totals(projectId: bigint): Promise<Record<string, number>> {
    const res = await h.client.getStats({ projectId, interval: 'minute', from: timestampFromDate(new Date(Date.now() - 3_600_000)), to: timestampFromDate(new Date(Date.now() + 60_000)) });
    const sum: Record<string, number> = {};
    for (const i of res.intervals) for (const c of i.counts) sum[`${c.medium}.${c.outcome}`] = (sum[`${c.medium}.${c.outcome}`] ?? 0) + Number(c.count);
    return sum;
  }

  it('when sends are delivered, suppressed, mailed and refused, then each interval counts them by medium and outcome', async () => {
    const project = h.project();
    const refused = `gone-${uid()}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|ann`, `ann-${uid()}@test.local`);
    h.peers.emails.set(`${project}|gus`, refused);
    const control = (refuse: object) => fetch(`${process.env.MAIL_API_URL}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refuse }) });
    await control({ address: refused, code: 550, message: '5.1.1 no such user' });
    try {
      for (const recipientId of ['ann', 'bob']) await h.client.send({ projectId: project, settings, recipientId, target, payloadJson: '{}' });
      h.peers.muted.add(`${project}|cy|in_app`);
      await h.client.send({ projectId: project, settings, recipientId: 'cy', target, payloadJson: '{}' });
      const email = { subject: 's', html: '<p>h</p>' };
      for (const recipientId of ['ann', 'gus']) await h.client.send({ projectId: project, settings, recipientId, target, email });
      const expected = { 'in_app.delivered': 2, 'in_app.suppressed': 1, 'email.delivered': 1, 'email.failed': 1, 'email.bounced': 1 };
      await eventually('every send counted', async () => {
        const t = await totals(project);
        return Object.entries(expected).every(([k, n]) => t[k] === n) ? t : undefined;
      }, { timeoutMs: 30_000 });
      expect(await totals(project)).toEqual(expected);
    } finally {
      await control({ address: refused, code: 0 });
    }
  });

  it('when a webhook endpoint accepts an event and another refuses it, then one attempt counts as delivered and one as failed', async () => {
    const project = h.project();
    for (const status of [204, 500]) {
      const rx = await startReceiver(() => ({ status }));
      receivers.push(rx);
      await h.webhooks.createWebhook({ projectId: project, url: rx.url, eventTypes: ['notification.delivered'] });
    }
    await h.client.send({ projectId: project, settings, recipientId: 'dee', target, payloadJson: '{}' });
    const expected = { 'in_app.delivered': 1, 'webhook.delivered': 1, 'webhook.failed': 1 };
    await eventually('both attempts counted', async () => {
      const t = await totals(project);
      return Object.entries(expected).every(([k, n]) => t[k] === n) ? t : undefined;
    }, { timeoutMs: 30_000 });
    expect(await totals(project)).toEqual(expected);
  });

  it('when a range by minute lists its intervals, then every minute is present, oldest first, and another project counts nothing', async () => {
    const from = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000);
    const res = await h.client.getStats({ projectId: h.project(), interval: 'minute', from: timestampFromDate(from), to: timestampFromDate(new Date(from.getTime() + 10 * 60_000)) });
    expect(res.intervals.map((i) => Number(i.start!.seconds) * 1000)).toEqual(Array.from({ length: 10 }, (_, n) => from.getTime() + n * 60_000));
    expect(res.intervals.every((i) => i.counts.length === 0)).toBe(true);
    expect(res.dueTimers).toBe(0n);
  });

  it.each([
    ['an unknown interval', { interval: 'week' }, 'interval'],
    ['more than a day by minute', { interval: 'minute', from: timestampFromDate(new Date(Date.now() - 2 * 86_400_000)) }, 'from'],
  ])('when the request has %s, then InvalidArgument naming the field', async (_label, q, field) => {
    const err = await errorOf(h.client.getStats({ projectId: h.project(), ...q }));
    expect(err.connectCode).toBe(Code.InvalidArgument);
    expect(err.violations).toEqual([expect.objectContaining({ property_path: field })]);
  });
});
