import type { GoverningEntry } from '../kernel/ports';
import type { ThrottleRepository } from './throttle-repository';

/** The ports this use case works with. */
export interface ApplyThrottlesDeps {
  now: () => Date;
  throttles: ThrottleRepository;
}

/** One notification passing the cascade for a throttled medium: who, for which notification. */
export interface ThrottleCandidate {
  id: number;
  recipientId: string;
}

/** A throttle's key: one (project, entry, medium, recipient). */
export const throttleKey = (projectId: number, entryId: number, medium: string, recipientId: string) => `${projectId}:${entryId}:${medium}:${recipientId}`;

/**
 * The governing entry's throttle over one batch of notifications of one (project,
 * target, medium) that the cascade let through: each recipient's deliveries are counted in order
 * (scheduling/throttle-repository.ts); returns the ids past the throttle. No throttle: none, and no
 * store operation (the hot path of an unthrottled entry costs nothing more).
 */
export async function applyThrottle(
  deps: ApplyThrottlesDeps,
  projectId: number,
  medium: string,
  governing: GoverningEntry | undefined,
  items: ThrottleCandidate[],
): Promise<Set<number>> {
  const refused = new Set<number>();
  const t = governing?.throttle;
  if (!t || items.length === 0) return refused;
  const byRecipient = new Map<string, ThrottleCandidate[]>();
  for (const item of items) byRecipient.set(item.recipientId, [...(byRecipient.get(item.recipientId) ?? []), item]);
  const nowMs = deps.now().getTime();
  await Promise.all(
    [...byRecipient].map(async ([recipientId, group]) => {
      const owners = group.map((g) => `${g.id}:${medium}`);
      const granted = await deps.throttles.reserve(throttleKey(projectId, governing!.id, medium, recipientId), owners, t.max, t.windowSeconds * 1000, nowMs);
      group.forEach((g, i) => !granted.has(owners[i]) && refused.add(g.id));
    }),
  );
  return refused;
}
