import { createFakeClock, systemClock } from './clock';

describe('systemClock', () => {
  it('when read, then it gives the system time', () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(systemClock.date()).toBeInstanceOf(Date);
  });
});

describe('createFakeClock', () => {
  it('when created without a start, then it stands at a fixed instant', () => {
    expect(createFakeClock().date().toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it.each([
    ['advanced 1 s', (c: ReturnType<typeof createFakeClock>) => c.advance(1_000), 11_000],
    ['advanced twice', (c: ReturnType<typeof createFakeClock>) => (c.advance(1), c.advance(2)), 10_003],
    ['set forward', (c: ReturnType<typeof createFakeClock>) => c.set(20_000), 20_000],
    ['set back', (c: ReturnType<typeof createFakeClock>) => c.set(5_000), 5_000],
  ])('when %s, then now() and date() follow', (_, move, want) => {
    const clock = createFakeClock(10_000);
    move(clock);
    expect(clock.now()).toBe(want);
    expect(clock.date().getTime()).toBe(want);
  });
});
