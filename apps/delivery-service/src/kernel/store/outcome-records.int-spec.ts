import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import type { OutboundOutcome } from '../notification';
import { createActivityRepository, PENDING_READS_MAX } from '../../feed/activity-repository';
import { createErasureRepository } from '../../retention/erasure-repository';
import { outcomeStatusKeys } from './activity-keys';
import { createNotificationRepository, type NotificationDoc } from './notification-repository';
import { createOutcomeRecords } from './outcome-records';

const T0 = new Date('2100-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const pending = (attempts = 0): OutboundOutcome => ({ status: 'pending', reason: null, address: 'a@example.test', message_id: null, attempts, sent_at: null, error: null });
const sent = (attempts: number, messageId: string): OutboundOutcome => ({ ...pending(attempts), status: 'sent', message_id: messageId, sent_at: T0 });

const notification = (id: number, recipient: string, email: OutboundOutcome, expiresAt: Date | null = null): NotificationDoc => ({
  _id: id, project_id: 7, recipient_id: recipient, broadcast_id: null, target: null, payload_json: '{}', read: false, opened: false, status: 'delivered',
  email, ...outcomeStatusKeys({ email }), email_content: null, created_at: at(id), updated_at: at(id), expires_at: expiresAt,
});

describe('outbound outcome records against the real store', () => {
  let mongo: MongoHandle;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_outcomes_${randomBytes(4).toString('hex')}`, 'test');
    await createOutcomeRecords(mongo.db).ensureRecordIndexes();
    await createActivityRepository(mongo.db).ensureIndexes();
  });
  afterAll(async () => {
    await mongo.db.dropDatabase().catch(() => undefined);
    await mongo.close();
  });
  const insert = (...docs: NotificationDoc[]) => mongo.db.collection<NotificationDoc>('notifications').insertMany(docs);

  it('when the changes of several batches are recorded together, then each is held by its own batch only, the first to change a state holding it', async () => {
    const records = createOutcomeRecords(mongo.db);
    // Another project's: the activity log below lists project 7's.
    const [a, b] = [51, 52].map((id) => ({ ...notification(id, `r${id}`, pending()), project_id: 8 }));
    await insert(a, b);
    const held = await records.recordEach('email', [
      { doc: a, fromAttempts: 0, outcome: sent(1, 'a'), claim: 'batch-1', at: T0 },
      { doc: b, fromAttempts: 0, outcome: sent(1, 'b'), claim: 'batch-2', at: at(1) },
      { doc: a, fromAttempts: 0, outcome: sent(1, 'a-again'), claim: 'batch-3', at: at(2) },
    ]);
    expect(held).toEqual([true, true, false]);
    expect((await records.ofNotification(52))[0]).toMatchObject({ claim: 'batch-2', at: at(1) });
  });

  it('when two deliveries record a change from the same state, then only the first holds it, its own retried insert still counts, and reads follow it', async () => {
    const records = createOutcomeRecords(mongo.db);
    const doc = notification(1, 'r1', pending());
    await insert(doc);
    const first = await records.record('email', [{ doc, fromAttempts: 0, outcome: sent(1, 'first') }], 'claim-a', T0);
    const again = await records.record('email', [{ doc, fromAttempts: 0, outcome: sent(1, 'first') }], 'claim-a', T0);
    const second = await records.record('email', [{ doc, fromAttempts: 0, outcome: sent(1, 'second') }], 'claim-b', at(5));
    expect([[...first], [...again], [...second]]).toEqual([[1], [1], []]);
    const [read] = await createNotificationRepository(mongo.db).findByIds([1]);
    expect(read.email).toEqual(sent(1, 'first'));
    // Stored as it was written: pending on the notification, the outcome in its record.
    expect((await mongo.db.collection<NotificationDoc>('notifications').findOne({ _id: 1 }))!.email).toEqual(pending());
  });

  it('when the activity log is filtered by an email outcome, then recorded outcomes and outcomes stored on older notifications both count, newest first, and pending ones that moved on do not', async () => {
    const records = createOutcomeRecords(mongo.db);
    const recorded = notification(20, 'r2', pending());
    const older = notification(21, 'r2', sent(1, 'stored'));
    const waiting = notification(22, 'r2', pending());
    const recordedToo = notification(23, 'r2', pending());
    await insert(recorded, older, waiting, recordedToo);
    await records.record('email', [{ doc: recorded, fromAttempts: 0, outcome: sent(1, 'a') }, { doc: recordedToo, fromAttempts: 0, outcome: sent(1, 'b') }], 'c', T0);
    const activity = createActivityRepository(mongo.db);
    const list = (status: string, limit: number, after: { createdAt: Date; id: number } | null = null) =>
      activity.list({ projectId: 7, filter: { email_status: status }, since: at(20), until: null, after, limit }).then(({ docs }) => docs.map((d) => d._id));
    expect(await list('sent', 10)).toEqual([23, 21, 20]);
    expect(await list('sent', 2)).toEqual([23, 21]);
    expect(await list('sent', 10, { createdAt: at(21), id: 21 })).toEqual([20]);
    expect(await list('pending', 10)).toEqual([22]);
  });

  it('when a recipient is erased, then the outcome records of its notifications go with them; another recipient\'s stay', async () => {
    const records = createOutcomeRecords(mongo.db);
    const erased = notification(30, 'erased', pending());
    const kept = notification(31, 'kept', pending());
    await insert(erased, kept);
    await records.record('email', [{ doc: erased, fromAttempts: 0, outcome: sent(1, 'x') }, { doc: kept, fromAttempts: 0, outcome: sent(1, 'y') }], 'c', T0);
    await createErasureRepository(mongo.db).deleteForRecipient(7, 'erased', at(1000), null);
    const left = await mongo.db.collection('outbound_outcomes').find({ notification_id: { $in: [30, 31] } }).toArray();
    expect(left.map((r) => r.notification_id)).toEqual([31]);
  });

  it('when a notification\'s retention passes, then the retention pass removes its outcome records; those of a notification kept forever stay', async () => {
    const records = createOutcomeRecords(mongo.db);
    const expiring = notification(40, 'r4', pending(), at(1000));
    const forever = notification(41, 'r4', pending());
    await records.record('web_push', [{ doc: expiring, fromAttempts: 0, outcome: sent(1, 'p') }, { doc: forever, fromAttempts: 0, outcome: sent(1, 'q') }], 'c', T0);
    expect(await records.prune(at(2000), 100)).toBe(1);
    const left = await mongo.db.collection('outbound_outcomes').find({ notification_id: { $in: [40, 41] } }).toArray();
    expect(left.map((r) => r._id)).toEqual(['push:41:0']);
  });

  it('when a long run of sent messages is stored pending, then a page of the pending filter stops after its bounded reads, says where the next goes on, and the next finds the one still pending', async () => {
    const limit = 2;
    const inProject8 = (id: number): NotificationDoc => ({ ...notification(id, 'r9', pending()), project_id: 8 });
    const waiting = inProject8(200);
    const moved = Array.from({ length: PENDING_READS_MAX * limit }, (_, i) => inProject8(201 + i));
    await insert(waiting, ...moved);
    await createOutcomeRecords(mongo.db).record('email', moved.map((doc) => ({ doc, fromAttempts: 0, outcome: sent(1, `m${doc._id}`) })), 'c', T0);
    const activity = createActivityRepository(mongo.db);
    const q = { projectId: 8, filter: { email_status: 'pending' }, since: null, until: null, limit };
    const first = await activity.list({ ...q, after: null });
    expect(first).toEqual({ docs: [], resumeAfter: { createdAt: at(201), id: 201 } });
    const next = await activity.list({ ...q, after: first.resumeAfter });
    expect([next.docs.map((d) => d._id), next.resumeAfter]).toEqual([[200], null]);
  });
});
