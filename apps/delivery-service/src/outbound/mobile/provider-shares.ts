import { createWaitingShares } from './waiting-shares';

export interface ProviderShareLimits {
  /** Mobile push jobs in flight to one provider (FCM, APNs) at most (0: no limit). */
  perProvider: number;
  /** Mobile push jobs of one project in flight to one provider at most (0: no limit). */
  perProjectProvider: number;
  /** Jobs waiting for a share of one provider (or one project's provider) at most; absent: 0, none wait. */
  waitingPerProvider?: number;
}

/**
 * A job's places in line at its providers, kept (nothing in flight yet: `take` waits for the shares
 * and returns their release; `giveUp` when the job will not take them); or why not and when to try
 * again (nothing kept then).
 */
export type ProviderPlaces = { placed: true; take(): Promise<() => void>; giveUp(): void } | { placed: false; reason: string; retryAfterMs: number };

/** A job's shares of its providers, taken; or why not and when to try again (nothing is held then). */
export type ProviderShare = { taken: true; release(): void } | { taken: false; reason: string; retryAfterMs: number };

/**
 * Shares of the mobile push pool per provider and per (project, provider): a job takes one share
 * of each provider its devices are on before any request, and gives them back when done. A job
 * whose provider (or its project's provider) has all its shares in flight waits for one, in a
 * bounded queue of that provider; with the queue full it is turned away (nothing held). So a slow
 * provider holds at most its shares and its queue of the pool, and the other provider's pushes go
 * on. Shares are taken in one order (by provider name; the project's, then the provider's), so two
 * waiting jobs never wait for each other; and a job waiting for its project's share holds none of
 * the provider's shares, so one project's slow provider holds at most that project's shares of it and the
 * other projects' pushes to the same provider go on. A job turned away is told when to come back:
 * at the pace its provider (or its project's provider) gives its shares back (share-pace), not at once.
 * Past its project's queue a job still keeps a place when that project's shares are given back fast
 * enough (measured) for its turn to come before a turned-away job would come back: one busy project
 * on a healthy provider waits instead of returning, still within the provider's shares and queue.
 *
 * A job may first keep its places in line (`place`: decided at once, counted with those in flight
 * and waiting) and take its shares a little later (its claim in between): so a job turned away is
 * turned away before it claims anything, and a share is held only while its pushes go out.
 */
export function createProviderShares(limits: ProviderShareLimits, now: () => number = Date.now) {
  const waiting = limits.waitingPerProvider ?? 0;
  const byProvider = createWaitingShares(limits.perProvider, waiting, now);
  const byProjectProvider = createWaitingShares(limits.perProjectProvider, waiting, now, { waitWhileShort: true });
  const projectKey = (projectId: number, provider: string) => `${projectId}:${provider}`;
  const leave = (projectId: number, provider: string) => {
    byProvider.leave(provider);
    byProjectProvider.leave(projectKey(projectId, provider));
  };
  /** Keeps a place in line at each provider (and the project's), in one order; nothing kept when one is refused. */
  function place(projectId: number, providers: Iterable<string>): ProviderPlaces {
    const ordered = [...new Set(providers)].sort();
    const kept: string[] = [];
    const giveUp = () =>
      kept.forEach((p) => {
        byProjectProvider.unplace(projectKey(projectId, p));
        byProvider.unplace(p);
      });
    for (const provider of ordered) {
      const key = projectKey(projectId, provider);
      if (!byProjectProvider.place(key)) {
        giveUp();
        return { placed: false, retryAfterMs: byProjectProvider.returnIn(key), reason: `as many mobile pushes of this project in flight to ${provider} as allowed (MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROJECT), and as many waiting` };
      }
      if (!byProvider.place(provider)) {
        byProjectProvider.unplace(key);
        giveUp();
        return { placed: false, retryAfterMs: byProvider.returnIn(provider), reason: `as many mobile pushes in flight to ${provider} as allowed (MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROVIDER), and as many waiting (MOBILE_PUSH_MAX_WAITING_PER_PROVIDER)` };
      }
      kept.push(provider);
    }
    return {
      placed: true,
      giveUp,
      async take() {
        for (const provider of ordered) {
          await byProjectProvider.enter(projectKey(projectId, provider), true);
          await byProvider.enter(provider, true);
        }
        return () => ordered.forEach((p) => leave(projectId, p));
      },
    };
  }

  return {
    place,
    /** `place` and, kept, the shares taken at once (waiting its turn). */
    async take(projectId: number, providers: Iterable<string>): Promise<ProviderShare> {
      const places = place(projectId, providers);
      if (!places.placed) return { taken: false, reason: places.reason, retryAfterMs: places.retryAfterMs };
      return { taken: true, release: await places.take() };
    },
  };
}

export type ProviderShares = ReturnType<typeof createProviderShares>;
