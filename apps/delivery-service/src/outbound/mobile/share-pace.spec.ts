import { createProviderShares } from './provider-shares';

/** A clock the test moves by hand. */
function fakeClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const turnedAway = async (shares: ReturnType<typeof createProviderShares>, project: number, provider: string) => {
  const share = await shares.take(project, [provider]);
  if (share.taken) throw new Error('expected the job to be turned away');
  return share.retryAfterMs;
};

describe('when a job is turned away from a busy provider', () => {
  it('when the shares in flight are young, then it comes back no sooner than 250 ms', async () => {
    const clock = fakeClock();
    const shares = createProviderShares({ perProvider: 2, perProjectProvider: 0 }, clock.now);
    await shares.take(1, ['apns']);
    await shares.take(1, ['apns']);
    expect(await turnedAway(shares, 1, 'apns')).toBe(250);
  });

  it('when the shares are held long (a slow provider), then turned-away jobs come back spaced at the pace shares are given back, one after another', async () => {
    const clock = fakeClock();
    const shares = createProviderShares({ perProvider: 2, perProjectProvider: 0 }, clock.now);
    const held = [await shares.take(1, ['apns']), await shares.take(1, ['apns'])];
    clock.advance(2_000);
    // Held 2 s so far, two shares: one is free about every second.
    expect([await turnedAway(shares, 1, 'apns'), await turnedAway(shares, 2, 'apns'), await turnedAway(shares, 3, 'apns')]).toEqual([1_000, 2_000, 3_000]);
    for (const h of held) if (h.taken) h.release();
    clock.advance(3_000);
    // Measured since: 2 s per share (held 2 s, then given back); the bookings have passed.
    await shares.take(1, ['apns']);
    await shares.take(1, ['apns']);
    expect(await turnedAway(shares, 1, 'apns')).toBe(1_000);
  });

  it("when one project's provider is full, then its turned-away jobs are paced by that project's shares, and the other provider is not", async () => {
    const clock = fakeClock();
    const shares = createProviderShares({ perProvider: 0, perProjectProvider: 1 }, clock.now);
    await shares.take(1, ['apns']);
    clock.advance(4_000);
    expect(await turnedAway(shares, 1, 'apns')).toBe(4_000);
    expect((await shares.take(1, ['fcm'])).taken).toBe(true);
    expect((await shares.take(2, ['apns'])).taken).toBe(true);
  });
});
