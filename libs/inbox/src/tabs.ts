/** Which notifications a tab shows: those whose target has these values (each absent: any). */
export interface FeedFilter {
  channel?: string;
  topic?: string;
  event?: string;
}

/** One tab of the panel: its label and the feed filter it shows. */
export interface InboxTab {
  label: string;
  filter: FeedFilter;
}

const FILTER_KEYS = ['channel', 'topic', 'event'] as const;

const tabOf = (value: unknown): InboxTab[] => {
  if (!value || typeof value !== 'object') return [];
  const { label, filter } = value as { label?: unknown; filter?: unknown };
  if (typeof label !== 'string' || label.trim() === '') return [];
  const given = filter && typeof filter === 'object' ? (filter as Record<string, unknown>) : {};
  const kept: FeedFilter = {};
  for (const key of FILTER_KEYS) if (typeof given[key] === 'string' && given[key] !== '') kept[key] = given[key] as string;
  return [{ label, filter: kept }];
};

/** The tabs of the `tabs` attribute (JSON text) or property (a list): entries without a label are left out, as are unknown filter keys. */
export function parseTabs(value: unknown): InboxTab[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.flatMap(tabOf) : [];
}
