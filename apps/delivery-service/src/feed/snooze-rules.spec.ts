import { checkSnoozeUntil } from './snooze-rules';

const now = new Date('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const DAY = 86_400_000;

describe('snooze rules', () => {
  it.each([
    ['a second ahead', at(1_000)],
    ['exactly 90 days ahead', at(90 * DAY)],
  ])('when snoozed_until is %s, then it is accepted', (_name, until) => {
    expect(() => checkSnoozeUntil(until, now)).not.toThrow();
  });

  it.each([
    ['now', at(0), 'snoozed_until must be in the future'],
    ['in the past', at(-60_000), 'snoozed_until must be in the future'],
    ['90 days and a second ahead', at(90 * DAY + 1_000), 'snoozed_until must be at most 90 days ahead'],
  ])('when snoozed_until is %s, then it is refused naming snoozed_until', (_name, until, message) => {
    expect(() => checkSnoozeUntil(until, now)).toThrow(expect.objectContaining({ message, code: 'validation_failed' }));
  });
});
