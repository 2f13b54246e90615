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
    const smsSent: OutboundOutcome = { ...pending(1), status: 'sent' };
    followRecords([d], [record('push:4:0', pushSent, 5), record('sms:4:0', smsSent, 5)]);
    expect([d.email, d.push, d.sms]).toEqual([pending(0), pushSent, smsSent]);
  });
});

describe('followRecords: an SMS provider\'s reports', () => {
  const smsSent = (messageId: string): OutboundOutcome => ({ ...pending(1), status: 'sent', message_id: messageId, sent_at: at(2) });
  const report = (id: number, messageId: string, status: 'delivered' | 'undelivered', s: number, error: string | null = null): OutcomeRecordDoc => ({
    ...record(`sms_report:${id}:${messageId}`, { ...pending(0), status, error }, s),
    field: 'sms',
    claim: '',
    report_of: messageId,
  });

  it('when the message sent has a report, then the outcome moves on to its status and error, the rest of the sent outcome kept', () => {
    const d = doc(10, pending(0), { sms: pending(0) });
    followRecords([d], [record('sms:10:0', smsSent('SM1'), 3), report(10, 'SM1', 'undelivered', 7, 'The provider reported failed (error 30003)')]);
    expect([d.sms, d.updated_at]).toEqual([{ ...smsSent('SM1'), status: 'undelivered', error: 'The provider reported failed (error 30003)' }, at(7)]);
  });

  it('when the report is of another message (an attempt whose sent was never written), then the sent outcome stands', () => {
    const d = doc(11, pending(0), { sms: pending(0) });
    followRecords([d], [record('sms:11:0', smsSent('SM2'), 3), report(11, 'SM-other', 'delivered', 7)]);
    expect(d.sms).toEqual(smsSent('SM2'));
  });

  it('when the report was recorded before the sent outcome (a fast provider), then reading after both finds it delivered', () => {
    const d = doc(12, pending(0), { sms: pending(0) });
    followRecords([d], [report(12, 'SM3', 'delivered', 2), record('sms:12:0', smsSent('SM3'), 3)]);
    expect([d.sms?.status, d.updated_at]).toEqual(['delivered', at(3)]);
  });

  it('when the SMS outcome was written on the notification (stored before records), then a sent one still takes its report, and a final one stands', () => {
    const sentBefore = doc(13, pending(0), { sms: smsSent('SM4') });
    const deliveredBefore = doc(14, pending(0), { sms: { ...smsSent('SM5'), status: 'delivered' } });
    const retriedBefore = doc(15, pending(0), { sms: { ...pending(1), error: 'busy' } });
    followRecords([sentBefore, deliveredBefore, retriedBefore], [report(13, 'SM4', 'delivered', 7), report(14, 'SM5', 'undelivered', 7), record('sms:15:0', { ...pending(1), error: 'busy' }, 1)]);
    expect([sentBefore.sms?.status, deliveredBefore.sms?.status, retriedBefore.sms]).toEqual(['delivered', 'delivered', { ...pending(1), error: 'busy' }]);
  });

  it('when an email is sent, then no report applies to it (only SMS providers report)', () => {
    const d = doc(16, { ...smsSent('M6') });
    followRecords([d], [{ ...report(16, 'M6', 'delivered', 7), _id: 'email_report:16:M6', field: 'email' }]);
    expect(d.email?.status).toBe('sent');
  });
});
