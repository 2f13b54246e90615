import { BreakerOpenError, createBreaker, type Breaker } from './endpoint-breaker';

type Answer = { status: number };
const ok = async (): Promise<Answer> => ({ status: 200 });
const bad = async (): Promise<Answer> => ({ status: 500 });
const boom = async (): Promise<Answer> => {
  throw new Error('connection refused');
};
const make = () => createBreaker<Answer>({ failures: 3, openMs: 1_000, maxOpenMs: 3_000, failedResult: (a) => a.status >= 500 });
const failTimes = async (b: Breaker<Answer>, n: number) => {
  for (let i = 0; i < n; i++) await b.execute(i % 2 ? boom : bad).catch(() => undefined);
};

describe('createBreaker', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => jest.useRealTimers());

  it('when fewer failures than the threshold come in a row, then it stays closed; a success resets the count', async () => {
    const b = make();
    await failTimes(b, 2);
    await b.execute(ok);
    await failTimes(b, 2);
    expect(b.state).toBe('closed');
    expect(b.check()).toEqual({ allowed: true });
  });

  it('when failures (errors or failed results) reach the threshold, then it opens and says until when', async () => {
    const b = make();
    const changes: [string, number][] = [];
    b.onChange((s, ms) => changes.push([s, ms]));
    await failTimes(b, 3);
    expect(b.state).toBe('open');
    expect(b.check()).toEqual({ allowed: false, retryAt: 1_000_000 + 1_000 });
    await expect(b.execute(ok)).rejects.toEqual(new BreakerOpenError(1_001_000));
    expect(changes).toEqual([['open', 1_000]]);
  });

  it('when the open period ends, then one trial runs and the others are told to come back later, without waiting', async () => {
    const b = make();
    await failTimes(b, 3);
    jest.setSystemTime(1_001_000);
    expect(b.check()).toEqual({ allowed: true });
    let finish!: (a: Answer) => void;
    const trial = b.execute(() => new Promise<Answer>((r) => (finish = r)));
    expect(b.state).toBe('half_open');
    expect(b.check()).toEqual({ allowed: false, retryAt: 1_001_000 + 1_000 });
    await expect(b.execute(ok)).rejects.toBeInstanceOf(BreakerOpenError);
    finish({ status: 200 });
    await trial;
    expect(b.state).toBe('closed');
    expect(b.check()).toEqual({ allowed: true });
  });

  it.each([
    ['first failed trial', 1, 2_000],
    ['second failed trial', 2, 3_000],
    ['third failed trial (capped)', 3, 3_000],
  ])('when the %s fails, then it opens again for twice as long, up to the cap', async (_, trials, period) => {
    const b = make();
    await failTimes(b, 3);
    let now = 1_000_000 + 1_000;
    for (let i = 0; i < trials; i++) {
      jest.setSystemTime(now);
      await b.execute(bad);
      if (i < trials - 1) now += i === 0 ? 2_000 : 3_000;
    }
    expect(b.state).toBe('open');
    expect(b.check()).toEqual({ allowed: false, retryAt: now + period });
  });

  it('when the breaker has no result predicate, then only thrown errors count', async () => {
    const b = createBreaker<Answer>({ failures: 2, openMs: 1_000, maxOpenMs: 1_000 });
    await b.execute(bad);
    await b.execute(bad);
    expect(b.state).toBe('closed');
    await b.execute(boom).catch(() => undefined);
    await b.execute(boom).catch(() => undefined);
    expect(b.state).toBe('open');
  });
});
