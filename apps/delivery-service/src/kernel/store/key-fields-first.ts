/**
 * The top-level fields the notifications' indexes key on (feed/feed-repository.ts,
 * feed/snooze-repository.ts, feed/activity-repository.ts, expiry.ts), the most used first, then
 * `target` (the feed tabs key on its parts). The local store (FerretDB on SQLite) computes every
 * index key of an inserted document by looking the field up in the document's JSON, walking its
 * fields in order: with these first, each lookup stops early (measured: 6 % of a list send's
 * insert, docs/benchmarks.md). On MongoDB the order changes nothing.
 */
export const NOTIFICATION_KEY_FIELDS = [
  'project_id',
  'recipient_id',
  'status',
  'created_at',
  'read',
  'target_channel',
  'target_topic',
  'target_event',
  'broadcast_id',
  'email_status',
  'sms_status',
  'push_status',
  'chat_status',
  'mobile_push_status',
  'archived',
  'seen',
  'snoozed',
  'feed_order',
  'expires_at',
  'target',
] as const;

/** The same document with `_id` and the key fields it holds first (in NOTIFICATION_KEY_FIELDS order), then the others as they were. */
export function keyFieldsFirst<D extends { _id: unknown }>(doc: D): D {
  const first: Record<string, unknown> = { _id: doc._id };
  for (const field of NOTIFICATION_KEY_FIELDS) if (field in doc) first[field] = doc[field as keyof D];
  return Object.assign(first, doc) as D;
}
