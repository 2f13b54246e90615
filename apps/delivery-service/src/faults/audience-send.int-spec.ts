import type { Document } from 'mongodb';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { startProcessStack, type ProcessStack } from '../testing/process-stack';

const IDS = 1_000;
const target = { channel: 'team', topic: 'issues', event: 'comment.created' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };
const ids = (prefix: string) => Array.from({ length: IDS }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

jest.setTimeout(240_000);

/** Each recipient of the send exactly once (and nobody else): the notifications' recipient ids are exactly `expected`. */
function expectOncePerRecipient(docs: Document[], expected: string[]) {
  const recipients = docs.map((d) => d.recipient_id as string);
  expect(recipients).toHaveLength(expected.length);
  expect(new Set(recipients).size).toBe(expected.length);
  expect(recipients.sort()).toEqual([...expected].sort());
  expect(docs.filter((d) => d.status !== 'delivered')).toEqual([]);
}

describe('fault: a send to 1,000 recipient ids or to a list of 1,000 meets a SIGKILL of the delivery process mid-fan-out', () => {
  let stack: ProcessStack;
  beforeAll(async () => {
    // Small chunks written one at a time, so the kill lands between chunks; a killed worker's jobs come back after the ack wait.
    stack = await startProcessStack({
      'delivery-service': { BROADCAST_CHUNK_SIZE: '10', BROADCAST_CHUNK_CONCURRENCY: '1', ACK_WAIT_MS: '2000', OUTBOX_REPUBLISH_AFTER_MS: '2000', OUTBOX_SWEEP_EVERY_MS: '1000' },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('when it is restarted, then the send completes with exactly one notification and one quota unit per named recipient', async () => {
    const projectId = BigInt(Date.now());
    const named = ids('k');
    const sent = await stack.delivery().send({ projectId, settings, target, payloadJson: '{"t":"c"}', recipientIds: named, excludeRecipientIds: ['k0007'] });
    const broadcastId = Number(sent.broadcast!.id);
    const db = stack.deliveryDb.db;
    await eventually('first chunk written', async () => (await db.collection('broadcast_chunks').countDocuments({ broadcast_id: broadcastId })) >= 1, { timeoutMs: 120_000 });
    await stack.kill('delivery-service');
    expect(await db.collection('notifications').countDocuments({ broadcast_id: broadcastId })).toBeLessThan(IDS - 1);

    await stack.restart('delivery-service');
    const b = await eventually('send completed after the restart', async () => {
        const r = (await stack.delivery().getBroadcast({ projectId, id: BigInt(broadcastId) })).broadcast!;
        return r.status === 'completed' ? r : undefined;
      }, { timeoutMs: 150_000 }
    );
    expect(b.notificationsCreated).toBe(BigInt(IDS - 1));
    const docs = await db.collection('notifications').find({ broadcast_id: broadcastId }, { projection: { recipient_id: 1, status: 1 } }).toArray();
    expectOncePerRecipient(docs, named.filter((id) => id !== 'k0007'));
    const units = await db.collection('quota_units').find({ project_id: Number(projectId) }, { projection: { owner: 1 } }).toArray();
    expect(units.map((u) => u.owner).sort()).toEqual(docs.map((d) => `${d._id}:in_app`).sort());
  });

  it('when a list send is killed and restarted, then each subscriber gets exactly one notification carrying the incarnation kept on the subscription', async () => {
    const projectId = BigInt(Date.now());
    const subscribers = ids('s');
    await stack.recipients.createList({ projectId, key: 'watchers', name: 'Watchers' });
    for (let i = 0; i < IDS; i += 500) await stack.recipients.subscribeToList({ projectId, listKey: 'watchers', recipientIds: subscribers.slice(i, i + 500) });
    const sent = await stack.delivery().send({ projectId, settings, target, payloadJson: '{"t":"l"}', list: 'watchers' });
    const broadcastId = Number(sent.broadcast!.id);
    const db = stack.deliveryDb.db;
    await eventually('first chunk written', async () => (await db.collection('broadcast_chunks').countDocuments({ broadcast_id: broadcastId })) >= 1, { timeoutMs: 120_000 });
    await stack.kill('delivery-service');
    expect(await db.collection('notifications').countDocuments({ broadcast_id: broadcastId })).toBeLessThan(IDS);

    await stack.restart('delivery-service');
    await eventually('list send completed after the restart', async () => (await stack.delivery().getBroadcast({ projectId, id: BigInt(broadcastId) })).broadcast!.status === 'completed', { timeoutMs: 150_000 });
    const docs = await db.collection('notifications').find({ broadcast_id: broadcastId }, { projection: { recipient_id: 1, recipient_seq: 1, status: 1 } }).toArray();
    expectOncePerRecipient(docs, subscribers);
    for (const id of ['s0000', 's0500', 's0999']) {
      const seq = Number((await stack.recipients.getRecipient({ projectId, id })).recipient!.seq);
      expect(docs.find((d) => d.recipient_id === id)?.recipient_seq).toBe(seq);
    }
  });
});

describe('fault: nats-server restarts while a send to 1,000 recipient ids fans out', () => {
  let h: Harness;
  let mongo: MongoHandle;
  beforeAll(async () => {
    h = await startHarness({ BROADCAST_CHUNK_SIZE: '10', BROADCAST_CHUNK_CONCURRENCY: '1' });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
  });
  afterAll(async () => {
    await mongo?.close();
    await h?.close();
  });

  it('when the broker restarts mid-fan-out, then every named recipient ends with exactly one notification', async () => {
    const project = h.project();
    const named = ids('n');
    const sent = await h.client.send({ projectId: project, settings, target, payloadJson: '{}', recipientIds: named });
    const broadcastId = Number(sent.broadcast!.id);
    await eventually('first chunk written', async () => (await mongo.db.collection('broadcast_chunks').countDocuments({ broadcast_id: broadcastId })) >= 1, { timeoutMs: 60_000 });
    await h.restartNats();
    const b = await eventually('send completed after the broker restart', async () => {
        const r = (await h.client.getBroadcast({ projectId: project, id: BigInt(broadcastId) })).broadcast!;
        return r.status === 'completed' ? r : undefined;
      }, { timeoutMs: 150_000 }
    );
    expect(b.notificationsCreated).toBe(BigInt(IDS));
    const docs = await mongo.db.collection('notifications').find({ broadcast_id: broadcastId }, { projection: { recipient_id: 1, status: 1 } }).toArray();
    expectOncePerRecipient(docs, named);
    expect(await mongo.db.collection('quota_units').countDocuments({ project_id: Number(project) })).toBe(IDS);
  });
});
