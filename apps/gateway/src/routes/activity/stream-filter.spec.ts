import { create } from '@bufbuild/protobuf';
import { NotificationSchema, NotificationTargetSchema, OutboundOutcomeSchema } from '@herald/contracts';
import { isActivityOutcome, matchesStreamFilter, parseStreamFilter } from './stream-filter';

const notification = create(NotificationSchema, {
  recipientId: 'ann',
  broadcastId: 7n,
  target: create(NotificationTargetSchema, { channel: 'billing', topic: 'invoices', event: 'invoice.paid' }),
  email: create(OutboundOutcomeSchema, { status: 'skipped' }),
  push: create(OutboundOutcomeSchema, { status: 'sent' }),
});
const matches = (query: string) => matchesStreamFilter(parseStreamFilter(new URLSearchParams(query)), notification);

describe('the activity stream\'s filters', () => {
  it.each([
    ['', true],
    ['recipient_id=ann', true],
    ['recipient_id=bob', false],
    ['channel=billing&topic=invoices&event=invoice.paid', true],
    ['topic=invoices', true],
    ['event=invoice.sent', false],
    ['medium=email&outcome=skipped', true],
    ['medium=email&outcome=sent', false],
    ['medium=web_push&outcome=sent', true],
    ['medium=sms&outcome=sent', false],
    ['broadcast_id=7', true],
    ['broadcast_id=8&recipient_id=ann', false],
  ])('when the query is "%s", then the notification matches: %s', (query, expected) => {
    expect(matches(query)).toBe(expected);
  });

  it.each([
    ['status=delivered', 'status'],
    ['until=2026-01-01T00:00:00Z', 'until'],
    ['limit=5', 'limit'],
    ['medium=email', 'outcome'],
    ['outcome=sent', 'medium'],
    ['medium=fax&outcome=sent', 'medium'],
    ['broadcast_id=0', 'broadcast_id'],
    ['recipient_id=a&recipient_id=b', 'recipient_id'],
    ['channel=', 'channel'],
  ])('when the query is "%s", then it is refused naming %s', (query, field) => {
    expect(() => parseStreamFilter(new URLSearchParams(query))).toThrow(expect.objectContaining({ violations: [expect.objectContaining({ property_path: field })] }));
  });

  it('when an outcome is a send\'s, then the activity shows it; a recipient\'s own change is not one', () => {
    expect(['notification.delivered', 'notification.push_failed', 'email.sent', 'sms.undelivered', 'chat.failed'].every(isActivityOutcome)).toBe(true);
    expect(['notification.read', 'notification.snoozed', 'broadcast.completed', 'device.removed'].some(isActivityOutcome)).toBe(false);
  });
});
