import type { FeedTab } from '../client.js';
import type { components } from '../gen/api.js';

type Notification = components['schemas']['Notification'];

/**
 * Which notifications a view shows: the feed (default), the archived ones, only (un)read ones, and
 * one tab (`channel`, `topic`, `event`: any subset, each absent matching any value).
 */
export interface InboxFilter {
  archived?: boolean;
  read?: boolean;
  channel?: string;
  topic?: string;
  event?: string;
}

const TAB_KEYS = ['channel', 'topic', 'event'] as const;

/** The tab part of a filter, as the feed, counts and mark-all calls take it (absent keys left out). */
export function tabOf(filter: InboxFilter): FeedTab {
  const tab: FeedTab = {};
  for (const key of TAB_KEYS) if (filter[key] !== undefined) tab[key] = filter[key];
  return tab;
}

/** Whether a notification is in the filter's tab (a notification without a target only where no tab is given). */
export const inTab = (n: Notification, filter: InboxFilter) => TAB_KEYS.every((key) => filter[key] === undefined || n.target?.[key] === filter[key]);

/** What can be changed on one notification from an inbox. */
export interface NotificationPatch {
  read?: boolean;
  /** Opened (its content followed): set with `read` when an inbox item is clicked. */
  opened?: boolean;
  seen?: boolean;
  archived?: boolean;
}

export interface InboxCounts {
  unread: number;
  unseen: number;
}

/** Whether a notification belongs in a view with this filter (a snoozed one is in none until it comes back). */
export const matchesFilter = (n: Notification, filter: InboxFilter): boolean =>
  !n.snoozed_until && n.archived === (filter.archived ?? false) && (filter.read === undefined || n.read === filter.read) && inTab(n, filter);

/** The notification as the server will make it: archiving marks it seen too. */
export const applyPatch = (n: Notification, patch: NotificationPatch): Notification => ({
  ...n,
  ...patch,
  seen: patch.archived || (patch.seen ?? n.seen),
});

/** How one notification counts: archived and snoozed ones are out of both counts. */
const countsOf = (n: Notification): InboxCounts => ({
  unread: !n.archived && !n.snoozed_until && !n.read ? 1 : 0,
  unseen: !n.archived && !n.snoozed_until && !n.seen ? 1 : 0,
});

/** The counts after a notification changed from `before` to `after` (never below zero). */
export function adjustCounts(counts: InboxCounts, before: Notification, after: Notification): InboxCounts {
  const was = countsOf(before);
  const is = countsOf(after);
  return { unread: Math.max(0, counts.unread - was.unread + is.unread), unseen: Math.max(0, counts.unseen - was.unseen + is.unseen) };
}

/**
 * The view's items after a notification arrived or changed: replaced in place when the view has it;
 * put on top when it `arrived` (a new send, or one whose snooze ended: the feed has it on top as of
 * then); otherwise inserted before the first older id when it belongs to the part already loaded
 * (it changed into the view); removed when it no longer belongs.
 */
export function placeItem(items: readonly Notification[], n: Notification, filter: InboxFilter, complete: boolean, arrived = false): Notification[] {
  const rest = items.filter((i) => i.id !== n.id);
  if (!matchesFilter(n, filter)) return rest;
  if (rest.length < items.length) return items.map((i) => (i.id === n.id ? n : i));
  if (arrived) return [n, ...items];
  const oldest = items.at(-1);
  if (!complete && oldest && n.id < oldest.id) return [...items];
  const at = items.findIndex((i) => i.id < n.id);
  return at === -1 ? [...items, n] : [...items.slice(0, at), n, ...items.slice(at)];
}
