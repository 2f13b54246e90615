import type { Db } from 'mongodb';
import { createBatcher } from './batcher';
import { isDuplicateKey } from './errors';

/** The shared hint of where a sequence's chain ends is written at every this many claims of a process. */
const HINT_EVERY = 16;

interface CounterDoc {
  _id: string;
  seq: number;
}

/**
 * Integer ids that increase with creation time, safe across concurrent requests and replicas
 * (see the claim chain below). `next(name, n)` reserves a block of n ids and returns the first,
 * so a batch costs a couple of round trips.
 */
export function createSequences(db: Db, collection = 'counters') {
  const counters = db.collection<CounterDoc>(collection);
  // FerretDB v1 (SQLite) applies `$inc` as read-modify-write: concurrent increments are lost and
  // the same id is handed out twice (measured: 50 concurrent $inc → counter 2). A unique `_id`
  // insert is atomic on every backend, so each block is claimed by inserting `<name>:<start>`
  // recording where it ends; the blocks form a chain, and the counter only hints where the chain
  // ends (a stale or lost hint costs extra steps along the chain, never a duplicate id).
  const claims = db.collection<{ _id: string; end: number }>(`${collection}_claims`);
  // Where the chain ended at this process's last claim of each sequence: the next claim starts
  // there without reading the hint, which it reads only when another replica claimed since (then
  // it starts from the hint when that is further along). The hint, an update (the local store's
  // dearest write), is written every HINT_EVERY claims of a process only, so it lags by at most
  // that many claims per replica, each one step along the chain.
  const ends = new Map<string, { end: number; claims: number }>();
  // Within a process, claims for one sequence run one at a time, so they never race each other
  // along the chain and the end it keeps stays exact; across replicas the claims keep ids unique. Requests
  // arriving while a claim is in flight wait for the next claim, which reserves one block for all
  // of them and hands it out in arrival order (service-kit's batcher, one group per sequence): ids
  // still increase with creation time, and a busy process pays one claim per batch, not per id.
  const blocks = createBatcher<number, number, string>({
    lingerMs: 0,
    maxBatch: 10_000,
    async run(counts, name) {
      let next = await claim(name, counts.reduce((sum, c) => sum + c, 0));
      return counts.map((c) => ((next += c), next - c));
    },
  });
  return {
    next: (name: string, count = 1): Promise<number> => blocks.add(count, name),
    /**
     * The highest id handed out (or reserved) so far, 0 when none: every id a later `next` returns
     * is above it. Follows the claim chain from the hint, so a stale hint is never an answer.
     */
    async peek(name: string): Promise<number> {
      let end = (await counters.findOne({ _id: name }))?.seq ?? 0;
      for (;;) {
        const taken = await claims.findOne({ _id: `${name}:${end}` });
        if (!taken) return end;
        end = taken.end;
      }
    },
  };

  async function claim(name: string, count: number): Promise<number> {
    {
      const known = ends.get(name);
      const hint = async () => (await counters.findOne({ _id: name }))?.seq ?? 0;
      let start = known?.end ?? (await hint());
      // Another replica claimed since this process's last claim: the hint may be further along the chain.
      let hintRead = known === undefined;
      for (let attempt = 0; attempt < 10_000; attempt++) {
        try {
          await claims.insertOne({ _id: `${name}:${start}`, end: start + count });
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          if (!hintRead) {
            hintRead = true;
            const further = await hint();
            if (further > start) {
              start = further;
              continue;
            }
          }
          const taken = await claims.findOne({ _id: `${name}:${start}` });
          start = taken?.end ?? start;
          continue;
        }
        const made = (known?.claims ?? 0) + 1;
        ends.set(name, { end: start + count, claims: made });
        if (made % HINT_EVERY === 1) await counters.updateOne({ _id: name }, { $max: { seq: start + count } }, { upsert: true }).catch(() => undefined);
        return start + 1;
      }
      throw new Error(`sequence ${name}: no free block found`);
    }
  }
}

export type Sequences = ReturnType<typeof createSequences>;
