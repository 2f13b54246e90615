import type { NotificationDoc } from '../kernel/store/notification-repository';

/**
 * A notification's place in the feed, newest first, and the feed's cursor: its `feed_order` once a
 * snooze ended by its timer (an id allocated at its wake, above every earlier send), its `_id`
 * otherwise (never woken, and documents older than `feed_order`: no migration needed).
 */
export const feedKey = (d: Pick<NotificationDoc, '_id' | 'feed_order'>): number => d.feed_order ?? d._id;

/** Two lists each newest first by `feedKey`, merged into one, newest first. */
export function mergeByFeedKey<D extends Pick<NotificationDoc, '_id' | 'feed_order'>>(a: D[], b: D[]): D[] {
  return [...a, ...b].sort((x, y) => feedKey(y) - feedKey(x));
}
