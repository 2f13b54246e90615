import { createProviderShares, type ProviderShare } from './provider-shares';

/**
 * Jobs take shares in order; `held` lists, after every step, the jobs (by step number) that hold
 * their shares, `away` those turned away. A job left out of both is waiting.
 */
type Step = { take: [project: number, providers: string[]] } | { release: number };
const limits = { perProvider: 1, perProjectProvider: 0, waitingPerProvider: 2 };

const table: Array<[string, typeof limits, Step[], { held: number[]; away: number[] }]> = [
  ['a job past the shares of its provider waits for one', limits, [{ take: [1, ['apns']] }, { take: [2, ['apns']] }], { held: [0], away: [] }],
  ['a share given back goes to the first waiting job', limits, [{ take: [1, ['apns']] }, { take: [2, ['apns']] }, { take: [3, ['apns']] }, { release: 0 }], { held: [1], away: [] }],
  ['past the queue a job is turned away at once', limits, [{ take: [1, ['apns']] }, { take: [2, ['apns']] }, { take: [3, ['apns']] }, { take: [4, ['apns']] }], { held: [0], away: [3] }],
  ["jobs waiting for a slow provider hold the other provider's jobs back not at all", limits, [{ take: [1, ['apns']] }, { take: [2, ['apns']] }, { take: [3, ['apns']] }, { take: [4, ['fcm']] }], { held: [0, 3], away: [] }],
  ["one project's provider full: its next job waits, another project's goes", { perProvider: 0, perProjectProvider: 1, waitingPerProvider: 1 }, [{ take: [1, ['fcm']] }, { take: [1, ['fcm']] }, { take: [2, ['fcm']] }], { held: [0, 2], away: [] }],
  ["one project's provider slow: its jobs waiting for the project's share hold none of the provider's, another project's job goes", { perProvider: 2, perProjectProvider: 1, waitingPerProvider: 2 }, [{ take: [1, ['fcm']] }, { take: [1, ['fcm']] }, { take: [2, ['fcm']] }], { held: [0, 2], away: [] }],
  ['a job on both providers holds both once both are free, and not before', limits, [{ take: [1, ['fcm']] }, { take: [2, ['fcm', 'apns']] }, { take: [3, ['apns']] }, { release: 0 }], { held: [1], away: [] }],
  ['no queue (0) turns a job away at once, as without waiting', { ...limits, waitingPerProvider: 0 }, [{ take: [1, ['apns']] }, { take: [2, ['apns']] }], { held: [0], away: [1] }],
];

/** Lets the promises settled by the last step run their continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('provider shares with a queue per provider', () => {
  it.each(table)('%s', async (_, limits, steps, expected) => {
    const shares = createProviderShares(limits);
    const results = new Map<number, ProviderShare>();
    for (const [i, step] of steps.entries()) {
      if ('take' in step) void shares.take(...step.take).then((share) => results.set(i, share));
      else {
        const share = results.get(step.release);
        if (share?.taken) share.release();
      }
      await settle();
    }
    const held = [...results].filter(([, s]) => s.taken).map(([i]) => i);
    const away = [...results].filter(([, s]) => !s.taken).map(([i]) => i);
    expect({ held: held.filter((i) => !steps.some((s) => 'release' in s && s.release === i)).sort(), away: away.sort() }).toEqual(expected);
  });
});
