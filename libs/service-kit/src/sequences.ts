import type { Db } from 'mongodb';

interface CounterDoc {
  _id: string;
  seq: number;
}

/**
 * Integer ids that increase with creation time, safe across concurrent requests and replicas:
 * each `next` is one atomic `$inc` on a counter document. `next(name, n)` reserves a block of n
 * ids and returns the first, so a batch costs one round trip.
 */
export function createSequences(db: Db, collection = 'counters') {
  const counters = db.collection<CounterDoc>(collection);
  return {
    async next(name: string, count = 1): Promise<number> {
      for (let attempt = 0; ; attempt++) {
        try {
          const doc = await counters.findOneAndUpdate(
            { _id: name },
            { $inc: { seq: count } },
            { upsert: true, returnDocument: 'after' },
          );
          if (!doc) throw new Error(`counter ${name} not returned`);
          return doc.seq - count + 1;
        } catch (err) {
          // Two first-ever upserts can race on the same _id; the loser retries as an update.
          if ((err as { code?: number }).code === 11000 && attempt < 3) continue;
          throw err;
        }
      }
    },
  };
}

export type Sequences = ReturnType<typeof createSequences>;
