import { emailNotRequested, emailPending, type EmailContent } from '../kernel/notification';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { createFreshNotifications } from './fresh-notifications';

/** A direct send's notification with an email (and, when asked, an SMS) pending. */
const doc = (id: number, over: Partial<NotificationDoc> = {}, email: Partial<EmailContent> = {}) =>
  ({
    _id: id,
    project_id: 1,
    recipient_id: `r${id}`,
    broadcast_id: null,
    email: emailPending(),
    sms: emailNotRequested(),
    email_content: { subject: 's', html: '<p>x</p>', ...email },
    ...over,
  }) as unknown as NotificationDoc;

describe('fresh notifications (the just-inserted notifications held for their outbound jobs)', () => {
  const clock = { ms: 0 };
  const fresh = (opts: { maxDocs?: number; maxAgeMs?: number } = {}) => createFreshNotifications({ now: () => clock.ms, ...opts });
  beforeEach(() => (clock.ms = 1_000));

  it('when a medium takes its messages, then each is given once (a copy), per medium, and what was not kept is left to the store', () => {
    const held = fresh();
    held.keep([doc(1, { sms: emailPending() }), doc(2)]);
    const first = held.take('email', [1, 2, 3]);
    expect([...first.keys()]).toEqual([1, 2]);
    expect(first.get(1)).toEqual(doc(1, { sms: emailPending() }));
    first.get(1)!.email = emailNotRequested();
    expect(held.take('email', [1, 2]).size).toBe(0);
    // The SMS of the same notification is its own message, taken once, as inserted.
    expect(held.take('sms', [1, 2]).get(1)).toEqual(doc(1, { sms: emailPending() }));
    expect(held.take('sms', [1]).size).toBe(0);
  });

  it('when a message is not pending, is a broadcast, joins a digest or is an escalation, then it is not kept (its job reads the store)', () => {
    const held = fresh();
    held.keep([
      doc(1, { email: emailNotRequested() }),
      doc(2, { broadcast_id: 7 }),
      doc(3, { digest_rule: { window_seconds: 60 } as unknown as NotificationDoc['digest_rule'] }),
      doc(4, {}, { delay_seconds: 30 }),
      doc(5, {}, { unless: 'read' }),
      doc(6, {}, { delay_seconds: 0 }),
    ]);
    expect([...held.take('email', [1, 2, 3, 4, 5, 6]).keys()]).toEqual([6]);
  });

  it('when a notification was kept longer than the age bound, then it is no longer given', () => {
    const held = fresh({ maxAgeMs: 100 });
    held.keep([doc(1)]);
    clock.ms += 50;
    held.keep([doc(2)]);
    clock.ms += 50;
    expect([...held.take('email', [1, 2]).keys()]).toEqual([2]);
  });

  it('when more notifications are kept than the bound, then the oldest go first', () => {
    const held = fresh({ maxDocs: 2 });
    held.keep([doc(1), doc(2)]);
    held.keep([doc(3)]);
    expect([...held.take('email', [1, 2, 3]).keys()]).toEqual([2, 3]);
  });
});
