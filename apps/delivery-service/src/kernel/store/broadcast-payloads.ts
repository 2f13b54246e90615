import type { Collection, Db } from 'mongodb';
import type { EmailContent, PushContent } from '../notification';

/**
 * A field of broadcasts that never changes once written, cached by broadcast id: the cache is
 * bounded by the bytes it holds (`sizeOf`) and drops its oldest entry first. A lookup of many ids
 * costs at most one `find({_id: {$in}})` for the ids it does not hold, never one read per id. A
 * broadcast without the field (or no longer there) is absent from the answer and not cached.
 */
function createBroadcastFieldCache<F extends 'payload_json' | 'email_content' | 'push_content', V>(db: Db, field: F, opts: { maxBytes: number; sizeOf: (v: V) => number }) {
  const col: Collection<{ _id: number } & Record<F, V | null>> = db.collection('broadcasts');
  const cache = new Map<number, { value: V; size: number }>();
  let bytes = 0;

  const remember = (id: number, value: V) => {
    const size = opts.sizeOf(value);
    if (cache.has(id) || size > opts.maxBytes) return;
    cache.set(id, { value, size });
    bytes += size;
    for (const [oldest, e] of cache) {
      if (bytes <= opts.maxBytes) break;
      cache.delete(oldest);
      bytes -= e.size;
    }
  };

  return async function valuesOf(ids: number[]): Promise<Map<number, V>> {
    const out = new Map<number, V>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const e = cache.get(id);
      if (e === undefined) missing.push(id);
      else out.set(id, e.value);
    }
    if (missing.length > 0) {
      const docs = await col.find({ _id: { $in: missing } } as never, { projection: { [field]: 1 } }).toArray();
      for (const d of docs as ({ _id: number } & Record<string, V | null>)[]) {
        const value = d[field];
        if (value === null || value === undefined) continue;
        remember(d._id, value);
        out.set(d._id, value);
      }
    }
    return out;
  };
}

/**
 * The payloads of broadcasts, for notifications that store theirs once, on the broadcast
 * (`payload_in_broadcast`); payloads are up to 64 KiB. A page of notifications names a handful.
 */
export const createBroadcastPayloads = (db: Db, opts: { maxBytes?: number } = {}) =>
  createBroadcastFieldCache<'payload_json', string>(db, 'payload_json', { maxBytes: opts.maxBytes ?? 8 * 1024 * 1024, sizeOf: (p) => p.length });

/** The email content of broadcasts (the email sender reads it once per broadcast, not per batch of its emails). */
export const createBroadcastEmailContents = (db: Db, opts: { maxBytes?: number } = {}) =>
  createBroadcastFieldCache<'email_content', EmailContent>(db, 'email_content', {
    maxBytes: opts.maxBytes ?? 8 * 1024 * 1024,
    sizeOf: (c) => JSON.stringify(c).length,
  });

/** The push content of broadcasts (the push sender reads it once per broadcast). */
export const createBroadcastPushContents = (db: Db, opts: { maxBytes?: number } = {}) =>
  createBroadcastFieldCache<'push_content', PushContent>(db, 'push_content', {
    maxBytes: opts.maxBytes ?? 1024 * 1024,
    sizeOf: (c) => JSON.stringify(c).length,
  });
