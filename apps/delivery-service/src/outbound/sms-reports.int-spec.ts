import { MongoClient, type Db } from 'mongodb';
import { systemClock } from '@herald/service-kit';
import { emailPending, type OutboundOutcome } from '../kernel/notification';
import type { OutcomeEvent } from '../kernel/outcome-events';
import { createNotificationRepository, type NotificationDoc } from '../kernel/store/notification-repository';
import { createCallbackTokens } from './callback-token';
import { reportedEvents } from './apply-sms-status';
import { createOutcomeRepository } from './outcome-repository';
import { createRecordSmsStatus } from './record-sms-status';

const sentAs = (messageId: string): OutboundOutcome => ({ ...emailPending(), address: '+4915100000000', status: 'sent', message_id: messageId, attempts: 1, sent_at: new Date(Date.UTC(2030, 0, 1)), provider: 'sms-primary' });

/** A notification with an SMS outcome as stored, created now (the old way: a final one written on the document). */
const stored = (id: number, sms: OutboundOutcome): NotificationDoc => ({
  _id: id,
  project_id: 1,
  recipient_id: 'ann',
  broadcast_id: null,
  target: { channel: 'ops', topic: 'deploys', event: 'finished' },
  payload_json: '{}',
  read: false,
  opened: false,
  status: 'delivered',
  email: { ...emailPending(), status: 'not_requested' },
  sms,
  email_content: null,
  created_at: new Date(),
  updated_at: new Date(),
});

describe('SMS status callbacks as appended reports', () => {
  const client = new MongoClient(process.env.MONGO_URL!);
  const tokens = createCallbackTokens('a-callback-secret-of-enough-length', systemClock);
  const emitted: OutcomeEvent[] = [];
  let db: Db;
  let recordSmsStatus: ReturnType<typeof createRecordSmsStatus>;
  let outcomes: ReturnType<typeof createOutcomeRepository>;
  let notifications: ReturnType<typeof createNotificationRepository>;
  const callback = (id: number, messageSid: string, status: string) => recordSmsStatus({ token: tokens.sign({ projectId: 1, notificationId: id }), messageSid, status, errorCode: '30003' });
  const smsOf = async (id: number) => (await notifications.findById(1, id))?.sms;

  beforeAll(async () => {
    await client.connect();
    db = client.db(`test_sms_reports_${Math.random().toString(36).slice(2, 8)}`);
    outcomes = createOutcomeRepository(db);
    await outcomes.ensureRecordIndexes();
    notifications = createNotificationRepository(db);
    recordSmsStatus = createRecordSmsStatus({
      outcomes,
      notifications,
      now: () => new Date(),
      events: { emit: async (events) => void emitted.push(...events) },
      smsCallbacks: { tokens, baseUrl: 'http://herald.test' },
    });
  });
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  it('when a notification holds an SMS sent the old way (written on it), then its callback moves it on, once, and a repeat or a later status changes nothing', async () => {
    await db.collection<NotificationDoc>('notifications').insertOne(stored(1, sentAs('SM1')));
    expect(await callback(1, 'SM1', 'failed')).toBe(true);
    expect(await callback(1, 'SM1', 'failed')).toBe(false);
    expect(await callback(1, 'SM1', 'delivered')).toBe(false);
    expect(await smsOf(1)).toEqual({ ...sentAs('SM1'), status: 'undelivered', error: 'The provider reported failed (error 30003)' });
    expect(emitted.filter((e) => e.id === 's:1:undelivered').map((e) => e.type)).toEqual(['sms.undelivered']);
  });

  it('when a notification holds a final SMS written the old way, then it reads as stored and a callback changes nothing', async () => {
    const delivered = { ...sentAs('SM2'), status: 'delivered' as const };
    await db.collection<NotificationDoc>('notifications').insertOne(stored(2, delivered));
    expect(await callback(2, 'SM2', 'undelivered')).toBe(false);
    expect(await smsOf(2)).toEqual(delivered);
  });

  it('when the callback names another message than the one sent, then nothing is recorded', async () => {
    await db.collection<NotificationDoc>('notifications').insertOne(stored(3, emailPending()));
    await outcomes.writeOutcomes('sms', [{ id: 3, from: { status: 'pending', attempts: 0 }, outcome: sentAs('SM3') }], new Map([[3, stored(3, emailPending())]]), 'claim-3', new Date());
    expect(await callback(3, 'SM-other', 'delivered')).toBe(false);
    expect(await smsOf(3)).toEqual(sentAs('SM3'));
    expect(await outcomes.smsReportsOf([{ notificationId: 3, messageId: 'SM-other' }])).toEqual([]);
  });

  it('when the callback comes before the sender wrote `sent`, then it is recorded and applies once `sent` is written, the sender finding it', async () => {
    const doc = stored(4, emailPending());
    await db.collection<NotificationDoc>('notifications').insertOne(doc);
    expect(await callback(4, 'SM4', 'delivered')).toBe(false);
    expect((await smsOf(4))?.status).toBe('pending');
    await outcomes.writeOutcomes('sms', [{ id: 4, from: { status: 'pending', attempts: 0 }, outcome: sentAs('SM4') }], new Map([[4, doc]]), 'claim-4', new Date());
    expect(await smsOf(4)).toEqual({ ...sentAs('SM4'), status: 'delivered', error: null });
    const events = await reportedEvents({ outcomes, now: () => new Date() }, [{ ...doc, sms: sentAs('SM4') }]);
    expect(events.map((e) => [e.id, e.type, e.notification?.sms?.status])).toEqual([['s:4:delivered', 'sms.delivered', 'delivered']]);
  });
});
