import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { DecisionSchema } from './gen/herald/common/v1/decision_pb';
import { NotificationDecisionSchema, NotificationSchema, OutboundOutcomeSchema } from './gen/herald/delivery/v1/delivery_pb';
import { EMAIL_ERROR_SUMMARY, notificationView } from './rest-views';

const at = timestampFromDate(new Date('2025-01-01T00:00:00Z'));
const smtpText = '550 5.7.1 <bob@corp.example>: Recipient address rejected: relay mx3.internal.corp.example denied by policy 42';

const failed = create(NotificationSchema, {
  id: 7n,
  recipientId: 'bob',
  status: 'delivered',
  createdAt: at,
  updatedAt: at,
  email: { status: 'failed', reason: 'address_rejected', address: 'bob@corp.example', attempts: 1, error: smtpText },
});

describe('notificationView', () => {
  it('when a Full-scope reader reads a failed email, then the provider text is kept', () => {
    expect(notificationView(failed).email).toMatchObject({ status: 'failed', reason: 'address_rejected', error: smtpText });
    expect(notificationView(failed, 'full').email).toMatchObject({ error: smtpText });
  });

  it('when a recipient-scoped reader reads it, then the error is a fixed summary; status, reason and the own address stay', () => {
    expect(notificationView(failed, 'recipient').email).toEqual({
      status: 'failed',
      reason: 'address_rejected',
      address: 'bob@corp.example',
      message_id: null,
      attempts: 1,
      sent_at: null,
      error: EMAIL_ERROR_SUMMARY,
      provider: null,
      digest_id: null,
    });
  });

  it('when there is no error, then it stays null for everyone', () => {
    const sent = create(NotificationSchema, { ...failed, email: create(OutboundOutcomeSchema, { status: 'sent', address: 'bob@corp.example', attempts: 1, sentAt: at }) });
    expect(notificationView(sent, 'recipient').email).toMatchObject({ status: 'sent', error: null });
  });

  it('when a send carried sms and push blocks, then both outcomes are shown with their provider, and the recipient audience sees summaries', () => {
    const n = create(NotificationSchema, {
      ...failed,
      sms: create(OutboundOutcomeSchema, { status: 'delivered', address: '+4915112345678', attempts: 1, sentAt: at, provider: 'sms-secondary', messageId: 'SM1' }),
      push: create(OutboundOutcomeSchema, { status: 'failed', reason: 'subscription_expired', address: 'https://push.example/s/1', attempts: 1, error: '410 Gone' }),
      decision: create(NotificationDecisionSchema, { sms: create(DecisionSchema, { because: 'catalog_entry' }), webPush: create(DecisionSchema, { because: 'recipient_rule' }) }),
    });
    const v = notificationView(n, 'recipient');
    expect(v.sms).toMatchObject({ status: 'delivered', provider: 'sms-secondary', message_id: 'SM1', error: null });
    expect(v.push).toMatchObject({ status: 'failed', reason: 'subscription_expired', error: 'Push delivery failed', provider: null });
    expect(v.decision).toMatchObject({ sms: { result: 'delivered', because: 'catalog_entry' }, web_push: { result: 'failed', because: 'recipient_rule' } });
  });

  it('when a send had no sms or push block, then both read not_requested and have no decision entry', () => {
    const v = notificationView(create(NotificationSchema, { ...failed, decision: create(NotificationDecisionSchema, {}) }));
    expect(v.sms).toEqual({ status: 'not_requested' });
    expect(v.push).toEqual({ status: 'not_requested' });
    expect(Object.keys(v.decision!)).toEqual(['in_app', 'email']);
  });
});
