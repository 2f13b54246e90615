import { invalid } from '@herald/service-kit';
import { OUTBOUND_MEDIUMS, type OutboundMedium } from '../kernel/outbound';
import { outcomeStatusField } from '../kernel/store/activity-keys';

/** The filters of the activity log that pick notifications by equality (the time range is apart). */
export interface ActivityFilter {
  recipientId?: string;
  channel?: string;
  topic?: string;
  event?: string;
  status?: string;
  medium?: string;
  outcome?: string;
  broadcastId?: number;
}
type FilterName = keyof ActivityFilter;

/**
 * The filter combinations the activity log serves, each with the index that answers it (declared
 * in activity-repository.ts). Every index ends in `created_at: -1, _id: -1`, so each also
 * takes a time range and pages newest first without sorting.
 */
export const ACTIVITY_SHAPES: readonly { filters: readonly FilterName[]; index: string }[] = [
  { filters: [], index: 'activity' },
  { filters: ['recipientId'], index: 'activity_recipient' },
  { filters: ['recipientId', 'status'], index: 'activity_recipient_status' },
  { filters: ['status'], index: 'activity_status' },
  { filters: ['channel'], index: 'activity_channel' },
  { filters: ['channel', 'topic'], index: 'activity_topic' },
  { filters: ['channel', 'topic', 'event'], index: 'activity_event' },
  { filters: ['medium', 'outcome'], index: 'activity_<outcome field>_status' },
  { filters: ['broadcastId'], index: 'activity_broadcast' },
];

const WIRE_NAMES: Record<FilterName, string> = {
  recipientId: 'recipient_id',
  channel: 'channel',
  topic: 'topic',
  event: 'event',
  status: 'status',
  medium: 'medium',
  outcome: 'outcome',
  broadcastId: 'broadcast_id',
};

/** The shapes in words, for the refusal. */
const SERVED = ACTIVITY_SHAPES.filter((s) => s.filters.length > 0)
  .map((s) => s.filters.map((f) => WIRE_NAMES[f]).join('+'))
  .join(', ');

/**
 * The store filter of an activity query, or InvalidArgument `filter_not_indexed` when no index
 * serves this combination (the log never scans a project's notifications).
 */
export function activityStoreFilter(f: ActivityFilter): Record<string, string | number> {
  const given = (Object.keys(WIRE_NAMES) as FilterName[]).filter((k) => f[k] !== undefined);
  const served = ACTIVITY_SHAPES.some((s) => s.filters.length === given.length && s.filters.every((name) => given.includes(name)));
  if (!served) {
    const asked = given.map((k) => WIRE_NAMES[k]).join('+');
    throw invalid(`No index serves the filter combination ${asked}; served: ${SERVED} (each with since/until)`, [], 'filter_not_indexed');
  }
  if (f.medium !== undefined && !(OUTBOUND_MEDIUMS as readonly string[]).includes(f.medium)) {
    throw invalid('medium is unknown', [{ message: `medium must be one of ${OUTBOUND_MEDIUMS.join(', ')}`, description: `medium must be one of ${OUTBOUND_MEDIUMS.join(', ')}`, property_path: 'medium', invalid_value: f.medium }]);
  }
  const filter: Record<string, string | number> = {};
  if (f.recipientId !== undefined) filter.recipient_id = f.recipientId;
  if (f.status !== undefined) filter.status = f.status;
  // The nested fields through their top-level copies (activity-keys.ts), which the indexes hold.
  if (f.channel !== undefined) filter.target_channel = f.channel;
  if (f.topic !== undefined) filter.target_topic = f.topic;
  if (f.event !== undefined) filter.target_event = f.event;
  if (f.medium !== undefined && f.outcome !== undefined) filter[outcomeStatusField(f.medium as OutboundMedium)] = f.outcome;
  if (f.broadcastId !== undefined) filter.broadcast_id = f.broadcastId;
  return filter;
}
