import { createFakeClock } from '@herald/timing';
import { BreakerOpenError, createBreaker, isCircuitOpen, type Breaker, type BreakerState } from './breaker';

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

describe('createBreaker: check() and growing open periods', () => {
  type Answer = { status: number };
  const ok = async (): Promise<Answer> => ({ status: 200 });
  const bad = async (): Promise<Answer> => ({ status: 500 });
  const boom = async (): Promise<Answer> => {
    throw new Error('connection refused');
  };
  const setUp = () => {
    const clock = createFakeClock(1_000_000);
    const changes: [BreakerState, number][] = [];
    const breaker = createBreaker<Answer>({
      consecutiveFailures: 3,
      halfOpenAfterMs: 1_000,
      maxOpenMs: 3_000,
      failedResult: (a) => a.status >= 500,
      onStateChange: (s, ms) => changes.push([s, ms]),
      clock,
    });
    return { clock, breaker, changes };
  };
  const failTimes = async (b: Breaker<Answer>, n: number) => {
    for (let i = 0; i < n; i++) await b.execute(i % 2 ? boom : bad).catch(() => undefined);
  };

  it('when fewer failures than the threshold come in a row, then it stays closed; a success resets the count', async () => {
    const { breaker } = setUp();
    await failTimes(breaker, 2);
    await breaker.execute(ok);
    await failTimes(breaker, 2);
    expect(breaker.state).toBe('closed');
    expect(breaker.check()).toEqual({ allowed: true });
  });

  it('when failures (errors or failed results) reach the threshold, then it opens and says until when', async () => {
    const { breaker, changes } = setUp();
    await failTimes(breaker, 3);
    expect(breaker.state).toBe('open');
    expect(breaker.check()).toEqual({ allowed: false, retryAt: 1_001_000 });
    await expect(breaker.execute(ok)).rejects.toEqual(new BreakerOpenError(1_001_000));
    expect(changes).toEqual([['open', 1_000]]);
  });

  it('when the open period ends, then one trial runs and the others are told to come back later, without waiting', async () => {
    const { clock, breaker, changes } = setUp();
    await failTimes(breaker, 3);
    clock.set(1_001_000);
    expect(breaker.check()).toEqual({ allowed: true });
    let finish!: (a: Answer) => void;
    const trial = breaker.execute(() => new Promise<Answer>((r) => (finish = r)));
    expect(breaker.state).toBe('half_open');
    expect(breaker.check()).toEqual({ allowed: false, retryAt: 1_002_000 });
    const other = await breaker.execute(ok).catch((e: unknown) => e);
    expect(isCircuitOpen(other)).toBe(true);
    finish({ status: 200 });
    await trial;
    expect(breaker.state).toBe('closed');
    expect(breaker.check()).toEqual({ allowed: true });
    expect(changes).toEqual([
      ['open', 1_000],
      ['half_open', 0],
      ['closed', 0],
    ]);
  });

  it.each([
    ['first failed trial', 1, 2_000],
    ['second failed trial', 2, 3_000],
    ['third failed trial (capped)', 3, 3_000],
  ])('when the %s fails, then it opens again for twice as long, up to the cap', async (_, trials, period) => {
    const { clock, breaker } = setUp();
    await failTimes(breaker, 3);
    let now = 1_001_000;
    for (let i = 0; i < trials; i++) {
      clock.set(now);
      await breaker.execute(bad);
      if (i < trials - 1) now += i === 0 ? 2_000 : 3_000;
    }
    expect(breaker.state).toBe('open');
    expect(breaker.check()).toEqual({ allowed: false, retryAt: now + period });
  });

  it('when a trial succeeds after grown periods, then the next opening is the first period again', async () => {
    const { clock, breaker } = setUp();
    await failTimes(breaker, 3);
    clock.set(1_001_000);
    await breaker.execute(bad);
    clock.set(1_003_000);
    await breaker.execute(ok);
    await failTimes(breaker, 3);
    expect(breaker.check()).toEqual({ allowed: false, retryAt: 1_004_000 });
  });

  it('when the breaker has no result predicate, then only thrown errors count', async () => {
    const breaker = createBreaker<Answer>({ consecutiveFailures: 2, halfOpenAfterMs: 1_000, clock: createFakeClock(0) });
    await breaker.execute(bad);
    await breaker.execute(bad);
    expect(breaker.state).toBe('closed');
    await breaker.execute(boom).catch(() => undefined);
    await breaker.execute(boom).catch(() => undefined);
    expect(breaker.state).toBe('open');
  });
});
