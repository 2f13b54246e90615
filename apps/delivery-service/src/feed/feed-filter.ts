import type { Target } from '../kernel/target';

/** A tab of the feed: the notifications whose target has these values (each absent: any). */
export interface FeedFilter {
  channel?: string;
  topic?: string;
  event?: string;
}

/** The store terms of a feed filter (`target.<name>` equalities; none for an empty filter). */
export function targetTerms(f: FeedFilter | undefined): Record<string, string> {
  const terms: Record<string, string> = {};
  if (f?.channel !== undefined) terms['target.channel'] = f.channel;
  if (f?.topic !== undefined) terms['target.topic'] = f.topic;
  if (f?.event !== undefined) terms['target.event'] = f.event;
  return terms;
}

/** Whether a notification's target is in the tab (the same test as `targetTerms`, on a document already read). */
export function inTab(target: Target | null, f: FeedFilter | undefined): boolean {
  return (f?.channel === undefined || target?.channel === f.channel) && (f?.topic === undefined || target?.topic === f.topic) && (f?.event === undefined || target?.event === f.event);
}
