import { MAX_RETRY_DELAY_MS, retryDelayMs } from './retry-delay';

describe('the wait before an outbound retry', () => {
  it('when attempts 1 to 4 of 5 fail (base 50 ms), then the waits are 50, 100, 200 and 400 ms: 750 ms from the first attempt to the last', () => {
    const waits = [1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 50));
    expect(waits).toEqual([50, 100, 200, 400]);
    expect(waits.reduce((a, b) => a + b)).toBe(750);
  });

  it('when the provider asks for longer (Retry-After), then the wait is what it asked for', () => {
    expect(retryDelayMs(1, 50, 3_000)).toBe(3_000);
    expect(retryDelayMs(4, 50, 100)).toBe(400);
  });

  it('when the backoff or the provider asks for more than an hour, then the wait is an hour', () => {
    expect(retryDelayMs(40, 500)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(1, 500, 10 * MAX_RETRY_DELAY_MS)).toBe(MAX_RETRY_DELAY_MS);
  });
});
