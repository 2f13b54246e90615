import { backoff, sleep } from './timing';

describe('backoff', () => {
  it.each([
    [1, 0, 125],
    [1, 0.999, 249.875],
    [3, 0.5, 750],
    [10, 0, 5_000],
    [10, 1, 10_000],
  ])('attempt %i with random %p from 250 ms capped at 10 s: %p ms', (attempt, r, want) => {
    expect(backoff(attempt, 250, 10_000, () => r)).toBeCloseTo(want, 6);
  });
});

describe('sleep', () => {
  it('when the signal aborts, then it rejects with the reason', async () => {
    const ac = new AbortController();
    const slept = sleep(60_000, ac.signal);
    ac.abort(new Error('closed'));
    await expect(slept).rejects.toThrow('closed');
  });

  it('when the signal was already aborted, then it rejects at once', async () => {
    await expect(sleep(60_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });

  it('when nothing aborts, then it resolves', async () => {
    await expect(sleep(0)).resolves.toBeUndefined();
  });
});
