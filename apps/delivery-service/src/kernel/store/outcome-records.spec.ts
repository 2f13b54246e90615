import type { OutboundOutcome } from '../notification';
import { followRecords, type OutcomeRecordDoc, type RecordedNotification } from './outcome-records';

const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
const pending = (attempts: number): OutboundOutcome => ({ status: 'pending', reason: null, address: 'a@example.test', attempts, message_id: null, sent_at: null, error: null });
const doc = (id: number, email: OutboundOutcome, more: Partial<RecordedNotification> = {}): RecordedNotification => ({ _id: id, project_id: 1, recipient_id: 'r', created_at: at(0), updated_at: at(0), email, ...more });
const record = (key: string, outcome: OutboundOutcome, s: number): OutcomeRecordDoc => {
  const [field, id] = key.split(':');
  return { _id: key, notification_id: Number(id), project_id: 1, recipient_id: 'r', field, status: outcome.status, outcome, claim: 'c', created_at: at(0), at: at(s), expires_at: null };
};

describe('followRecords', () => {
  it('when a message was retried and then sent, then its outcome follows both records, and updated_at is the last one', () => {
    const d = doc(1, pending(0));
    const sent: OutboundOutcome = { ...pending(2), status: 'sent', message_id: 'm' };
    followRecords([d], [record('email:1:1', sent, 9), record('email:1:0', { ...pending(1), error: 'busy' }, 5)]);
    expect([d.email, d.updated_at]).toEqual([sent, at(9)]);
  });

  it('when no record leaves the stored state, then the stored outcome stands', () => {
    const d = doc(2, pending(1));
    followRecords([d], [record('email:2:0', { ...pending(0), status: 'sent' }, 5)]);
    expect([d.email, d.updated_at]).toEqual([pending(1), at(0)]);
  });

  it('when the stored outcome already ended (written before records), then records change nothing', () => {
    const failed: OutboundOutcome = { ...pending(1), status: 'failed', reason: 'provider_error' };
    const d = doc(3, failed);
    followRecords([d], [record('email:3:1', { ...pending(1), status: 'sent' }, 5)]);
    expect(d.email).toEqual(failed);
  });

  it('when a notification has several mediums, then each follows the records of its own field only', () => {
    const d = doc(4, pending(0), { push: pending(0), sms: pending(0) });
    const pushSent: OutboundOutcome = { ...pending(1), status: 'sent' };
    followRecords([d], [record('push:4:0', pushSent, 5), record('sms:4:0', { ...pending(1), status: 'sent' }, 5)]);
    expect([d.email, d.push, d.sms]).toEqual([pending(0), pushSent, pending(0)]);
  });
});
