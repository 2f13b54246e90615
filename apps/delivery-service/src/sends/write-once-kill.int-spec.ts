import { fromBinary } from '@bufbuild/protobuf';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { DELIVERY_STREAM, OUTCOMES_STREAM, OUTCOMES_SUBJECT_PREFIX, OutcomeEventSchema } from '@herald/contracts';
import { connectNats, type NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { createOutcomeRecords, type RecordedNotification } from '../kernel/store/outcome-records';
import { startProcessStack, type ProcessStack } from '../testing/process-stack';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const SENDS = 30;

jest.setTimeout(240_000);

/**
 * The write-once pipeline killed at its two seams, with real processes, store and
 * broker: after a batch's notifications are written but before their events, email jobs and
 * acknowledgements (exit_after_insert), and after a send was published but before it was answered
 * (exit_after_accept). Every accepted send must end with exactly one notification, one outcome
 * event per medium, at most one mail, and its quota spent once.
 */
describe('fault: the delivery process dies at the seams of the write-once pipeline', () => {
  let stack: ProcessStack;
  let nc: NatsConnection;
  beforeAll(async () => {
    stack = await startProcessStack({ 'delivery-service': { ACK_WAIT_MS: '2000', FAILPOINT: 'exit_after_insert' } });
    nc = await connectNats(stack.natsUrl, 'fault-test');
  });
  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  /** Every outcome event of a project the stream holds (the stream drops repeats of one msgID). */
  async function events(project: bigint): Promise<{ type: string; id: bigint }[]> {
    const jsm = await jetstreamManager(nc);
    const ci = await jsm.consumers.add(OUTCOMES_STREAM, { filter_subject: `${OUTCOMES_SUBJECT_PREFIX}.${project}.>`, ack_policy: AckPolicy.None, deliver_policy: DeliverPolicy.All, inactive_threshold: nanos(30_000) });
    const out: { type: string; id: bigint }[] = [];
    try {
      if (ci.num_pending === 0) return out;
      const msgs = await (await jetstream(nc).consumers.get(OUTCOMES_STREAM, ci.name)).fetch({ max_messages: ci.num_pending, expires: 5_000 });
      for await (const m of msgs) {
        const e = fromBinary(OutcomeEventSchema, m.data);
        out.push({ type: e.type, id: e.notification!.id });
        if (out.length === ci.num_pending) break;
      }
    } finally {
      await jsm.consumers.delete(OUTCOMES_STREAM, ci.name).catch(() => undefined);
    }
    return out;
  }

  /** Every job of the delivery stream is done (acknowledged: work-queue retention removed it). */
  const drained = async () => (await (await jetstreamManager(nc)).streams.info(DELIVERY_STREAM)).state.messages === 0;

  const mailsTo = async (suffix: string) => {
    const all = (await (await fetch(`${stack.mailApiUrl}/messages`)).json()) as { to: string[] }[];
    return all.filter((m) => m.to.some((t) => t.endsWith(suffix)));
  };

  it('when it dies after writing a batch of notifications and before publishing their events and email jobs, then after the restart each accepted send has one notification, one event per medium, one mail and two quota units', async () => {
    const projectId = BigInt(Date.now());
    const tag = `-${projectId}@kill.test`;
    await stack.preferences.createCatalogEntry({ projectId, entry: { target, medium: 'email', name: 'Shipping', defaultEnabled: true, mandatory: false } });
    const recipients = Array.from({ length: SENDS }, (_, i) => `w${i}`);
    await stack.recipients.batchUpsertRecipients({ projectId, items: recipients.map((id, batchIndex) => ({ id, batchIndex })) });
    for (const r of recipients) await stack.recipients.addContact({ projectId, recipientId: r, medium: 'email', address: `${r}${tag}`, isPrimary: true });

    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };
    const answers = await Promise.allSettled(
      recipients.map((recipientId) =>
        stack.delivery().send({ projectId, settings, recipientId, target, payloadJson: '{"k":1}', email: { subject: 'once', html: '<p>once</p>' } }, { timeoutMs: 10_000 }),
      ),
    );
    // The worker wrote the first batch, then the process died before anything else (failpoint).
    await stack.exited('delivery-service');
    const accepted = answers.flatMap((a) => (a.status === 'fulfilled' ? [Number(a.value.notification!.id)] : []));
    expect(accepted.length).toBeGreaterThan(0);
    const db = stack.deliveryDb.db;
    const writtenAtKill = await db.collection('notifications').countDocuments({ project_id: Number(projectId) });
    expect(writtenAtKill).toBeGreaterThan(0);
    const eventsAtKill = await events(projectId);
    expect(eventsAtKill).toEqual([]);

    await stack.restart('delivery-service', { ACK_WAIT_MS: '2000' });
    const docs = await eventually('every accepted send delivered and mailed', async () => {
        // Outcomes as the service reads them: followed along their appended records.
        const found = await createOutcomeRecords(db).follow(await db.collection<RecordedNotification & { status: string }>('notifications').find({ project_id: Number(projectId) }).toArray());
        const settled = found.filter((d) => d.status === 'delivered' && (d.email as { status: string }).status === 'sent');
        return accepted.every((id) => settled.some((d) => (d._id as unknown as number) === id)) && (await drained()) ? found : undefined;
      }, { timeoutMs: 150_000 }
    );
    // One notification per send (the accepted ones, and perhaps a send published just before the kill, unanswered).
    expect(new Set(docs.map((d) => d._id)).size).toBe(docs.length);
    expect(docs.length).toBeLessThanOrEqual(SENDS);
    const ids = docs.map((d) => Number(d._id)).sort((a, b) => a - b);
    // One event per medium and notification: the redelivered batch re-emitted under the same ids.
    const evs = await events(projectId);
    for (const type of ['notification.delivered', 'email.sent']) {
      expect(evs.filter((e) => e.type === type).map((e) => Number(e.id)).sort((a, b) => a - b)).toEqual(ids);
    }
    // One mail per notification.
    const mails = await mailsTo(tag);
    expect(mails).toHaveLength(docs.length);
    expect(new Set(mails.flatMap((m) => m.to)).size).toBe(docs.length);
    // Quota spent once: one in-app unit and one email unit per notification, owned by it.
    const units = await db.collection('quota_units').find({ project_id: Number(projectId) }, { projection: { owner: 1 } }).toArray();
    expect(units.map((u) => u.owner).sort()).toEqual(ids.flatMap((id) => [`${id}:email`, `${id}:in_app`]).sort());
  });

  it('when it dies after publishing a send and before answering it, then a retry with the same Idempotency-Key answers that same send, written once', async () => {
    await stack.restart('delivery-service', { ACK_WAIT_MS: '2000', FAILPOINT: 'exit_after_accept' });
    const projectId = BigInt(Date.now()) + 7n;
    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };
    const req = { projectId, settings, recipientId: 'acc', target, payloadJson: '{"k":2}', idempotencyKey: 'kill-after-accept' };
    await expect(stack.delivery().send(req, { timeoutMs: 10_000 })).rejects.toThrow();
    await stack.exited('delivery-service');
    await stack.restart('delivery-service', { ACK_WAIT_MS: '2000' });
    // The claim's lease (5 s) passes; the repeat finds the send the first request published.
    const again = await eventually('the repeat answered', async () => (await stack.delivery().send(req, { timeoutMs: 10_000 })).notification, { timeoutMs: 60_000 });
    const db = stack.deliveryDb.db;
    const doc = await eventually('the send written', async () => (await db.collection('notifications').findOne({ project_id: Number(projectId) })) ?? undefined, { timeoutMs: 60_000 });
    expect(Number(doc._id)).toBe(Number(again.id));
    await eventually('delivery stream drained', drained, { timeoutMs: 60_000 });
    expect(await db.collection('notifications').countDocuments({ project_id: Number(projectId) })).toBe(1);
    expect((await events(projectId)).map((e) => [e.type, Number(e.id)])).toEqual([['notification.delivered', Number(again.id)]]);
  });
});
