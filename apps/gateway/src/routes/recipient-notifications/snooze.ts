import { timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { invalid } from '@herald/service-kit';
import { Type } from '@sinclair/typebox';
import { Nullable } from '../shared/schemas';

/** RFC 3339 with Z or an offset (its calendar is checked by snoozeRequest). */
const RFC3339 = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]{1,9})?(?:Z|[+-][0-9]{2}:[0-9]{2})$';

/** The body field that snoozes a notification (null: ends its snooze). */
export const SnoozedUntil = Type.Optional(
  Nullable(
    Type.String({
      pattern: RFC3339,
      examples: ['2026-03-02T09:00:00Z'],
      description: 'Snooze until then (RFC 3339, in the future, at most 90 days ahead): out of the feed and the counts, then back as new (unread, unseen, announced on the live stream); null ends the snooze now',
    }),
  ),
);

/** The delivery service's snooze fields of a body's `snoozed_until` (absent: none; null: `unsnooze`). */
export function snoozeRequest(value: string | null | undefined): { snoozedUntil?: Timestamp; unsnooze: boolean } {
  if (value === undefined) return { unsnooze: false };
  if (value === null) return { unsnooze: true };
  const at = new Date(value);
  // Date rolls 31 February over into March: the day must exist in its month.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  if (Number.isNaN(at.getTime()) || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) {
    const message = 'snoozed_until must be an RFC 3339 date-time';
    throw invalid(message, [{ message, description: message, property_path: 'snoozed_until', invalid_value: value }]);
  }
  return { snoozedUntil: timestampFromDate(at), unsnooze: false };
}
