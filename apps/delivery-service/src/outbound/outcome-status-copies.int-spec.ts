import { MongoClient, type Db } from 'mongodb';
import { emailPending, type OutboundOutcome } from '../kernel/notification';
import { outcomeStatusKeys } from '../kernel/store/activity-keys';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { createOutcomeRepository } from './outcome-repository';

const sent = (messageId: string): OutboundOutcome => ({ ...emailPending(), status: 'sent', message_id: messageId, attempts: 1, sent_at: new Date() });
const failed = (): OutboundOutcome => ({ ...emailPending(), status: 'failed', attempts: 1, error: 'rejected' });

/** A notification of broadcast 9 with email and SMS pending, with their copies (as the send worker writes it). */
const pendingDoc = (id: number): NotificationDoc => ({
  _id: id,
  project_id: 1,
  recipient_id: 'ann',
  broadcast_id: 9,
  target: { channel: 'billing', topic: 'invoice', event: 'paid' },
  payload_json: '{}',
  read: false,
  opened: false,
  status: 'delivered',
  email: emailPending(),
  sms: emailPending(),
  ...outcomeStatusKeys({ email: emailPending(), sms: emailPending() }),
  email_content: null,
  created_at: new Date(),
  updated_at: new Date(),
});

describe('outcome writes: the top-level status copy follows the outcome', () => {
  const client = new MongoClient(process.env.MONGO_URL!);
  let db: Db;
  const col = () => db.collection<NotificationDoc>('notifications');
  const copies = async (id: number) => {
    const d = (await col().findOne({ _id: id }))!;
    return { email: [d.email.status, d.email_status], sms: [d.sms?.status, d.sms_status] };
  };

  beforeAll(async () => {
    await client.connect();
    db = client.db(`test_outcome_copies_${Math.random().toString(36).slice(2, 8)}`);
    await col().insertMany([1, 2, 3].map(pendingDoc));
  });
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  it('when an outcome changes through any write, then its copy changes with it', async () => {
    const repo = createOutcomeRepository(db);
    const now = new Date();
    await repo.setEmailWherePending([1], sent('<m1>'), now);
    await repo.setOutcomeForBroadcast('sms', 9, [2], failed(), now);
    await repo.setOutcomeForBroadcast('email', 9, [3], failed(), now);
    expect(await copies(1)).toEqual({ email: ['sent', 'sent'], sms: ['pending', 'pending'] });
    expect(await copies(2)).toEqual({ email: ['pending', 'pending'], sms: ['failed', 'failed'] });
    expect(await copies(3)).toEqual({ email: ['failed', 'failed'], sms: ['pending', 'pending'] });
  });
});
