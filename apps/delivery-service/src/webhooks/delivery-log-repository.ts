import type { AnyBulkWriteOperation, Collection, Db, Filter } from 'mongodb';
import { idBefore } from '../kernel/store/id-before';
import { retryBusy } from '../kernel/store/store-retry';
import { insertManyFates } from '../kernel/store/insert-fates';

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookAttemptDoc {
  at: Date;
  response_status: number | null;
  latency_ms: number;
  error: string | null;
}

/** One event for one endpoint, with every attempt (the delivery log). */
export interface WebhookDeliveryDoc {
  _id: number;
  project_id: number;
  webhook_id: number;
  /** The event's id, sent as `webhook-id` (the same on every attempt: receivers dedupe on it). */
  event_id: string;
  event_type: string;
  /** The exact JSON body, signed again (with a fresh timestamp) at each attempt. */
  body: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  attempt_log: WebhookAttemptDoc[];
  last_response_status: number | null;
  last_latency_ms: number | null;
  /** At most 1 KiB. */
  last_response_body: string | null;
  last_error: string | null;
  /** When the next attempt is scheduled (null unless pending). */
  next_attempt_at: Date | null;
  /**
   * The claim clock: a pending delivery is taken by whichever replica first moves `due_at` from
   * the value it read to now + lease (a compare-and-set). While an attempt runs it is in the
   * future, so no one else takes it; if the process dies, the lease runs out and any replica's
   * poller takes it again. null once settled.
   */
  due_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** How many attempts a delivery's log keeps (the newest). */
const ATTEMPT_LOG_KEPT = 20;

/** One attempt's outcome: the log entry, the response body kept, and the delivery's next state. */
export interface AttemptOutcome {
  entry: WebhookAttemptDoc;
  responseBody: string | null;
  next: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null };
  finished: Date;
}

/** The delivery as it is after `o`: what recordAttempt writes, and what the fan-out inserts for a first attempt that settled. */
export function afterAttempt(doc: WebhookDeliveryDoc, o: AttemptOutcome): WebhookDeliveryDoc {
  return {
    ...doc,
    status: o.next.status,
    attempts: doc.attempts + 1,
    attempt_log: [...doc.attempt_log, o.entry].slice(-ATTEMPT_LOG_KEPT),
    last_response_status: o.entry.response_status,
    last_latency_ms: o.entry.latency_ms,
    last_response_body: o.responseBody,
    last_error: o.entry.error,
    next_attempt_at: o.next.nextAttemptAt,
    due_at: o.next.nextAttemptAt,
    updated_at: o.finished,
  };
}

/** A new delivery whose first attempt was put off (see Deferral): pending, unclaimed, due at `until`. */
export function deferred(doc: WebhookDeliveryDoc, until: Date): WebhookDeliveryDoc {
  return { ...doc, next_attempt_at: until, due_at: until };
}

/**
 * Group commit of attempt records: updates arriving while one bulkWrite is in flight go out
 * together in the next, so a burst of attempts costs a few store round trips instead of one each.
 */
function createUpdateBatcher(col: Collection<WebhookDeliveryDoc>) {
  const waiting: { op: AnyBulkWriteOperation<WebhookDeliveryDoc>; done: (err?: unknown) => void }[] = [];
  let running = false;
  const run = async () => {
    running = true;
    while (waiting.length > 0) {
      const group = waiting.splice(0, 500);
      try {
        await retryBusy(() => col.bulkWrite(group.map((g) => g.op), { ordered: false }));
        group.forEach((g) => g.done());
      } catch (err) {
        group.forEach((g) => g.done(err));
      }
    }
    running = false;
  };
  return (op: AnyBulkWriteOperation<WebhookDeliveryDoc>) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ op, done: (err) => (err ? reject(err) : resolve()) });
      if (!running) void run();
    });
}

export function createDeliveryLogRepository(db: Db) {
  const col: Collection<WebhookDeliveryDoc> = db.collection<WebhookDeliveryDoc>('webhook_deliveries');
  const update = createUpdateBatcher(col);
  return {
    async ensureIndexes(): Promise<void> {
      // The fan-out's dedupe: one delivery per (endpoint, event), so a redelivered event adds nothing;
      // also existing(): which pairs of a redelivered event have their record already.
      await col.createIndex({ webhook_id: 1, event_id: 1 }, { name: 'webhook_event', unique: true });
      // GET /webhooks/{id}/deliveries, newest first (cursor = last id), without a status filter...
      await col.createIndex({ webhook_id: 1, _id: -1 }, { name: 'webhook_newest' });
      // ...and with one (?status=).
      await col.createIndex({ webhook_id: 1, status: 1, _id: -1 }, { name: 'webhook_status_newest' });
      // The retry poller: pending deliveries whose attempt (or expired claim) is due.
      await col.createIndex({ due_at: 1 }, { name: 'due' });
      // Retention: deliveries older than 30 days.
      await col.createIndex({ created_at: 1 }, { name: 'created' });
    },
    /** Inserts new deliveries; returns those this call inserted (a repeat of an event's fan-out inserts none). */
    async insertNew(docs: WebhookDeliveryDoc[]): Promise<WebhookDeliveryDoc[]> {
      const fates = await insertManyFates(col, docs);
      return docs.filter((_, i) => fates.inserted.has(i));
    },
    get: (projectId: number, webhookId: number, id: number) => col.findOne({ _id: id, project_id: projectId, webhook_id: webhookId }),
    /** A page of an endpoint's log, newest first, with a range on the id on every page (`idBefore`). */
    async page(webhookId: number, opts: { limit: number; beforeId: number | null; status: WebhookDeliveryStatus | null }): Promise<WebhookDeliveryDoc[]> {
      const filter: Record<string, unknown> = { webhook_id: webhookId, ...(opts.status ? { status: opts.status } : {}), _id: idBefore(opts.beforeId) };
      return col.find(filter).sort({ _id: -1 }).limit(opts.limit).toArray();
    },
    /** Pending deliveries whose time has come, oldest first, but those of these projects and endpoints (no room for them now). */
    due(now: Date, limit: number, leave: { notProjects?: number[]; notWebhooks?: number[] } = {}): Promise<WebhookDeliveryDoc[]> {
      const filter: Filter<WebhookDeliveryDoc> = { due_at: { $lte: now } };
      if (leave.notProjects?.length) filter.project_id = { $nin: leave.notProjects };
      if (leave.notWebhooks?.length) filter.webhook_id = { $nin: leave.notWebhooks };
      return col.find(filter).sort({ due_at: 1 }).limit(limit).toArray();
    },
    /** Takes a delivery for one attempt (compare-and-set on `due_at`); false when another replica took it. */
    async claim(doc: Pick<WebhookDeliveryDoc, '_id' | 'due_at'>, leaseUntil: Date): Promise<boolean> {
      const r = await retryBusy(() => col.updateOne({ _id: doc._id, due_at: doc.due_at }, { $set: { due_at: leaseUntil } }));
      return r.modifiedCount === 1;
    },
    /** Records one attempt's outcome, if the claim (`claimedDueAt`) is still this caller's (batched with concurrent ones). */
    async recordAttempt(doc: WebhookDeliveryDoc, claimedDueAt: Date, o: AttemptOutcome): Promise<void> {
      const a = afterAttempt(doc, o);
      const $set = {
        status: a.status,
        attempts: a.attempts,
        attempt_log: a.attempt_log,
        last_response_status: a.last_response_status,
        last_latency_ms: a.last_latency_ms,
        last_response_body: a.last_response_body,
        last_error: a.last_error,
        next_attempt_at: a.next_attempt_at,
        due_at: a.due_at,
        updated_at: a.updated_at,
      };
      await update({ updateOne: { filter: { _id: doc._id, due_at: claimedDueAt }, update: { $set } } });
    },
    /** Puts a claimed delivery off without an attempt (its endpoint is backed off, or there is no room): due at `until`, its attempts unchanged. */
    async defer(doc: WebhookDeliveryDoc, claimedDueAt: Date, until: Date, now: Date): Promise<void> {
      await update({ updateOne: { filter: { _id: doc._id, due_at: claimedDueAt }, update: { $set: { next_attempt_at: until, due_at: until, updated_at: now } } } });
    },
    /** Of these (endpoint, event) pairs, those that have a delivery record already (the fan-out of a redelivered event). */
    async existing(pairs: { webhookId: number; eventId: string }[]): Promise<Set<string>> {
      if (pairs.length === 0) return new Set();
      const found = await col
        .find({ event_id: { $in: [...new Set(pairs.map((p) => p.eventId))] }, webhook_id: { $in: [...new Set(pairs.map((p) => p.webhookId))] } }, { projection: { webhook_id: 1, event_id: 1 } })
        .toArray();
      return new Set(found.map((d) => `${d.webhook_id}:${d.event_id}`));
    },
    /** The deliveries of these events to these endpoints (a notification's timeline), on the (webhook_id, event_id) index. */
    ofEvents(webhookIds: number[], eventIds: string[]): Promise<WebhookDeliveryDoc[]> {
      if (webhookIds.length === 0 || eventIds.length === 0) return Promise.resolve([]);
      return col.find({ webhook_id: { $in: webhookIds }, event_id: { $in: eventIds } }).toArray();
    },
    /** Settles a claimed delivery without an attempt (its endpoint is gone or disabled). */
    async abandon(doc: WebhookDeliveryDoc, claimedDueAt: Date, error: string, now: Date): Promise<void> {
      await retryBusy(() =>
        col.updateOne({ _id: doc._id, due_at: claimedDueAt }, { $set: { status: 'failed', last_error: error, next_attempt_at: null, due_at: null, updated_at: now } }),
      );
    },
    /** POST …/retry: due now (also a settled one: it is attempted once more). */
    async retryNow(projectId: number, webhookId: number, id: number, now: Date): Promise<WebhookDeliveryDoc | null> {
      await retryBusy(() =>
        col.updateOne({ _id: id, project_id: projectId, webhook_id: webhookId }, { $set: { status: 'pending', next_attempt_at: now, due_at: now, updated_at: now } }),
      );
      return col.findOne({ _id: id, project_id: projectId, webhook_id: webhookId });
    },
    /** Retention: deletes up to `batch` deliveries created before `before`; returns how many (call until 0). */
    async prune(before: Date, batch: number): Promise<number> {
      const ids = (await col.find({ created_at: { $lt: before } }, { projection: { _id: 1 } }).limit(batch).toArray()).map((d) => d._id);
      if (ids.length === 0) return 0;
      return (await retryBusy(() => col.deleteMany({ _id: { $in: ids } }))).deletedCount;
    },
  };
}

export type DeliveryLogRepository = ReturnType<typeof createDeliveryLogRepository>;
