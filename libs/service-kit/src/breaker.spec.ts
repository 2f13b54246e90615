import { createBreaker, isCircuitOpen, type BreakerState } from './breaker';

const fail = async () => {
  throw new Error('provider down');
};
const ok = async () => 'sent';

describe('createBreaker', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('when the call fails consecutiveFailures times, then it opens and later calls fail at once without running', async () => {
    const states: BreakerState[] = [];
    const breaker = createBreaker({ consecutiveFailures: 3, halfOpenAfterMs: 10_000, onStateChange: (s) => states.push(s) });
    for (let i = 0; i < 3; i++) await expect(breaker.execute(fail)).rejects.toThrow('provider down');
    expect(breaker.state).toBe('open');
    const run = jest.fn(ok);
    const err = await breaker.execute(run).catch((e: unknown) => e);
    expect(isCircuitOpen(err)).toBe(true);
    expect(run).not.toHaveBeenCalled();
    expect(states).toEqual(['open']);
  });

  it('when a success comes between failures, then the count starts again', async () => {
    const breaker = createBreaker({ consecutiveFailures: 2, halfOpenAfterMs: 10_000 });
    await breaker.execute(fail).catch(() => undefined);
    await breaker.execute(ok);
    await breaker.execute(fail).catch(() => undefined);
    expect(breaker.state).toBe('closed');
  });

  it('when halfOpenAfterMs has passed, then one probe runs: its success closes the breaker', async () => {
    const states: BreakerState[] = [];
    const breaker = createBreaker({ consecutiveFailures: 1, halfOpenAfterMs: 10_000, onStateChange: (s) => states.push(s) });
    await breaker.execute(fail).catch(() => undefined);
    jest.setSystemTime(Date.now() + 9_999);
    expect(isCircuitOpen(await breaker.execute(ok).catch((e: unknown) => e))).toBe(true);
    jest.setSystemTime(Date.now() + 2);
    await expect(breaker.execute(ok)).resolves.toBe('sent');
    expect(breaker.state).toBe('closed');
    expect(states).toEqual(['open', 'half_open', 'closed']);
  });

  it('when the half-open probe fails, then it opens again for another halfOpenAfterMs', async () => {
    const breaker = createBreaker({ consecutiveFailures: 1, halfOpenAfterMs: 10_000 });
    await breaker.execute(fail).catch(() => undefined);
    jest.setSystemTime(Date.now() + 10_001);
    await expect(breaker.execute(fail)).rejects.toThrow('provider down');
    expect(breaker.state).toBe('open');
    expect(isCircuitOpen(await breaker.execute(ok).catch((e: unknown) => e))).toBe(true);
  });

  it('when an error is not a failure (isFailure false), then it passes through and does not count', async () => {
    const breaker = createBreaker({ consecutiveFailures: 1, halfOpenAfterMs: 10_000, isFailure: (e) => (e as Error).message !== 'bad number' });
    await expect(
      breaker.execute(async () => {
        throw new Error('bad number');
      }),
    ).rejects.toThrow('bad number');
    expect(breaker.state).toBe('closed');
  });
});
