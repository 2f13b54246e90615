import { createInFlight } from '../push/in-flight';

export interface ProviderShareLimits {
  /** Mobile push jobs in flight to one provider (FCM, APNs) at most (0: no limit). */
  perProvider: number;
  /** Mobile push jobs of one project in flight to one provider at most (0: no limit). */
  perProjectProvider: number;
}

/** A job's shares of its providers, taken; or why not (nothing is held then). */
export type ProviderShare = { taken: true; release(): void } | { taken: false; reason: string };

/**
 * Shares of the mobile push pool per provider and per (project, provider): a job takes one share
 * of each provider its devices are on before any request, and gives them back when done. A
 * provider (or one project's provider) with all its shares in flight turns its next jobs away, so
 * a slow provider holds at most its share of the pool and the other provider's pushes go on.
 */
export function createProviderShares(limits: ProviderShareLimits) {
  const byProvider = createInFlight(limits.perProvider);
  const byProjectProvider = createInFlight(limits.perProjectProvider);
  const projectKey = (projectId: number, provider: string) => `${projectId}:${provider}`;
  const leave = (projectId: number, provider: string) => {
    byProvider.leave(provider);
    byProjectProvider.leave(projectKey(projectId, provider));
  };
  return {
    take(projectId: number, providers: Iterable<string>): ProviderShare {
      const held: string[] = [];
      const giveBack = () => held.forEach((p) => leave(projectId, p));
      for (const provider of new Set(providers)) {
        if (!byProvider.tryEnter(provider)) {
          giveBack();
          return { taken: false, reason: `as many mobile pushes in flight to ${provider} as allowed (MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROVIDER)` };
        }
        if (!byProjectProvider.tryEnter(projectKey(projectId, provider))) {
          byProvider.leave(provider);
          giveBack();
          return { taken: false, reason: `as many mobile pushes of this project in flight to ${provider} as allowed (MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROJECT)` };
        }
        held.push(provider);
      }
      return { taken: true, release: giveBack };
    },
  };
}

export type ProviderShares = ReturnType<typeof createProviderShares>;
