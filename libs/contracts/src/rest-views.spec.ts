import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EmailOutcomeSchema, NotificationSchema } from './gen/herald/delivery/v1/delivery_pb';
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
      digest_id: null,
    });
  });

  it('when there is no error, then it stays null for everyone', () => {
    const sent = create(NotificationSchema, { ...failed, email: create(EmailOutcomeSchema, { status: 'sent', address: 'bob@corp.example', attempts: 1, sentAt: at }) });
    expect(notificationView(sent, 'recipient').email).toMatchObject({ status: 'sent', error: null });
  });
});
