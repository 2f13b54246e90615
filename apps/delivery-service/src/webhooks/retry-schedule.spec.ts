import { DEFAULT_RETRY_SCHEDULE_MS, nextAttemptDelayMs, parseRetryAfter, parseSchedule } from './retry-schedule';

const fixed = () => 0.5; // no jitter

describe('webhook retry schedule', () => {
  it('when attempts fail one after another, then the delays follow the schedule and stop after the eighth', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((attempts) => nextAttemptDelayMs({ schedule: DEFAULT_RETRY_SCHEDULE_MS, attempts, status: 500, retryAfterMs: null, random: fixed }));
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextAttemptDelayMs({ schedule: DEFAULT_RETRY_SCHEDULE_MS, attempts: 8, status: 500, retryAfterMs: null })).toBeNull();
    const total = DEFAULT_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeCloseTo(27.58, 2); // from the first attempt to the last: about 27.6 h
  });

  it('when jitter applies, then the delay stays within ±10 %', () => {
    for (const r of [0, 0.999]) {
      const d = nextAttemptDelayMs({ schedule: DEFAULT_RETRY_SCHEDULE_MS, attempts: 2, status: null, retryAfterMs: null, random: () => r })!;
      expect(d).toBeGreaterThanOrEqual(270_000);
      expect(d).toBeLessThanOrEqual(330_000);
    }
  });

  it('when a 429/502/503/504 carries Retry-After, then it replaces the schedule; other statuses ignore it', () => {
    for (const status of [429, 502, 503, 504]) expect(nextAttemptDelayMs({ schedule: DEFAULT_RETRY_SCHEDULE_MS, attempts: 1, status, retryAfterMs: 42_000 })).toBe(42_000);
    expect(nextAttemptDelayMs({ schedule: DEFAULT_RETRY_SCHEDULE_MS, attempts: 1, status: 500, retryAfterMs: 42_000, random: fixed })).toBe(5_000);
    expect(nextAttemptDelayMs({ schedule: DEFAULT_RETRY_SCHEDULE_MS, attempts: 1, status: 503, retryAfterMs: 10 ** 12 })).toBe(36_000_000);
  });

  it('when Retry-After is seconds or a date, then both are read; garbage is ignored', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('when the schedule setting is malformed, then it is refused', () => {
    expect(parseSchedule('0, 100,200')).toEqual([0, 100, 200]);
    expect(() => parseSchedule('0,-1')).toThrow();
    expect(() => parseSchedule('0,abc')).toThrow();
  });
});
