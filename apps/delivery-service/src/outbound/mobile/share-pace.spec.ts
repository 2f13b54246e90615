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

describe("when a project's provider is full and its queue too", () => {
  /** Two shares of project 1's apns taken, one given back after `holdMs` (the hold time measured) and taken again: the key full; the shares held, oldest first. */
  async function fullAfterOneHold(shares: ReturnType<typeof createProviderShares>, clock: ReturnType<typeof fakeClock>, holdMs: number) {
    const first = await shares.take(1, ['apns']);
    const second = await shares.take(1, ['apns']);
    clock.advance(holdMs);
    if (first.taken) first.release();
    return [second, await shares.take(1, ['apns'])];
  }

  it('when its shares are given back quickly (measured), then the next job keeps a place and gets its share when one is given back', async () => {
    const clock = fakeClock();
    const shares = createProviderShares({ perProvider: 0, perProjectProvider: 2 }, clock.now);
    const [oldest] = await fullAfterOneHold(shares, clock, 20);
    const next = shares.place(1, ['apns']);
    expect(next.placed).toBe(true);
    let taken = false;
    const share = next.placed ? next.take().then((release) => ((taken = true), release)) : null;
    await Promise.resolve();
    expect(taken).toBe(false);
    if (oldest.taken) oldest.release();
    (await share)?.();
    expect(taken).toBe(true);
  });

  it('when its shares are held long (measured), or were never given back yet, then the next job is turned away as before', async () => {
    const clock = fakeClock();
    const slow = createProviderShares({ perProvider: 0, perProjectProvider: 2 }, clock.now);
    await fullAfterOneHold(slow, clock, 2_000);
    expect(await turnedAway(slow, 1, 'apns')).toBe(1_000);
    const unmeasured = createProviderShares({ perProvider: 0, perProjectProvider: 1 }, clock.now);
    await unmeasured.take(1, ['apns']);
    expect(await turnedAway(unmeasured, 1, 'apns')).toBe(250);
  });

  it('when the provider itself is full, then a quick project key does not let the job wait past the provider queue', async () => {
    const clock = fakeClock();
    const shares = createProviderShares({ perProvider: 3, perProjectProvider: 2 }, clock.now);
    await fullAfterOneHold(shares, clock, 20);
    expect(shares.place(1, ['apns']).placed).toBe(true);
    expect(await turnedAway(shares, 1, 'apns')).toBe(250);
  });
});
