import { MongoClient, type Db } from 'mongodb';
import { OUTCOMES_DUPLICATE_WINDOW_MS } from '@herald/contracts';
import { systemClock } from '@herald/service-kit';
import { emailPending, type OutboundOutcome } from '../kernel/notification';
import type { OutcomeEvent } from '../kernel/outcome-events';
import { createNotificationRepository, type NotificationDoc } from '../kernel/store/notification-repository';
import { createCallbackTokens } from './callback-token';
import { reportedEvents } from './apply-sms-status';
import { createOutcomeRepository } from './outcome-repository';
import { DomainError } from '@herald/service-kit';
import { createRecordSmsStatus, createRecordSmsStatuses } from './record-sms-status';

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
  let recordSmsStatuses: ReturnType<typeof createRecordSmsStatuses>;
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
    const deps = {
      outcomes,
      notifications,
      now: () => new Date(),
      events: { emit: async (events: OutcomeEvent[]) => void emitted.push(...events) },
      smsCallbacks: { tokens, baseUrl: 'http://herald.test' },
    };
    recordSmsStatus = createRecordSmsStatus(deps);
    recordSmsStatuses = createRecordSmsStatuses(deps);
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
    // The repeat emitted the event again under its id (the stream drops it); the later status did not.
    expect(emitted.filter((e) => e.id.startsWith('s:1:')).map((e) => [e.id, e.type])).toEqual([
      ['s:1:undelivered', 'sms.undelivered'],
      ['s:1:undelivered', 'sms.undelivered'],
    ]);
  });

  it('when the process stopped between a report\'s insert and its event, then the provider\'s retry sends the event out (same id); past the duplicate window a repeat emits nothing', async () => {
    await sentNotification(17, 'SM17');
    const doc = (await notifications.findById(1, 17))!;
    // What the stopped call left: the report appended, its event never emitted.
    await outcomes.recordSmsReports([{ doc, messageId: 'SM17', outcome: { ...doc.sms!, status: 'delivered', error: null }, at: new Date() }]);
    expect(await recordSmsStatuses([report(17, 'SM17', 'delivered')])).toEqual([false]);
    expect(emitted.filter((e) => e.id.startsWith('s:17:')).map((e) => [e.id, e.type])).toEqual([['s:17:delivered', 'sms.delivered']]);

    const longAgo = new Date(Date.now() - OUTCOMES_DUPLICATE_WINDOW_MS - 1_000);
    const old = { ...stored(18, emailPending()), created_at: longAgo, updated_at: longAgo };
    await db.collection<NotificationDoc>('notifications').insertOne(old);
    await outcomes.writeOutcomes('sms', [{ id: 18, from: { status: 'pending', attempts: 0 }, outcome: sentAs('SM18') }], new Map([[18, old]]), 'claim-18', longAgo);
    await outcomes.recordSmsReports([{ doc: old, messageId: 'SM18', outcome: { ...sentAs('SM18'), status: 'delivered', error: null }, at: longAgo }]);
    expect(await recordSmsStatuses([report(18, 'SM18', 'delivered')])).toEqual([false]);
    expect(emitted.filter((e) => e.id.startsWith('s:18:'))).toEqual([]);
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

  /** Notification `id` with its SMS sent as `messageId` (an appended record, as the sender writes it). */
  const sentNotification = async (id: number, messageId: string) => {
    const doc = stored(id, emailPending());
    await db.collection<NotificationDoc>('notifications').insertOne(doc);
    await outcomes.writeOutcomes('sms', [{ id, from: { status: 'pending', attempts: 0 }, outcome: sentAs(messageId) }], new Map([[id, doc]]), `claim-${id}`, new Date());
  };
  const report = (id: number, messageSid: string, status: string, projectId = 1) => ({ token: tokens.sign({ projectId, notificationId: id }), messageSid, status, errorCode: '30003' });

  it('when several callbacks come in one batch, one of them forged and one intermediate, then each gets its own answer: the forged one alone not found', async () => {
    await sentNotification(11, 'SM11');
    await sentNotification(12, 'SM12');
    const forged = { ...report(11, 'SM11', 'delivered'), token: tokens.sign({ projectId: 1, notificationId: 11 }).slice(0, -2) + 'AA' };
    const results = await recordSmsStatuses([report(11, 'SM11', 'delivered'), forged, report(12, 'SM12', 'sent'), report(12, 'SM12', 'failed'), report(12, 'SM12', 'delivered'), report(11, 'SM11', 'delivered', 2)]);
    expect(results.map((r) => (r instanceof DomainError ? r.code : r))).toEqual([true, 'callback_token_invalid', false, true, false, false]);
    expect((await smsOf(11))?.status).toBe('delivered');
    expect(await smsOf(12)).toEqual({ ...sentAs('SM12'), status: 'undelivered', error: 'The provider reported failed (error 30003)' });
    expect(emitted.filter((e) => e.id === 's:11:delivered' || e.id === 's:12:undelivered').map((e) => e.type)).toEqual(['sms.delivered', 'sms.undelivered']);
  });

  it('when the reports of a batch cannot be recorded, then the whole batch fails (each caller gets the error, its provider retries) and a retry records them', async () => {
    await sentNotification(13, 'SM13');
    await sentNotification(14, 'SM14');
    // Larger than the store takes in one document: the insert of the batch's reports fails.
    const tooLarge = { ...report(14, 'SM14', 'failed'), errorCode: 'x'.repeat(17 * 1024 * 1024) };
    await expect(recordSmsStatuses([report(13, 'SM13', 'delivered'), tooLarge])).rejects.toThrow();
    expect((await smsOf(13))?.status).toBe('sent');
    expect(await recordSmsStatuses([report(13, 'SM13', 'delivered'), report(14, 'SM14', 'failed')])).toEqual([true, true]);
    expect((await smsOf(14))?.status).toBe('undelivered');
  });

  it('when a batch holds a report that came before `sent` was written, then it is recorded and applies once `sent` is, beside the others', async () => {
    await sentNotification(15, 'SM15');
    const doc = stored(16, emailPending());
    await db.collection<NotificationDoc>('notifications').insertOne(doc);
    expect(await recordSmsStatuses([report(15, 'SM15', 'delivered'), report(16, 'SM16', 'delivered')])).toEqual([true, false]);
    await outcomes.writeOutcomes('sms', [{ id: 16, from: { status: 'pending', attempts: 0 }, outcome: sentAs('SM16') }], new Map([[16, doc]]), 'claim-16', new Date());
    expect((await smsOf(16))?.status).toBe('delivered');
  });
});
