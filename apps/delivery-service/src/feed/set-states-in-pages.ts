import { stateEvents, type OutcomeEvents } from '../kernel/outcome-events';
import type { FeedRepository, StateFlags } from './feed-repository';

/** Notifications changed and emitted per round (bounds memory for a recipient with a large backlog). */
const PAGE = 1000;

/**
 * Sets seen/archived on these notifications of the recipient a page at a time (one change time
 * for the call), emitting the events of each page's changes before the next; answers how many changed.
 */
export async function setStatesInPages(
  deps: { feed: FeedRepository; events: OutcomeEvents; now: () => Date },
  projectId: number,
  recipientId: string,
  ids: number[],
  flags: Pick<StateFlags, 'seen' | 'archived'>,
): Promise<number> {
  const now = deps.now();
  let updated = 0;
  for (let i = 0; i < ids.length; i += PAGE) {
    const { docs, stateChanges } = await deps.feed.setStates(projectId, recipientId, ids.slice(i, i + PAGE), flags, now);
    updated += stateChanges.size;
    await deps.events.emit(docs.flatMap((d) => stateEvents(d, stateChanges.get(d._id) ?? {}, now.getTime())));
  }
  return updated;
}
