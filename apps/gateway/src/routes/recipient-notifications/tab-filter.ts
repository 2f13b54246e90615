import { Type } from '@sinclair/typebox';
import { LIMITS } from '@herald/contracts';

const TargetValue = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.targetFieldMax, description }));

/**
 * A tab of the feed: `channel`, `topic`, `event`, any subset, each an equality on the
 * notification's target. The feed, the counts and the mark-all endpoints take them.
 */
export const TabQuery = {
  channel: TargetValue('Only notifications of this channel (a tab)'),
  topic: TargetValue('Only notifications of this topic'),
  event: TargetValue('Only notifications of this event'),
};

/** The delivery service's FeedFilter of a request's tab query. */
export function tabFilter(q: { channel?: string; topic?: string; event?: string }): { channel?: string; topic?: string; event?: string } {
  return { channel: q.channel, topic: q.topic, event: q.event };
}
