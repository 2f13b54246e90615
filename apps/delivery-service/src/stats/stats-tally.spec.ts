import { tallyOf } from './stats-tally';

describe('stats tally: what an outcome event counts', () => {
  it.each([
    ['notification.delivered', undefined, [['in_app', 'delivered']]],
    ['notification.suppressed', undefined, [['in_app', 'suppressed']]],
    ['notification.throttled', undefined, [['in_app', 'suppressed']]],
    ['notification.quota_exceeded', undefined, [['in_app', 'quota']]],
    ['notification.failed', undefined, [['in_app', 'failed']]],
    ['email.sent', undefined, [['email', 'delivered']]],
    ['email.skipped', 'preference_disabled', [['email', 'suppressed']]],
    ['email.skipped', 'quota_exceeded', [['email', 'quota']]],
    ['email.skipped', 'broadcast_limit_exceeded', [['email', 'quota']]],
    ['email.failed', 'provider_error', [['email', 'failed']]],
    ['email.failed', 'address_rejected', [['email', 'failed'], ['email', 'bounced']]],
    ['push.sent', undefined, [['web_push', 'delivered']]],
    ['sms.failed', undefined, [['sms', 'failed']]],
    ['chat.skipped', 'no_target', [['chat', 'suppressed']]],
    ['notification.push_sent', undefined, [['mobile_push', 'delivered']]],
    ['notification.push_failed', 'device_gone', [['mobile_push', 'failed']]],
    ['device.removed', undefined, []],
    ['sms.delivered', undefined, []],
    ['notification.read', undefined, []],
    ['notification.canceled', undefined, []],
    ['broadcast.completed', undefined, []],
  ])('when the event is %s (reason %s), then it counts %j', (type, reason, expected) => {
    expect(tallyOf(type, reason).map((k) => [k.medium, k.outcome])).toEqual(expected);
  });
});
