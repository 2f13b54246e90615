import { createProviderShares } from './provider-shares';

type Step = { take: [project: number, providers: string[]]; taken: boolean; reason?: string } | { release: number };

const table: Array<[string, { perProvider: number; perProjectProvider: number }, Step[]]> = [
  [
    'a provider with all its shares in flight turns the next job away; the other provider takes it',
    { perProvider: 2, perProjectProvider: 0 },
    [
      { take: [1, ['apns']], taken: true },
      { take: [2, ['apns']], taken: true },
      { take: [3, ['apns']], taken: false, reason: 'MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROVIDER' },
      { take: [3, ['fcm']], taken: true },
    ],
  ],
  [
    "one project's provider full leaves that provider to the other projects",
    { perProvider: 0, perProjectProvider: 1 },
    [
      { take: [1, ['apns']], taken: true },
      { take: [1, ['apns']], taken: false, reason: 'MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROJECT' },
      { take: [1, ['fcm']], taken: true },
      { take: [2, ['apns']], taken: true },
    ],
  ],
  [
    'a job on both providers that cannot have one holds neither',
    { perProvider: 1, perProjectProvider: 0 },
    [
      { take: [1, ['apns']], taken: true },
      { take: [2, ['fcm', 'apns']], taken: false, reason: 'apns' },
      { take: [3, ['fcm']], taken: true },
    ],
  ],
  [
    'a released share is free again; a job takes one share of a provider however many devices it has there',
    { perProvider: 1, perProjectProvider: 1 },
    [
      { take: [1, ['fcm', 'fcm']], taken: true },
      { take: [1, ['fcm']], taken: false },
      { release: 0 },
      { take: [1, ['fcm']], taken: true },
    ],
  ],
  ['no limits (0) never turn a job away', { perProvider: 0, perProjectProvider: 0 }, Array.from({ length: 100 }, () => ({ take: [1, ['apns']] as [number, string[]], taken: true }))],
];

describe('provider shares of the mobile push pool', () => {
  it.each(table)('%s', async (_, limits, steps) => {
    const shares = createProviderShares(limits);
    const taken: Array<() => void> = [];
    for (const step of steps) {
      if ('release' in step) {
        taken[step.release]();
        continue;
      }
      const share = await shares.take(...step.take);
      expect(share.taken).toBe(step.taken);
      if (share.taken) taken.push(share.release);
      else if (step.reason) expect(share.reason).toContain(step.reason);
    }
  });
});

describe('places in line at the providers, kept before the shares are taken', () => {
  it('when a job keeps its places, then they count with the shares in flight and the waiting jobs: a job past them is turned away at once, and the placed job still gets its turn', async () => {
    const shares = createProviderShares({ perProvider: 1, perProjectProvider: 0, waitingPerProvider: 1 });
    const first = shares.place(1, ['apns']);
    const second = shares.place(2, ['apns']);
    const third = shares.place(3, ['apns']);
    expect([first.placed, second.placed, third.placed]).toEqual([true, true, false]);
    expect(await shares.take(4, ['apns'])).toMatchObject({ taken: false, reason: expect.stringContaining('MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROVIDER') });
    if (!first.placed || !second.placed) return;
    const releaseFirst = await first.take();
    let secondHeld = false;
    const secondTaking = second.take().then((release) => ((secondHeld = true), release));
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondHeld).toBe(false);
    releaseFirst();
    (await secondTaking)();
    expect((await shares.take(5, ['apns'])).taken).toBe(true);
  });

  it('when a job gives its places up (it will not be sent), then they are free again at once', async () => {
    const shares = createProviderShares({ perProvider: 1, perProjectProvider: 1 });
    const kept = shares.place(1, ['fcm', 'apns']);
    expect((await shares.take(1, ['fcm'])).taken).toBe(false);
    if (kept.placed) kept.giveUp();
    expect((await shares.take(1, ['fcm', 'apns'])).taken).toBe(true);
  });
});
