import { createBoundedMap } from '@herald/service-kit';
import { itemsBelowSeal, slotId, type DigestDoc, type DigestSlotDoc } from './digest-repository';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { timerId } from '../kernel/store/timer-repository';
import type { IdAllocator } from '../kernel/id-allocator';
import type { JobPort } from '../kernel/ports';
import type { TimerRepository } from '../kernel/store/timer-repository';
import type { DigestRepository } from './digest-repository';

/** The ports this use case works with. */
export interface CollectDigestsDeps {
  digestIds: IdAllocator;
  digests: DigestRepository;
  jobs: JobPort;
  now: () => Date;
  timers: TimerRepository;
}

/** What this process knows of a key's latest window. */
interface WindowState {
  id: number;
  w: number;
  max: number;
  /** The next slot to try (every lower one is known taken). */
  nextK: number;
  sealed: boolean;
}

const DIGEST_KEPT_MS = 30 * 86_400_000;
const MAX_ROUNDS = 20;

export const digestKeyOf = (d: Pick<NotificationDoc, 'project_id' | 'recipient_id' | 'digest_rule'>) => `${d.project_id}:${d.digest_rule!.entry_id}:${d.recipient_id}`;

/**
 * Collects emails governed by an entry with a digest into their recipient's open window,
 * exactly once. A window is opened by inserting window number w+1 of its key (one opener wins, the
 * others join it), with a timer at its end. An email joins by inserting the window's next slot
 * (scheduling/digest-repository.ts): each slot is taken once, a notification holds at most one slot,
 * and the closing seals the next free slot, so every email ends in exactly one digest. An email
 * that meets the seal, or a full window, goes to the next window. A window filled to `max_items`
 * is closed at once (its DigestJob published; the timer's later job finds it closed).
 *
 * Store cost per batch of emails: one read of the slots these notifications hold (a redelivered
 * job), the latest window of keys this process has not seen (one indexed read each), one
 * insertMany of slots; opening windows adds one id block, one timer insert and one window insert.
 */
export function createCollectDigests(deps: CollectDigestsDeps) {
  const windows = createBoundedMap<string, WindowState>(50_000);
  const remember = (key: string, state: WindowState) => windows.set(key, state);
  const stateOf = (d: DigestDoc, slots?: DigestSlotDoc[]): WindowState => ({
    id: d._id,
    w: d.w,
    max: d.max_items,
    nextK: slots ? (slots.at(-1)?.k ?? 0) + 1 : 1,
    sealed: slots ? slots.some((s) => s.seal) : d.status !== 'open',
  });

  /**
   * Of these slots, the ones below their digest's seal (valid items); the others are strays to
   * release. `filled`: the digests these slots fill to max_items, with their project (a first
   * delivery that filled its window may have died before publishing its closing).
   */
  const judge = async (slots: DigestSlotDoc[]) => {
    const byDigest = new Map<number, DigestSlotDoc[]>();
    for (const s of slots) byDigest.set(s.digest_id, [...(byDigest.get(s.digest_id) ?? []), s]);
    const valid = new Set<number>();
    const strays: string[] = [];
    const filled = new Map<number, number>();
    await Promise.all(
      [...byDigest.keys()].map(async (id) => {
        const below = itemsBelowSeal(await deps.digests.slotsOf(id));
        const items = new Set(below.map((s) => s._id));
        let holdsLast = false;
        for (const s of byDigest.get(id)!) {
          if (items.has(s._id)) {
            valid.add(s.notification_id);
            holdsLast ||= s.k === below.at(-1)?.k;
          } else strays.push(s._id);
        }
        // Only the holder of the last item asks (one read of the window, on this redelivery path only).
        if (holdsLast) {
          const d = await deps.digests.findById(null, id);
          if (d && d.status === 'open' && below.length >= d.max_items) filled.set(id, d.project_id);
        }
      }),
    );
    return { valid, strays, filled };
  };

  /** Opens window `after + 1` of each key (`after`: the latest window this call saw closed, 0 for none). */
  const open = async (after: Map<string, number>, firstOf: Map<string, NotificationDoc>, now: Date) => {
    const keys = [...after.keys()];
    const first = await deps.digestIds.block(keys.length);
    const docs: DigestDoc[] = keys.map((key, i) => {
      const d = firstOf.get(key)!;
      const r = d.digest_rule!;
      const closesMs = now.getTime() + r.window_seconds * 1000;
      return {
        _id: first + i,
        key,
        // The window number this call saw, not the cache's now: a concurrent batch may have opened the next one
        // meanwhile, and this one must then lose the (key, w) race rather than open yet another window.
        w: after.get(key)! + 1,
        project_id: d.project_id,
        recipient_id: d.recipient_id,
        entry_id: r.entry_id,
        target: r.target,
        subject: r.subject,
        window_seconds: r.window_seconds,
        max_items: r.max_items,
        opened_at: now,
        closes_ms: closesMs,
        status: 'open',
        expires_at: new Date(closesMs + DIGEST_KEPT_MS),
      };
    });
    // The timer first: a window is never without its end (a timer whose window lost the race finds no window, and does nothing).
    await deps.timers.schedule(docs.map((d) => ({ _id: timerId('digest', d._id), kind: 'digest' as const, project_id: d.project_id, ref: d._id, due_ms: d.closes_ms, created_at: now })));
    const opened = await deps.digests.open(docs);
    for (const d of docs) {
      if (opened.has(d._id)) remember(d.key, stateOf(d, []));
      else windows.delete(d.key); // another opener won this (key, w): read it next round
    }
  };

  return async function collectDigests(docs: NotificationDoc[]): Promise<void> {
    if (docs.length === 0) return;
    const now = deps.now();
    const projectOf = new Map<number, number>();
    // Joined already (a redelivered email job): a valid slot stays; a stray past a seal is released and joins again.
    const held = await deps.digests.slotsOfNotifications(docs.map((d) => d._id));
    const before = held.length ? await judge(held) : { valid: new Set<number>(), strays: [], filled: new Map<number, number>() };
    await deps.digests.release(before.strays);
    let pending = docs.filter((d) => !before.valid.has(d._id)).sort((a, b) => a._id - b._id);
    const full = new Set<number>(before.filled.keys());
    for (const [id, project] of before.filled) projectOf.set(id, project);
    for (let round = 0; pending.length > 0; round++) {
      if (round >= MAX_ROUNDS) throw new Error('digest collection did not settle');
      const byKey = new Map<string, NotificationDoc[]>();
      for (const d of pending) byKey.set(digestKeyOf(d), [...(byKey.get(digestKeyOf(d)) ?? []), d]);
      const unknown = [...byKey.keys()].filter((k) => !windows.has(k));
      for (const [key, d] of await deps.digests.latest(unknown)) remember(key, stateOf(d));
      const closed = (w: WindowState | undefined) => !w || w.sealed || w.nextK > w.max;
      const toOpen = [...byKey.keys()].filter((k) => closed(windows.get(k)));
      if (toOpen.length > 0) await open(new Map(toOpen.map((k) => [k, windows.get(k)?.w ?? 0])), new Map(toOpen.map((k) => [k, byKey.get(k)![0]])), now);

      const slots: DigestSlotDoc[] = [];
      const keyOfDigest = new Map<number, string>();
      // This round's view of each window (the cache is shared with concurrent batches, which may replace entries).
      const stateOfDigest = new Map<number, WindowState>();
      for (const [key, items] of byKey) {
        const w = windows.get(key);
        if (!w || closed(w)) continue;
        keyOfDigest.set(w.id, key);
        stateOfDigest.set(w.id, w);
        projectOf.set(w.id, items[0].project_id);
        items.slice(0, w.max - w.nextK + 1).forEach((d, i) => {
          slots.push({ _id: slotId(w.id, w.nextK + i), digest_id: w.id, k: w.nextK + i, notification_id: d._id, expires_at: new Date(now.getTime() + DIGEST_KEPT_MS) });
        });
      }
      const taken = await deps.digests.take(slots);
      const conflicted = new Set(slots.filter((s) => !taken.has(s._id)).map((s) => s.digest_id));
      const strays = new Set<string>();
      // Windows where a slot was refused: someone else joined or sealed it. Learn where it stands,
      // and give back what this call took past a seal (the closing never counts those).
      await Promise.all(
        [...conflicted].map(async (id) => {
          const all = await deps.digests.slotsOf(id);
          const items = new Set(itemsBelowSeal(all).map((s) => s._id));
          for (const s of slots) if (s.digest_id === id && taken.has(s._id) && !items.has(s._id)) strays.add(s._id);
          const w = stateOfDigest.get(id)!;
          w.nextK = Math.max(w.nextK, (all.at(-1)?.k ?? 0) + 1);
          w.sealed = w.sealed || all.some((x) => x.seal);
        }),
      );
      await deps.digests.release([...strays]);
      const joined = new Set<number>();
      for (const s of slots) {
        if (!taken.has(s._id) || strays.has(s._id)) continue;
        joined.add(s.notification_id);
        const w = stateOfDigest.get(s.digest_id)!;
        if (!conflicted.has(s.digest_id)) w.nextK = Math.max(w.nextK, s.k + 1);
        if (s.k >= w.max) full.add(s.digest_id);
      }
      // Refused because the notification holds a slot already (a racing delivery of its job).
      const refused = slots.filter((s) => !taken.has(s._id)).map((s) => s.notification_id);
      if (refused.length > 0) {
        const elsewhere = await deps.digests.slotsOfNotifications(refused);
        const judged = elsewhere.length ? await judge(elsewhere) : { valid: new Set<number>(), strays: [], filled: new Map<number, number>() };
        await deps.digests.release(judged.strays);
        for (const id of judged.valid) joined.add(id);
        for (const [id, project] of judged.filled) {
          full.add(id);
          projectOf.set(id, project);
        }
      }
      pending = pending.filter((d) => !joined.has(d._id));
    }
    // Full windows close now (the DigestJob's msgID makes a repeat harmless).
    await Promise.all([...full].map((id) => deps.jobs.digest(projectOf.get(id)!, id)));
  };
}
