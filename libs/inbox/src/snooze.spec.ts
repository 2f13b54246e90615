import { snoozeUntil } from './snooze';

describe('inbox snooze choices', () => {
  // Local times: Wednesday 4 March 2026, 15:30.
  const wednesday = new Date(2026, 2, 4, 15, 30);

  it('when "1 hour" is chosen, then the snooze ends an hour later', () => {
    expect(snoozeUntil('hour', wednesday)).toEqual(new Date(2026, 2, 4, 16, 30));
  });

  it('when "tomorrow" is chosen, then it ends tomorrow at 09:00 local time', () => {
    expect(snoozeUntil('tomorrow', wednesday)).toEqual(new Date(2026, 2, 5, 9, 0));
    expect(snoozeUntil('tomorrow', new Date(2026, 2, 31, 23, 50))).toEqual(new Date(2026, 3, 1, 9, 0));
  });

  it.each([
    ['a Wednesday', new Date(2026, 2, 4, 15, 30), new Date(2026, 2, 9, 9, 0)],
    ['a Sunday', new Date(2026, 2, 8, 20, 0), new Date(2026, 2, 9, 9, 0)],
    ['a Monday morning', new Date(2026, 2, 9, 7, 0), new Date(2026, 2, 16, 9, 0)],
  ])('when "next week" is chosen on %s, then it ends the next Monday at 09:00', (_day, now, want) => {
    expect(snoozeUntil('nextWeek', now)).toEqual(want);
  });
});
