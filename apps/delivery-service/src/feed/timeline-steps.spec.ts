import { emailNotRequested, type Notification, type OutboundOutcome } from '../kernel/notification';
import { inTimeOrder, notificationSteps, outcomeEventIds } from './timeline-steps';

const created = new Date('2026-11-12T10:00:00Z');
const updated = new Date('2026-11-12T10:00:05Z');
const outcome = (o: Partial<OutboundOutcome>): OutboundOutcome => ({ ...emailNotRequested(), ...o });
const notification = (n: Partial<Notification>): Notification => ({
  id: 7,
  projectId: 1,
  recipientId: 'alice',
  broadcastId: null,
  target: null,
  payloadJson: null,
  read: false,
  opened: false,
  status: 'delivered',
  email: emailNotRequested(),
  sms: emailNotRequested(),
  push: emailNotRequested(),
  createdAt: created,
  updatedAt: updated,
  ...n,
});

describe('a notification timeline', () => {
  it('when an email was sent and an SMS failed, then each has its step with provider, attempts and error', () => {
    const n = notification({
      decision: { in_app: { because: 'medium_default' }, email: { because: 'catalog_entry' } },
      email: outcome({ status: 'sent', provider: 'smtp', attempts: 2, sent_at: new Date('2026-11-12T10:00:02Z') }),
      sms: outcome({ status: 'failed', attempts: 3, error: 'provider answered 500', reason: 'provider_error' }),
    });
    expect(notificationSteps(n)).toEqual([
      { at: created, kind: 'accepted', medium: '', status: 'delivered' },
      { at: created, kind: 'decided', medium: 'in_app', status: 'medium_default' },
      { at: created, kind: 'decided', medium: 'email', status: 'catalog_entry' },
      { at: new Date('2026-11-12T10:00:02Z'), kind: 'outbound', medium: 'email', status: 'sent', attempts: 2, provider: 'smtp' },
      { at: updated, kind: 'outbound', medium: 'sms', status: 'failed', attempts: 3, detail: 'provider answered 500' },
    ]);
  });

  it('when an SMS was delivered, then the events named are its sent and delivered and the notification status', () => {
    const n = notification({ sms: outcome({ status: 'delivered' }), email: outcome({ status: 'pending' }) });
    expect(outcomeEventIds(n)).toEqual(['n:7:delivered', 's:7:delivered', 's:7:sent']);
  });

  it('when steps share an instant, then time order keeps the order they were built in', () => {
    const at = (s: number) => new Date(created.getTime() + s * 1000);
    const steps = inTimeOrder([
      { at: at(3), kind: 'webhook', medium: '', status: 'succeeded' },
      { at: at(0), kind: 'accepted', medium: '', status: 'delivered' },
      { at: at(0), kind: 'decided', medium: 'email', status: 'catalog_entry' },
    ]);
    expect(steps.map((s) => s.kind)).toEqual(['accepted', 'decided', 'webhook']);
  });
});
