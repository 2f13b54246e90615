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
