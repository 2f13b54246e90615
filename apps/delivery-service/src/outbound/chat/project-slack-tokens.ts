import { createCache, type Clock } from '@herald/service-kit';
import type { SlackTokenSource } from './slack-token-source';

/** How long a project's token is kept after a read (a send does not open the sealed settings per message). */
const TOKEN_TTL_MS = 30_000;
const MAX_PROJECTS = 10_000;

export interface ProjectSlackTokenDeps {
  /** The project's Slack settings in clear (`{ bot_token }`), null when it has configured none. */
  read(projectId: number): Promise<Record<string, string> | null>;
  /** The server's token (SLACK_BOT_TOKEN; '' : none), used by a project without its own. */
  fallback: string;
  clock: Clock;
}

/**
 * Each project's own Slack bot token (`PUT /providers/slack`), else the server's. Reads are cached
 * briefly; `forget` drops a project's entry when its settings change on this replica.
 */
export function projectSlackTokens(deps: ProjectSlackTokenDeps): SlackTokenSource & { forget(projectId: number): void } {
  const cache = createCache<{ token: string | null }>({ max: MAX_PROJECTS, ttlMs: TOKEN_TTL_MS, clock: deps.clock });
  const fallback = deps.fallback || null;
  return {
    async tokenFor(projectId) {
      if (projectId === undefined) return fallback;
      const entry = await cache.getOrLoad(String(projectId), async () => ({ token: (await deps.read(projectId))?.bot_token || fallback }));
      return entry?.token ?? fallback;
    },
    forget: (projectId) => cache.delete(String(projectId)),
  };
}
