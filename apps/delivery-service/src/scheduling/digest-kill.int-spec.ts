import { jetstreamManager } from '@nats-io/jetstream';
import { DELIVERY_STREAM } from '@herald/contracts';
import { connectNats, type NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { startProcessStack, type ProcessStack } from '../testing/process-stack';

const RECIPIENTS = 4;
const PER_RECIPIENT = 6;
const MAX_ITEMS = 3;
const target = { channel: 'social', topic: 'posts', event: 'commented' };

jest.setTimeout(240_000);

/**
 * Exactly once: the delivery process is SIGKILLed while a digest closes (right after its
 * seal, before its mail: FAILPOINT exit_in_digest_close). After the restart, every recipient gets
 * one mail per window and every item is in exactly one digest. Windows close by filling up
 * (max_items 3, six emails per recipient: two windows each) and the windows last an hour: a window
 * filled by a delivery that died before publishing its closing must be closed by the redelivery.
 */
describe('fault: the delivery process dies while a digest window closes', () => {
  let stack: ProcessStack;
  let nc: NatsConnection;
  beforeAll(async () => {
    stack = await startProcessStack({ 'delivery-service': { ACK_WAIT_MS: '2000', FAILPOINT: 'exit_in_digest_close' } });
    nc = await connectNats(stack.natsUrl, 'digest-fault-test');
  });
  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  const drained = async () => (await (await jetstreamManager(nc)).streams.info(DELIVERY_STREAM)).state.messages === 0;

  it('when it is restarted, then each (recipient, window) has one mail and every item is in exactly one digest', async () => {
    const projectId = BigInt(Date.now());
    const tag = `-${projectId}@digest-kill.test`;
    await stack.preferences.createCatalogEntry({
      projectId,
      entry: { target, medium: 'email', name: 'Comments', defaultEnabled: true, mandatory: false, digest: { windowSeconds: 3600, maxItems: MAX_ITEMS, subject: '{count} comments' } },
    });
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => `dk${i}`);
    await stack.recipients.batchUpsertRecipients({ projectId, items: recipients.map((id, batchIndex) => ({ id, batchIndex })) });
    for (const r of recipients) await stack.recipients.addContact({ projectId, recipientId: r, medium: 'email', address: `${r}${tag}`, isPrimary: true });

    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };
    const sends = recipients.flatMap((recipientId) =>
      Array.from({ length: PER_RECIPIENT }, (_, i) =>
        stack.delivery().send({ projectId, settings, recipientId, target, payloadJson: '{}', email: { subject: `c${i}`, html: `<p>${recipientId}-item-${i}</p>` } }, { timeoutMs: 10_000 }),
      ),
    );
    const answers = await Promise.allSettled(sends);
    // The first closing fixed its digest's items (a full window needs no seal), then the process died before its mail.
    await stack.exited('delivery-service');
    const db = stack.deliveryDb.db;
    expect(await db.collection('digests').countDocuments({ project_id: Number(projectId), status: 'open' })).toBeGreaterThanOrEqual(1);
    const mailsAtKill = (await (await fetch(`${stack.mailApiUrl}/messages`)).json()) as { to: string[] }[];
    expect(mailsAtKill.filter((m) => m.to.some((t) => t.endsWith(tag)))).toEqual([]);

    await stack.restart('delivery-service', { ACK_WAIT_MS: '2000' });
    const accepted = answers.flatMap((a) => (a.status === 'fulfilled' ? [Number(a.value.notification!.id)] : []));
    const docs = await eventually('every digest item settled', async () => {
        const found = await db.collection('notifications').find({ project_id: Number(projectId) }).toArray();
        const settled = found.filter((d) => (d.email as { status: string }).status !== 'pending');
        return accepted.every((id) => settled.some((d) => Number(d._id) === id)) && settled.length === found.length && (await drained()) ? found : undefined;
      }, { timeoutMs: 180_000 }
    );
    const ids = docs.map((d) => Number(d._id)).sort((a, b) => a - b);
    for (const d of docs) expect(d.email).toMatchObject({ status: 'sent', digest_id: expect.any(Number) });

    // Every item in exactly one digest, and the digests' lists are exactly the items.
    const digests = await db.collection('digests').find({ project_id: Number(projectId) }).toArray();
    const listed = digests.flatMap((g) => (g.notification_ids as number[]) ?? []);
    expect([...listed].sort((a, b) => a - b)).toEqual(ids);
    for (const d of docs) expect(digests.find((g) => Number(g._id) === (d.email as { digest_id: number }).digest_id)!.notification_ids).toContain(Number(d._id));
    for (const g of digests) expect(g.status).toBe('sent');

    // One mail per digest, to its recipient, under the digest's message id; each recipient's items all mailed once.
    const mails = ((await (await fetch(`${stack.mailApiUrl}/messages`)).json()) as { to: string[]; html: string | null; message_id: string | null }[]).filter((m) =>
      m.to.some((t) => t.endsWith(tag)),
    );
    expect(mails).toHaveLength(digests.length);
    expect(new Set(mails.map((m) => m.message_id)).size).toBe(digests.length);
    for (const r of recipients) {
      const html = mails.filter((m) => m.to.includes(`${r}${tag}`)).map((m) => m.html ?? '').join('\n');
      for (let i = 0; i < PER_RECIPIENT; i++) expect(html.split(`${r}-item-${i}<`).length - 1).toBe(1);
    }
    // One quota unit per digest mail.
    expect(await db.collection('quota_units').countDocuments({ project_id: Number(projectId), owner: /^digest:/ })).toBe(digests.length);
  });
});
