import { backoffDelay, retryPolicy } from './retry';

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
