import { emailNotRequested, type Notification, type OutboundOutcome } from '../kernel/notification';
import type { OutcomeRecordDoc } from '../kernel/store/outcome-records';
import { ANSWER_MAX_CHARS, attemptSteps } from './attempt-steps';

const at = (s: number) => new Date(Date.UTC(2026, 10, 12, 10, 0, s));
const outcome = (o: Partial<OutboundOutcome>): OutboundOutcome => ({ ...emailNotRequested(), status: 'pending', address: 'a@b.test', ...o });
const base = { id: 7, projectId: 1, recipientId: 'alice', broadcastId: null, target: null, payloadJson: null, read: false, opened: false, status: 'delivered' } as const;
const notification = (n: Partial<Notification>): Notification => ({ ...base, email: emailNotRequested(), sms: emailNotRequested(), push: emailNotRequested(), createdAt: at(0), updatedAt: at(30), ...n });
const record = (field: string, from: number, o: OutboundOutcome, when: Date): OutcomeRecordDoc => ({
  _id: `${field}:7:${from}`,
  notification_id: 7,
  project_id: 1,
  recipient_id: 'alice',
  field,
  status: o.status,
  outcome: o,
  claim: 'c',
  created_at: at(0),
  at: when,
  expires_at: null,
});

describe('the attempt steps of a timeline', () => {
  it('when an email failed once (500) and was then sent, then two steps: retried with the answer, then sent with provider and message id', () => {
    const first = outcome({ attempts: 1, error: 'smtp answered 500 busy' });
    const sent = outcome({ status: 'sent', attempts: 2, error: null, provider: 'smtp', message_id: '<m1@x>', sent_at: at(12) });
    const n = notification({ email: sent });
    expect(attemptSteps(n, [record('email', 1, sent, at(11)), record('email', 0, first, at(1))])).toEqual([
      { at: at(1), kind: 'attempt', medium: 'email', status: 'retried', attempt: 1, detail: 'smtp answered 500 busy' },
      { at: at(12), kind: 'attempt', medium: 'email', status: 'sent', attempt: 2, provider: 'smtp', messageId: '<m1@x>' },
    ]);
  });

  it('when an SMS was retried (a record) and its last attempt was delivered (on the notification), then the last step comes from the notification, as sent', () => {
    const retried = outcome({ attempts: 1, error: 'sms answered 503' });
    const n = notification({ sms: outcome({ status: 'delivered', attempts: 2, provider: 'sms-a', message_id: 'SM1', sent_at: at(9) }) });
    expect(attemptSteps(n, [record('sms', 0, retried, at(2))]).map((s) => [s.medium, s.attempt, s.status, s.provider, s.messageId])).toEqual([
      ['sms', 1, 'retried', undefined, undefined],
      ['sms', 2, 'sent', 'sms-a', 'SM1'],
    ]);
  });

  it('when a change made no attempt (a skip, a digest item) or the message is pending, then no step', () => {
    const skipped = outcome({ status: 'skipped', reason: 'read_in_app' });
    const n = notification({ email: skipped, push: outcome({}), sms: outcome({ status: 'sent', attempts: 1, digest_id: 4 }) });
    expect(attemptSteps(n, [record('email', 0, skipped, at(1))])).toEqual([]);
  });

  it('when the answer is longer than the bound, then the step carries it cut to the bound', () => {
    const n = notification({ push: outcome({ status: 'failed', attempts: 1, error: 'x'.repeat(ANSWER_MAX_CHARS + 50) }) });
    expect(attemptSteps(n, [])[0].detail).toHaveLength(ANSWER_MAX_CHARS);
  });
});
