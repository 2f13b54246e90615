import { randomBytes } from 'node:crypto';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import type { OutboundOutcome } from '../kernel/notification';
import { outcomeStatusKeys } from '../kernel/store/activity-keys';
import { createNotificationRepository, type NotificationDoc } from '../kernel/store/notification-repository';
import { createOutcomeRecords } from '../kernel/store/outcome-records';
import { createTimerRepository } from '../kernel/store/timer-repository';
import { createDigestRepository } from '../scheduling';
import { createGetNotificationWithRecords } from '../sends';
import { createGetTimeline } from './get-timeline';

const T0 = new Date('2100-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const pending = (attempts: number): OutboundOutcome => ({ status: 'pending', reason: null, address: 'a@example.test', message_id: null, attempts, sent_at: null, error: null });
const sent = (attempts: number): OutboundOutcome => ({ ...pending(attempts), status: 'sent', message_id: 'm-2', sent_at: at(20) });

/** GetTimeline's reads of the store: the notification's outcome records read once, for its outcome and its attempt steps. */
describe('delivery service: a timeline against the real store', () => {
  let client: MongoClient;
  const dbName = `test_timeline_${randomBytes(4).toString('hex')}`;
  const recordReads: string[] = [];
  beforeAll(async () => {
    client = await MongoClient.connect(process.env.MONGO_URL!, { monitorCommands: true });
    client.on('commandStarted', (e: CommandStartedEvent) => {
      if (e.databaseName === dbName && e.commandName === 'find' && e.command.find === 'outbound_outcomes') recordReads.push(e.commandName);
    });
    await createOutcomeRecords(client.db(dbName)).ensureRecordIndexes();
  });
  afterAll(async () => {
    await client.db(dbName).dropDatabase().catch(() => undefined);
    await client.close();
  });

  it('when an email was retried once and then sent, then the timeline shows both attempts and the outcome from one read of its records', async () => {
    const db = client.db(dbName);
    const doc: NotificationDoc = {
      _id: 1, project_id: 7, recipient_id: 'ann', broadcast_id: null, target: null, payload_json: '{}', read: false, opened: false, status: 'delivered',
      email: pending(0), ...outcomeStatusKeys({ email: pending(0) }), email_content: null, created_at: T0, updated_at: T0, expires_at: null,
    };
    await db.collection<NotificationDoc>('notifications').insertOne(doc);
    const records = createOutcomeRecords(db);
    await records.record('email', [{ doc, fromAttempts: 0, outcome: { ...pending(1), error: 'busy' } }], 'first', at(10));
    await records.record('email', [{ doc, fromAttempts: 1, outcome: sent(2) }], 'second', at(20));
    const timers = createTimerRepository(db);
    const notifications = createNotificationRepository(db);
    const getTimeline = createGetTimeline({
      getNotification: createGetNotificationWithRecords({ notifications, timers, accepted: { find: async () => null }, presence: { ensure: unused, require: unused } }),
      timers,
      digests: createDigestRepository(db),
      eventAttempts: async () => [],
    });

    recordReads.length = 0;
    const steps = await getTimeline(7, 1);
    expect(steps.filter((s) => s.kind === 'attempt').map((s) => [s.attempt, s.status])).toEqual([
      [1, 'retried'],
      [2, 'sent'],
    ]);
    expect(steps.find((s) => s.kind === 'outbound')).toMatchObject({ medium: 'email', status: 'sent', attempts: 2 });
    expect(recordReads).toHaveLength(1);
  });
});

/** A port the written notification without a recipient incarnation never asks. */
const unused = async (): Promise<number> => {
  throw new Error('not asked for a written notification without an incarnation');
};
