import { backoff } from './backoff';

describe('backoff', () => {
  it.each([
    [1, 100, 10_000, 100],
    [2, 100, 10_000, 200],
    [4, 100, 10_000, 800],
    [8, 100, 10_000, 10_000],
    [0, 100, 10_000, 100],
    [1_000, 100, 10_000, 10_000],
    [5, 0, 10_000, 0],
  ])('attempt %i, base %i ms, cap %i ms, no jitter: %i ms', (attempt, baseMs, maxMs, want) => {
    expect(backoff({ attempt, baseMs, maxMs })).toBe(want);
  });

  it.each([
    ['full', 0, 0],
    ['full', 0.5, 400],
    ['full', 0.999, 799.2],
    ['equal', 0, 400],
    ['equal', 0.5, 600],
    ['equal', 0.999, 799.6],
    ['none', 0.5, 800],
  ] as const)('attempt 4 of 100 ms with %s jitter and random %p: %p ms', (jitter, r, want) => {
    expect(backoff({ attempt: 4, baseMs: 100, maxMs: 10_000, jitter, random: () => r })).toBeCloseTo(want, 6);
  });

  it('when jittered, then the cap applies before the jitter', () => {
    expect(backoff({ attempt: 30, baseMs: 100, maxMs: 1_000, jitter: 'full', random: () => 0.5 })).toBe(500);
  });
});
