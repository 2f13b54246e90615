import { backoff, backoffDelay, retryPolicy } from './retry';

describe('retryPolicy', () => {
  it('when the call fails twice then succeeds, then it answers after three attempts', async () => {
    const policy = retryPolicy({ initialDelayMs: 1, maxDelayMs: 2 });
    let n = 0;
    const attempts: number[] = [];
    await expect(policy.execute(async (attempt) => { attempts.push(attempt); if (++n < 3) throw new Error('busy'); return 'ok'; })).resolves.toBe('ok');
    expect(n).toBe(3);
  });

  it('when every attempt fails, then it gives up after maxAttempts with the last error', async () => {
    const policy = retryPolicy({ initialDelayMs: 1, maxDelayMs: 2, maxAttempts: 4 });
    let n = 0;
    await expect(policy.execute(async () => { n++; throw new Error(`fail ${n}`); })).rejects.toThrow('fail 4');
    expect(n).toBe(4);
  });

  it('when retryIf refuses the error, then it is not retried', async () => {
    const policy = retryPolicy({ initialDelayMs: 1, maxDelayMs: 2, retryIf: (e) => (e as Error).message !== 'invalid' });
    let n = 0;
    await expect(policy.execute(async () => { n++; throw new Error('invalid'); })).rejects.toThrow('invalid');
    expect(n).toBe(1);
  });

  it('when the signal aborts, then it stops retrying', async () => {
    const policy = retryPolicy({ initialDelayMs: 1, maxDelayMs: 2 });
    const ac = new AbortController();
    let n = 0;
    await expect(policy.execute(async () => { if (++n === 3) ac.abort(); throw new Error('down'); }, ac.signal)).rejects.toThrow();
    expect(n).toBe(3);
  });
});

describe('backoffDelay', () => {
  it.each([
    [100, 0, 100],
    [100, 1, 200],
    [100, 3, 800],
    [100, 8, 25_600],
    [100, 20, 25_600],
    [1_000, 8, 30_000],
  ])('base %i ms after delivery %i: %i ms', (base, deliveries, want) => {
    expect(backoffDelay(base, deliveries)).toBe(want);
  });
});

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
