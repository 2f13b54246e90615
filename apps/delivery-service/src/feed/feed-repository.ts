import type { Collection, Db, Filter, IndexDescription } from 'mongodb';
import type { StateChange } from '../kernel/outcome-events';
import { idBefore } from '../kernel/store/id-before';
import { createIndexesOneByOne, holdingOnly } from '../kernel/store/partial-indexes';
import { createPayloadFiller, type NotificationDoc } from '../kernel/store/notification-repository';
import { retryBusy } from '../kernel/store/store-retry';
import { inTab, targetTerms, type FeedFilter } from './feed-filter';
import { mergeByFeedKey } from './feed-order';

export interface FeedQuery {
  projectId: number;
  recipientId: string;
  limit: number;
  /** Only ids below this one (the cursor). */
  beforeId: number | null;
  read: boolean | null;
  /** true: the archived notifications only; false: the feed without them. */
  archived: boolean;
  /** A tab: only the notifications of this target. */
  filter?: FeedFilter;
}

/** The flags a recipient sets on notifications of the feed. */
export interface StateFlags {
  read?: boolean;
  seen?: boolean;
  archived?: boolean;
}

const LIST_PROJECTION = { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } as const;

/**
 * Up to `limit` documents that `keep` keeps, from pages of `fetch` (each asked for what lies past
 * the last key of the page before, newest first) until enough are kept or the pages run out.
 */
async function walkKept(
  limit: number,
  before: number | null,
  keyOf: (d: NotificationDoc) => number,
  keep: (d: NotificationDoc) => boolean,
  fetch: (before: number | null) => Promise<NotificationDoc[]>,
): Promise<NotificationDoc[]> {
  const kept: NotificationDoc[] = [];
  for (let after = before; kept.length < limit; ) {
    const docs = await fetch(after);
    kept.push(...docs.filter(keep));
    if (docs.length < limit) break;
    after = keyOf(docs[docs.length - 1]);
  }
  return kept.slice(0, limit);
}

/** The recipient's feed over the notifications collection: pages, the unread count, read and opened flags. */
export function createFeedRepository(db: Db) {
  const col: Collection<NotificationDoc> = db.collection<NotificationDoc>('notifications');
  const withPayloads = createPayloadFiller(db);
  const withPayload = async <D extends NotificationDoc | null>(doc: D): Promise<D> => (await withPayloads([doc]))[0];

  return {
    async ensureIndexes(): Promise<void> {
      // The indexes on a field most notifications never hold (archived, seen, feed_order) are partial:
      // only the notifications holding it have an entry (a send to many writes none there).
      const specs: IndexDescription[] = [
        // Feed list (delivered, newest first, cursor on _id), and the erasure of a recipient's
        // notifications ({project, recipient} prefix).
        { key: { project_id: 1, recipient_id: 1, status: 1, _id: -1 }, name: 'feed' },
        // The unread-only feed page (newest first, cursor on _id: a walk of the page, whatever the
        // recipient's unread count), the unread count and mark-all-read (its {…, read} prefix).
        // It replaces `feed_unread` {project, recipient, status, read}, with which a store may sort
        // every unread match to answer a page (the local store's SQLite planner did: measured 2×
        // the page of a recipient with 10 for one with 5,000 unread).
        { key: { project_id: 1, recipient_id: 1, status: 1, read: 1, _id: -1 }, name: 'feed_unread_by_id' },
        // The archived page ({…, archived: true}, newest first), and the archived terms of the
        // counts (`archived: true`, with `read: false` for the unread count). Unarchived pages and
        // counts (`archived: {$ne: true}`) go through `feed` / `feed_unread_by_id`.
        { key: { project_id: 1, recipient_id: 1, status: 1, archived: 1, _id: -1 }, name: 'feed_archived_by_id', ...holdingOnly('archived') },
        // The seen term of the unseen count ({…, seen: true}).
        { key: { project_id: 1, recipient_id: 1, status: 1, seen: 1 }, name: 'feed_seen', ...holdingOnly('seen') },
        // A tab of the feed (`?channel=`, `?topic=`, `?event=`, any subset): its page newest first,
        // its counts and its mark-all updates. Each filter has its own index (a combination is
        // answered through one of them), so the unfiltered feed's indexes stay as they were.
        { key: { project_id: 1, recipient_id: 1, status: 1, 'target.channel': 1, _id: -1 }, name: 'feed_channel' },
        { key: { project_id: 1, recipient_id: 1, status: 1, 'target.topic': 1, _id: -1 }, name: 'feed_topic' },
        { key: { project_id: 1, recipient_id: 1, status: 1, 'target.event': 1, _id: -1 }, name: 'feed_event' },
        // The woken walk of a feed page ({…, feed_order: {$lt: cursor}}, newest first): the
        // notifications whose snooze ended by its timer (few per recipient; the others have none).
        { key: { project_id: 1, recipient_id: 1, status: 1, feed_order: -1 }, name: 'feed_woken', ...holdingOnly('feed_order') },
      ];
      await createIndexesOneByOne(col, specs);
      // `feed_unread` is replaced by `feed_unread_by_id` (above, created first, so a running older
      // replica always has one of them).
      await col.dropIndex('feed_unread').catch(() => undefined);
    },

    /**
     * A page of the feed, newest first by `feedKey`, after the cursor `beforeId` (a key). The
     * archived page is one equality (`feed_archived_by_id`), in id order. The default page merges
     * two walks: the never-woken notifications by `_id` (`feed`, or `feed_unread_by_id`), and the
     * woken ones by `feed_order` (`feed_woken`; a recipient has few). Each walk drops, page by page,
     * what is not in the feed: `archived` and `feed_order` are absent on most documents, and a
     * `$ne` or `$exists` would keep the store from serving the page in index order. Every read
     * carries a range on the key it is ordered by, open on a first page (`idBefore`).
     */
    async listFeed(q: FeedQuery): Promise<NotificationDoc[]> {
      const recipient = { project_id: q.projectId, recipient_id: q.recipientId, status: 'delivered' as const };
      const base: Filter<NotificationDoc> = { ...recipient, ...targetTerms(q.filter) };
      if (q.read !== null) base.read = q.read;
      if (q.archived) {
        const filter = { ...base, archived: true, _id: idBefore(q.beforeId) };
        return withPayloads(await col.find(filter, { projection: LIST_PROJECTION }).sort({ _id: -1 }).limit(q.limit).toArray());
      }
      const inFeed = (d: NotificationDoc) => d.archived !== true && d.snoozed !== true;
      const inPage = (d: NotificationDoc) => inFeed(d) && (q.read === null || d.read === q.read) && inTab(d.target, q.filter);
      const [neverWoken, woken] = await Promise.all([
        walkKept(q.limit, q.beforeId, (d) => d._id, (d) => inFeed(d) && d.feed_order === undefined, (before) =>
          col.find({ ...base, _id: idBefore(before) }, { projection: LIST_PROJECTION }).sort({ _id: -1 }).limit(q.limit).toArray(),
        ),
        walkKept(q.limit, q.beforeId, (d) => d.feed_order!, inPage, (before) =>
          col.find({ ...recipient, feed_order: { $lt: before ?? Number.MAX_SAFE_INTEGER } }, { projection: LIST_PROJECTION }).sort({ feed_order: -1 }).limit(q.limit).toArray(),
        ),
      ]);
      return withPayloads(mergeByFeedKey(neverWoken, woken).slice(0, q.limit));
    },
    /**
     * Unread, not archived and not snoozed: every unread one less the archived and the snoozed unread
     * ones (index-served equalities; `archived` and `snoozed` may be absent, and are never both set).
     */
    async countUnread(projectId: number, recipientId: string, filter?: FeedFilter): Promise<number> {
      const base = { project_id: projectId, recipient_id: recipientId, status: 'delivered' as const, read: false, ...targetTerms(filter) };
      const [unread, archived, snoozed] = await Promise.all([col.countDocuments(base), col.countDocuments({ ...base, archived: true }), col.countDocuments({ ...base, snoozed: true })]);
      return unread - archived - snoozed;
    },
    /**
     * `countUnread` (whole feed) of many recipients of a project at once, in one aggregate: the
     * unread ones grouped by recipient and by whether they are archived or snoozed, those neither
     * counted. A recipient with none unread is absent (0).
     */
    async countUnreadMany(projectId: number, recipientIds: string[]): Promise<Map<string, number>> {
      const match = { project_id: projectId, recipient_id: { $in: recipientIds }, status: 'delivered' as const, read: false };
      const groups = await col
        .aggregate<{ _id: { recipient: string; archived?: boolean | null; snoozed?: boolean | null }; n: number }>([
          { $match: match },
          { $group: { _id: { recipient: '$recipient_id', archived: '$archived', snoozed: '$snoozed' }, n: { $sum: 1 } } },
        ])
        .toArray();
      const counts = new Map<string, number>();
      for (const g of groups.filter((x) => x._id.archived !== true && x._id.snoozed !== true)) counts.set(g._id.recipient, (counts.get(g._id.recipient) ?? 0) + g.n);
      return counts;
    },
    /** Not seen, not archived, not snoozed: every delivered one less the seen ones (archiving and snoozing mark seen, so the seen ones include those). */
    async countUnseen(projectId: number, recipientId: string, filter?: FeedFilter): Promise<number> {
      const base = { project_id: projectId, recipient_id: recipientId, status: 'delivered' as const, ...targetTerms(filter) };
      const [all, seen] = await Promise.all([col.countDocuments(base), col.countDocuments({ ...base, seen: true })]);
      return all - seen;
    },
    /**
     * Sets read/opened on one delivered notification of the recipient: each flag is written only
     * when it changes (conditional on the other value), stamping its change time. Returns the
     * document after, and which flags this call changed; null when there is no such notification.
     */
    async updateFlags(
      projectId: number,
      recipientId: string,
      id: number,
      flags: { read?: boolean; opened?: boolean },
      now: Date,
    ): Promise<{ doc: NotificationDoc; changed: { read?: boolean; opened?: boolean } } | null> {
      const filter = { _id: id, project_id: projectId, recipient_id: recipientId, status: 'delivered' as const };
      const changed: { read?: boolean; opened?: boolean } = {};
      if (flags.read !== undefined) {
        const v = flags.read;
        const r = await retryBusy(() => col.updateOne({ ...filter, read: !v }, { $set: { read: v, read_changed_at: now, updated_at: now } }));
        if (r.modifiedCount === 1) changed.read = v;
      }
      if (flags.opened !== undefined) {
        const v = flags.opened;
        const r = await retryBusy(() => col.updateOne({ ...filter, opened: !v }, { $set: { opened: v, opened_changed_at: now, updated_at: now } }));
        if (r.modifiedCount === 1) changed.opened = v;
      }
      const doc = await withPayload(await col.findOne(filter));
      return doc ? { doc, changed } : null;
    },
    /** The ids of the recipient's unread delivered notifications (the feed_unread_by_id index). */
    async unreadIds(projectId: number, recipientId: string, filter?: FeedFilter): Promise<number[]> {
      const docs = await col.find({ project_id: projectId, recipient_id: recipientId, status: 'delivered', read: false, ...targetTerms(filter) }, { projection: { _id: 1 } }).toArray();
      return docs.map((d) => d._id);
    },
    /** Marks these notifications read where still unread, stamping `now`; returns those this call changed. */
    async markRead(ids: number[], now: Date): Promise<NotificationDoc[]> {
      if (ids.length === 0) return [];
      await retryBusy(() => col.updateMany({ _id: { $in: ids }, read: false }, { $set: { read: true, read_changed_at: now, updated_at: now } }));
      return withPayloads(await col.find({ _id: { $in: ids }, read: true, read_changed_at: now }, { projection: { email_content: 0, sms_content: 0, push_content: 0, settings: 0 } }).toArray());
    },
    /**
     * Sets read, seen and/or archived on the recipient's delivered notifications among `ids`, each
     * flag only where it changes (archiving marks seen too, and an archived one stays seen: an
     * archived notification was seen, and the unseen count stays two equalities), stamping each
     * change's time. Returns the documents the recipient has, after the change, the ids whose read
     * flag this call changed, and the seen/archived flags it changed on each.
     */
    async setStates(projectId: number, recipientId: string, ids: number[], flags: StateFlags, now: Date): Promise<{ docs: NotificationDoc[]; readChanged: Set<number>; stateChanges: Map<number, StateChange> }> {
      const filter: Filter<NotificationDoc> = { _id: { $in: ids }, project_id: projectId, recipient_id: recipientId, status: 'delivered' };
      const { read, seen, archived } = flags;
      if (read !== undefined) await retryBusy(() => col.updateMany({ ...filter, read: !read }, { $set: { read, read_changed_at: now, updated_at: now } }));
      if (seen !== undefined) await retryBusy(() => col.updateMany({ ...filter, ...(seen ? { seen: { $ne: true } } : { seen: true, archived: { $ne: true }, snoozed: { $ne: true } }) }, { $set: { seen, seen_changed_at: now, updated_at: now } }));
      if (archived !== undefined) {
        // Archiving ends a snooze (its timer then finds nothing to wake).
        const unsnooze = archived ? { $unset: { snoozed: '' as const, snoozed_until: '' as const } } : {};
        await retryBusy(() => col.updateMany({ ...filter, archived: archived ? { $ne: true } : true }, { $set: { archived, archived_changed_at: now, ...(archived ? { seen: true } : {}), updated_at: now }, ...unsnooze }));
      }
      const docs = await withPayloads(await col.find(filter, { projection: LIST_PROJECTION }).toArray());
      const stampedNow = (at: Date | undefined) => at?.getTime() === now.getTime();
      const readChanged = new Set(docs.filter((d) => read !== undefined && d.read === read && stampedNow(d.read_changed_at)).map((d) => d._id));
      const stateChanges = new Map<number, StateChange>();
      for (const d of docs) {
        const change: StateChange = {};
        if (seen !== undefined && (d.seen ?? false) === seen && stampedNow(d.seen_changed_at)) change.seen = seen;
        if (archived !== undefined && (d.archived ?? false) === archived && stampedNow(d.archived_changed_at)) change.archived = archived;
        if (change.seen !== undefined || change.archived !== undefined) stateChanges.set(d._id, change);
      }
      return { docs, readChanged, stateChanges };
    },
    /** Ids of the recipient's delivered notifications not seen yet (of the tab, given one). */
    async unseenIds(projectId: number, recipientId: string, filter?: FeedFilter): Promise<number[]> {
      const docs = await col.find({ project_id: projectId, recipient_id: recipientId, status: 'delivered', seen: { $ne: true }, ...targetTerms(filter) }, { projection: { _id: 1 } }).toArray();
      return docs.map((d) => d._id);
    },
    /**
     * Ids of the recipient's delivered notifications not archived yet (nor snoozed), `read` given:
     * only the read (or unread) ones (`feed_unread_by_id` serves its prefix); of the tab, given one.
     */
    async unarchivedIds(projectId: number, recipientId: string, read: boolean | null, tab?: FeedFilter): Promise<number[]> {
      const filter: Filter<NotificationDoc> = { project_id: projectId, recipient_id: recipientId, status: 'delivered', archived: { $ne: true }, snoozed: { $ne: true }, ...targetTerms(tab) };
      if (read !== null) filter.read = read;
      const docs = await col.find(filter, { projection: { _id: 1 } }).toArray();
      return docs.map((d) => d._id);
    },
    /** The recipient's delivered notification with this id (payload filled in); null when there is none. */
    async findInFeed(projectId: number, recipientId: string, id: number): Promise<NotificationDoc | null> {
      return withPayload(await col.findOne({ _id: id, project_id: projectId, recipient_id: recipientId, status: 'delivered' }, { projection: LIST_PROJECTION }));
    },
    /**
     * Records the action the recipient chose, unless it is the one recorded already (a repeat
     * changes nothing). Returns the document after, and whether this call changed it.
     */
    async recordAction(projectId: number, recipientId: string, id: number, actionId: string, now: Date): Promise<{ doc: NotificationDoc; changed: boolean } | null> {
      const filter = { _id: id, project_id: projectId, recipient_id: recipientId, status: 'delivered' as const };
      const r = await retryBusy(() => col.updateOne({ ...filter, 'action_taken.id': { $ne: actionId } }, { $set: { action_taken: { id: actionId, at: now }, updated_at: now } }));
      const doc = await withPayload(await col.findOne(filter, { projection: LIST_PROJECTION }));
      return doc ? { doc, changed: r.modifiedCount === 1 } : null;
    },
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;
