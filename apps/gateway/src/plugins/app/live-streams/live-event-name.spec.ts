import { liveEventName } from './live-connection';

describe('liveEventName', () => {
  it.each([
    ['notification.delivered', 'notification'],
    ['notification.unsnoozed', 'notification'],
    ['notification.read', 'notification.updated'],
    ['notification.action', 'notification.updated'],
    ['notification.snoozed', 'notification.updated'],
    ['notification.seen', 'notification.updated'],
    ['notification.unseen', 'notification.updated'],
    ['notification.archived', 'notification.updated'],
    ['notification.unarchived', 'notification.updated'],
    ['email.sent', null],
  ])('when the outcome is %s, then the stream shows it as %s', (type, name) => {
    expect(liveEventName(type)).toBe(name);
  });
});
