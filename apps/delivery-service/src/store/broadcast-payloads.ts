import type { Collection, Db } from 'mongodb';

/**
 * The payloads of broadcasts, for notifications that store theirs once, on the broadcast
 * (`payload_in_broadcast`). A broadcast's payload never changes, so entries need no invalidation;
 * the cache is bounded by the bytes it holds (payloads are up to 64 KiB) and drops its oldest entry
 * first. A page of notifications costs at most one `find({_id: {$in}})` for the broadcasts it
 * does not hold (a feed page names a handful), never one read per notification.
 */
export function createBroadcastPayloads(db: Db, opts: { maxBytes?: number } = {}) {
  const maxBytes = opts.maxBytes ?? 8 * 1024 * 1024;
  const col: Collection<{ _id: number; payload_json: string }> = db.collection('broadcasts');
  const cache = new Map<number, string>();
  let bytes = 0;

  const remember = (id: number, payload: string) => {
    if (cache.has(id) || payload.length > maxBytes) return;
    cache.set(id, payload);
    bytes += payload.length;
    for (const [oldest, p] of cache) {
      if (bytes <= maxBytes) break;
      cache.delete(oldest);
      bytes -= p.length;
    }
  };

  /** Payloads of these broadcasts (a broadcast that no longer exists is absent). */
  return async function payloadsOf(ids: number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const p = cache.get(id);
      if (p === undefined) missing.push(id);
      else out.set(id, p);
    }
    if (missing.length > 0) {
      for (const d of await col.find({ _id: { $in: missing } }, { projection: { payload_json: 1 } }).toArray()) {
        remember(d._id, d.payload_json);
        out.set(d._id, d.payload_json);
      }
    }
    return out;
  };
}
