import { jetstreamManager } from '@nats-io/jetstream';
import { DELIVERY_STREAM, EVENTS_STREAM, OUTCOMES_STREAM } from '@herald/contracts';
import { connectNats, type NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { startNatsCluster, type NatsCluster } from '../testing/nats-cluster';
import { createOutcomeRecords, type RecordedNotification } from '../kernel/store/outcome-records';
import { startProcessStack, type ProcessStack } from '../testing/process-stack';

// Recipients of the broadcast: about a minute on a loaded 2-core machine; smaller for a quick run.
const RECIPIENTS = Number(process.env.HERALD_CLUSTER_RECIPIENTS ?? 20_000);
const DIRECT_SENDS = 200;
const LANES = 10;
const BATCH = 1_000;
const REPLICAS = 3;
const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };

jest.setTimeout(300_000);

/**
 * Herald on a 3-node NATS cluster with every stream at 3 replicas: the node leading the delivery
 * stream is SIGKILLed in the middle of a broadcast and a burst of direct sends with email, then
 * started again. The services are given all three URLs and are never restarted.
 */
describe('fault: a node of a 3-node NATS cluster dies mid-run', () => {
  let cluster: NatsCluster;
  let stack: ProcessStack;
  let nc: NatsConnection;
  beforeAll(async () => {
    cluster = await startNatsCluster(REPLICAS);
    nc = await connectNats(cluster.url, 'cluster-test');
    const streamReplicas = { NATS_STREAM_REPLICAS: String(REPLICAS) };
    stack = await startProcessStack(
      { 'recipient-service': streamReplicas, 'preference-service': streamReplicas, 'delivery-service': { ...streamReplicas, ACK_WAIT_MS: '2000' } },
      { natsUrl: cluster.url },
    );
  });
  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
    await cluster?.stop();
  });

  const streamInfo = async (name: string) => (await jetstreamManager(nc)).streams.info(name);
  const mailsTo = async (suffix: string) => {
    const all = (await (await fetch(`${stack.mailApiUrl}/messages`)).json()) as { to: string[] }[];
    return all.filter((m) => m.to.some((t) => t.endsWith(suffix)));
  };

  it('when the delivery stream leader is killed and restarted, then every accepted send ends with one notification and at most one email, and nothing is left pending', async () => {
    for (const name of [DELIVERY_STREAM, EVENTS_STREAM, OUTCOMES_STREAM]) {
      expect((await streamInfo(name)).config.num_replicas).toBe(REPLICAS);
    }
    const projectId = BigInt(Date.now());
    const project = Number(projectId);
    const tag = `-${projectId}@cluster.test`;
    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 10_000_000n };
    await stack.preferences.createCatalogEntry({ projectId, entry: { target, medium: 'email', name: 'Shipping', defaultEnabled: true, mandatory: false } });
    const ids = Array.from({ length: RECIPIENTS }, (_, i) => `c${String(i).padStart(6, '0')}`);
    for (let i = 0; i < RECIPIENTS; i += BATCH) {
      await stack.recipients.batchUpsertRecipients({ projectId, items: ids.slice(i, i + BATCH).map((id, batchIndex) => ({ id, batchIndex })) });
    }
    const mailed = ids.slice(0, DIRECT_SENDS);
    for (const r of mailed) await stack.recipients.addContact({ projectId, recipientId: r, medium: 'email', address: `${r}${tag}`, isPrimary: true });

    // The node to be killed leads the delivery stream and serves the delivery service's connection:
    // the stream's leader steps down until it is on the service's node.
    const doomed = await eventually('the delivery stream led from the delivery service\'s node', async () => {
        const node = await cluster.nodeOf('delivery-service');
        if (node && (await streamInfo(DELIVERY_STREAM)).cluster?.leader === node) return node;
        await nc.request(`$JS.API.STREAM.LEADER.STEPDOWN.${DELIVERY_STREAM}`, undefined, { timeout: 5_000 });
        return undefined;
      }, { timeoutMs: 120_000 }
    );

    const sent = await stack.delivery().send({ projectId, settings, target, payloadJson: '{"t":"broadcast"}' });
    const broadcastId = Number(sent.broadcast!.id);
    const db = stack.deliveryDb.db;

    const accepted: number[] = [];
    let killed: Promise<void> | null = null;
    const killLeader = async () => {
      expect((await streamInfo(DELIVERY_STREAM)).cluster?.leader).toBe(doomed);
      await cluster.kill(doomed);
      // Mid-way: the broadcast is not complete when its stream's leader dies.
      expect((await db.collection('broadcasts').findOne({ _id: broadcastId as never }))!.status).not.toBe('completed');
      // The service moved to another node by itself, before the lost one comes back.
      await eventually('the delivery service reconnected to another node', async () => (await cluster.nodeOf('delivery-service')) !== undefined, { timeoutMs: 60_000 });
      await cluster.restart(doomed);
    };
    let next = 0;
    const lane = async () => {
      while (next < DIRECT_SENDS) {
        const recipientId = mailed[next++];
        try {
          const r = await stack.delivery().send({ projectId, settings, recipientId, target, payloadJson: '{"t":"direct"}', email: { subject: 'once', html: '<p>once</p>' } }, { timeoutMs: 10_000 });
          accepted.push(Number(r.notification!.id));
        } catch {
          // in flight while the leader moved: not accepted
        }
        if (!killed && accepted.length >= DIRECT_SENDS / 4) killed = killLeader();
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    expect(killed).not.toBeNull();
    await killed;
    expect(accepted.length).toBeGreaterThan(DIRECT_SENDS / 4);

    const b = await eventually('broadcast completed', async () => {
        const r = (await stack.delivery().getBroadcast({ projectId, id: BigInt(broadcastId) })).broadcast!;
        return r.status === 'completed' ? r : undefined;
      }, { timeoutMs: 200_000 }
    );
    expect(b.notificationsCreated).toBe(BigInt(RECIPIENTS));
    const direct = await eventually('every accepted direct send delivered and mailed, the delivery stream drained', async () => {
        // Outcomes as the service reads them: followed along their appended records.
        const found = await createOutcomeRecords(db).follow(await db.collection<RecordedNotification & { status: string }>('notifications').find({ project_id: project, broadcast_id: null }, { projection: { status: 1, email: 1 } }).toArray());
        const settled = new Set(found.filter((d) => d.status === 'delivered' && (d.email as { status: string }).status === 'sent').map((d) => d._id as unknown as number));
        const drained = (await streamInfo(DELIVERY_STREAM)).state.messages === 0;
        return drained && accepted.every((id) => settled.has(id)) ? found : undefined;
      }, { timeoutMs: 120_000 }
    );

    // The broadcast: exactly one notification per recipient.
    const fanned = await db.collection('notifications').find({ broadcast_id: broadcastId }, { projection: { recipient_id: 1, status: 1 } }).toArray();
    expect(fanned).toHaveLength(RECIPIENTS);
    expect(new Set(fanned.map((d) => d.recipient_id as string)).size).toBe(RECIPIENTS);
    expect(fanned.filter((d) => d.status !== 'delivered')).toEqual([]);
    // Direct sends: one notification each (the accepted ones, perhaps one published but unanswered), at most one mail each.
    expect(direct.length).toBeLessThanOrEqual(DIRECT_SENDS);
    expect(direct.filter((d) => d.status !== 'delivered')).toEqual([]);
    const mails = await mailsTo(tag);
    const perAddress = new Map<string, number>();
    for (const to of mails.flatMap((m) => m.to)) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect([...perAddress.values()].filter((n) => n > 1)).toEqual([]);
    expect(mails.length).toBeGreaterThanOrEqual(accepted.length);
    expect(mails.length).toBeLessThanOrEqual(direct.length);
    // The services reconnected by themselves: a send after the restart goes through.
    await stack.delivery().send({ projectId, settings, recipientId: ids[0], target, payloadJson: '{"t":"after"}' }, { timeoutMs: 10_000 });
    await eventually('the delivery stream drained again', async () => (await streamInfo(DELIVERY_STREAM)).state.messages === 0, { timeoutMs: 60_000 });
    // Nothing left pending on any consumer of the delivery stream.
    const jsm = await jetstreamManager(nc);
    for await (const c of jsm.consumers.list(DELIVERY_STREAM)) {
      expect({ consumer: c.name, pending: c.num_pending, unacked: c.num_ack_pending }).toEqual({ consumer: c.name, pending: 0, unacked: 0 });
    }
  });
});
