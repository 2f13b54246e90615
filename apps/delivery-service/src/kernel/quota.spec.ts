import { grantable, quotaPeriod } from './quota';

describe('quota', () => {
  it('when a date is given, then the period is its UTC month', () => {
    expect(quotaPeriod(new Date('2025-01-31T23:59:59Z'))).toBe('2025-01');
    expect(quotaPeriod(new Date('2025-02-01T00:00:00Z'))).toBe('2025-02');
  });

  it.each([
    [5, 0, null, 5],
    [5, 0, 10, 5],
    [5, 8, 10, 2],
    [5, 10, 10, 0],
    [1, 11, 10, 0],
    [1, 9, 10, 1],
  ])('when %i are wanted with %i used of %p, then %i are granted', (wanted, used, limit, granted) => {
    expect(grantable(wanted, used, limit)).toBe(granted);
  });
});
