import { Type } from '@sinclair/typebox';
import { LIMITS, OUTBOUND_MEDIUMS } from '@herald/contracts';
import { serviceRules } from '../../plugins/external/swagger/openapi-document';
import { Nullable } from '../shared/schemas';
import { NotificationSchema } from '../notifications/schemas';

const Text = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 256, description }));
/** RFC 3339 (its calendar is checked by the route). */
const RFC3339 = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]{1,9})?(?:Z|[+-][0-9]{2}:[0-9]{2})$';
const Time = (description: string) => Type.Optional(Type.String({ pattern: RFC3339, description, examples: ['2026-03-02T09:00:00Z'], ...serviceRules({ format: 'date-time' }) }));

/**
 * The activity log's filters. Each combination served has its own index (a combination without
 * one is refused: 400 `filter_not_indexed`): none; recipient_id; recipient_id + status; status;
 * channel (+ topic (+ event)); medium + outcome; broadcast_id. Any of them takes since/until.
 */
export const ActivityQuery = Type.Object({
  recipient_id: Text('Only this recipient\'s notifications'),
  channel: Text('Only this channel (with topic, event: narrower)'),
  topic: Text('Only this topic (with channel)'),
  event: Text('Only this event (with channel and topic)'),
  status: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'Only notifications in this status (delivered, suppressed, failed…)', examples: ['suppressed'] })),
  medium: Type.Optional(Type.Union(OUTBOUND_MEDIUMS.map((m) => Type.Literal(m)), { description: 'With outcome: an outbound medium' })),
  outcome: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'With medium: its outcome (sent, skipped, failed…)', examples: ['skipped'] })),
  broadcast_id: Type.Optional(Type.String({ description: 'Only this broadcast\'s notifications', ...serviceRules({ pattern: '^[1-9][0-9]{0,15}$' }) })),
  since: Time('Created at or after'),
  until: Time('Created before'),
  limit: Type.Integer({ minimum: 1, maximum: LIMITS.feedPageMax, default: LIMITS.feedPageDefault }),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page', ...serviceRules({ pattern: '^(?:[0-9]{1,15}_[1-9][0-9]{0,15})?$' }) })),
});

export const ActivityPage = Type.Object(
  {
    notifications: Type.Array(NotificationSchema),
    next_cursor: Nullable(
      Type.String({
        description:
          'The cursor of the next page (null: no more). With a `pending` outcome, a page may hold fewer notifications than `limit`, even none, and still have one: each page reads a bounded number of notifications past those whose message already left pending',
      }),
    ),
  },
  { title: 'ActivityPage' },
);
