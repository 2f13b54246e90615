import { eventually } from '@herald/testing';
import { startProcessStack, type ProcessStack } from '../testing/process-stack';

const RECIPIENTS = 10_000;
const BATCH = 1_000;
const target = { channel: 'news', topic: 'weekly', event: 'digest' };

jest.setTimeout(240_000);

describe('fault: the delivery process is SIGKILLed in the middle of its work', () => {
  let stack: ProcessStack;
  beforeAll(async () => {
    // A killed worker's jobs come back after the ack wait: short here so the test runs in seconds.
    stack = await startProcessStack({ 'delivery-service': { ACK_WAIT_MS: '2000', OUTBOX_REPUBLISH_AFTER_MS: '2000', OUTBOX_SWEEP_EVERY_MS: '1000' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('when it is restarted, then the broadcast completes with exactly one notification per recipient', async () => {
    const projectId = BigInt(Date.now());
    const ids = Array.from({ length: RECIPIENTS }, (_, i) => `k${String(i).padStart(5, '0')}`);
    for (let i = 0; i < RECIPIENTS; i += BATCH) {
      const items = ids.slice(i, i + BATCH).map((id, batchIndex) => ({ id, batchIndex }));
      const r = await stack.recipients.batchUpsertRecipients({ projectId, items });
      expect(r.created).toHaveLength(BATCH);
    }

    const sent = await stack.delivery().send({ projectId, settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0n }, target, payloadJson: '{"t":"digest"}' });
    const broadcastId = Number(sent.broadcast!.id);
    const db = stack.deliveryDb.db;
    // In the middle: at least one chunk written, the broadcast not complete.
    await eventually('first chunk written', async () => (await db.collection('broadcast_chunks').countDocuments({ broadcast_id: broadcastId })) >= 1, { timeoutMs: 120_000 });
    await stack.kill('delivery-service');
    const atKill = await db.collection('broadcasts').findOne({ _id: broadcastId as never });
    expect(atKill!.status).not.toBe('completed');
    const createdAtKill = await db.collection('notifications').countDocuments({ broadcast_id: broadcastId });
    expect(createdAtKill).toBeLessThan(RECIPIENTS);

    await stack.restart('delivery-service');
    const b = await eventually('broadcast completed after the restart', async () => {
        const r = (await stack.delivery().getBroadcast({ projectId, id: BigInt(broadcastId) })).broadcast!;
        return r.status === 'completed' ? r : undefined;
      }, { timeoutMs: 150_000 }
    );
    expect(b.recipientsTotal).toBe(BigInt(RECIPIENTS));
    expect(b.notificationsCreated).toBe(BigInt(RECIPIENTS));

    const docs = await db
      .collection('notifications')
      .find({ broadcast_id: broadcastId }, { projection: { recipient_id: 1, status: 1 } })
      .toArray();
    expect(docs).toHaveLength(RECIPIENTS);
    const perRecipient = new Map<string, number>();
    for (const d of docs) perRecipient.set(d.recipient_id as string, (perRecipient.get(d.recipient_id as string) ?? 0) + 1);
    expect(perRecipient.size).toBe(RECIPIENTS);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    expect([...perRecipient.keys()].sort()).toEqual(ids);
    expect(docs.filter((d) => d.status !== 'delivered')).toEqual([]);
  });

  it('when it dies while batches of direct sends are half written, then after the restart every notification ends with exactly one outcome and one quota unit', async () => {
    const projectId = BigInt(Date.now() + 1);
    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };
    const db = stack.deliveryDb.db;
    const SENDS = 600;
    const accepted: number[] = [];
    let next = 0;
    let killed: Promise<void> | null = null;
    const lane = async () => {
      while (next < SENDS) {
        const i = next++;
        try {
          const r = await stack.delivery().send({ projectId, settings, recipientId: `d${i % 100}`, target, payloadJson: `{"i":${i}}` }, { timeoutMs: 5_000 });
          accepted.push(Number(r.notification!.id));
        } catch {
          // in flight when the process died: not accepted
        }
        if (!killed && accepted.length >= 200) {
          killed = (async () => {
            await stack.kill('delivery-service');
            await stack.restart('delivery-service');
          })();
        }
        if (killed) await killed;
      }
    };
    await Promise.all(Array.from({ length: 20 }, lane));
    expect(accepted.length).toBeGreaterThan(200);
    const project = Number(projectId);
    // Every accepted send is written, once (a send published just before the kill but not
    // answered may be there too): JetStream held each until its notification was written.
    const docs = await eventually('every accepted send written', async () => {
        const found = await db.collection('notifications').find({ project_id: project }, { projection: { status: 1 } }).toArray();
        const stored = new Set(found.map((d) => d._id as unknown as number));
        return accepted.every((id) => stored.has(id)) ? found : undefined;
      }, { timeoutMs: 120_000 }
    );
    expect(docs.filter((d) => d.status !== 'delivered')).toEqual([]);
    // one unit each, none twice: the units' owners are exactly the notifications
    const units = await db.collection('quota_units').find({ project_id: project }, { projection: { owner: 1 } }).toArray();
    expect(units.map((u) => u.owner).sort()).toEqual(docs.map((d) => `${d._id}:in_app`).sort());
  });
});
