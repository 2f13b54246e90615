// The local store must never run out of connections, whatever the clients leave open. FerretDB's
// SQLite backend holds one of its 100 pool connections per open result set; upstream's `update`
// kept every statement's result set open until the whole command returned, so a bulkWrite of more
// than ~100 updateOne statements (or a few concurrent smaller ones) waited forever for a connection
// its own command held, and the store hung for everyone
// (tools/infra/ferretdb-patch/0004-release-rows-and-atomic-updates.patch). These tests open more result sets than the pool holds, in every way a
// client can (bulk updates, findAndModify, limited cursors never exhausted nor killed, killed
// cursors, counts), then check the store still answers promptly. With MONGO_URL pointing at a
// real MongoDB they pass too.
import { MongoClient, type Collection, type Db } from 'mongodb';

type Doc = { _id: number; project_id: number; recipient_id: string; status: string; read: boolean; n: number };

const POOL = 100; // FerretDB's SQLite pool size: every scenario goes well past it
/** How long a request may take before the store counts as hung: generous, a loaded machine is slow but answers. */
const WAIT_MS = 20_000;

/** Resolves with fn's result, or rejects after ms: a hung store fails the test instead of the run. */
function within<T>(ms: number, what: string, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms: the store is out of connections`)), ms);
  });
  return Promise.race([fn(), timeout]).finally(() => clearTimeout(timer));
}

describe('local store: result sets are released (Herald FerretDB patch)', () => {
  const client = new MongoClient(process.env.MONGO_URL!, { maxPoolSize: 20 });
  const dbName = `test_release_${Math.random().toString(36).slice(2, 8)}`;
  let db: Db;
  let col: Collection<Doc>;
  const filter = { project_id: 1, recipient_id: 'r1', status: 'delivered' };

  /** The store answers a feed read, a count and a write (a hung store never does; WAIT_MS is only how long we wait to say so). */
  async function answersPromptly(): Promise<void> {
    const page = await within(WAIT_MS, 'a feed page', () => col.find(filter).sort({ _id: -1 }).limit(21).toArray());
    expect(page).toHaveLength(21);
    expect(await within(WAIT_MS, 'a count', () => col.countDocuments({ ...filter, read: false }))).toBe(250);
    const r = await within(WAIT_MS, 'an update', () => col.updateOne({ _id: 1 }, { $inc: { n: 1 } }));
    expect(r.matchedCount).toBe(1);
  }

  beforeAll(async () => {
    await client.connect();
    db = client.db(dbName);
    col = db.collection<Doc>('notifications');
    await col.createIndex({ project_id: 1, recipient_id: 1, status: 1, _id: -1 }, { name: 'feed' });
    await col.createIndex({ project_id: 1, recipient_id: 1, status: 1, read: 1 }, { name: 'feed_unread' });
    const docs: Doc[] = [];
    for (let i = 1; i <= 500; i++) docs.push({ _id: i, project_id: 1, recipient_id: 'r1', status: 'delivered', read: i % 2 === 0, n: 0 });
    await col.insertMany(docs);
  });

  afterAll(async () => {
    await db?.dropDatabase().catch(() => undefined);
    await client.close(true);
  });

  it('when one bulkWrite holds 3x the pool in updateOne statements, then it completes and the store answers', async () => {
    const ops = Array.from({ length: 3 * POOL }, (_, i) => ({ updateOne: { filter: { _id: i + 1, status: 'delivered' }, update: { $inc: { n: 1 } } } }));
    const r = await within(20_000, 'a bulkWrite of 300 updateOne', () => col.bulkWrite(ops, { ordered: false }));
    expect(r.modifiedCount).toBe(3 * POOL);
    await answersPromptly();
  });

  it('when concurrent bulkWrites together exceed the pool, then all complete', async () => {
    const bulk = (from: number) =>
      col.bulkWrite(
        Array.from({ length: 60 }, (_, i) => ({ updateOne: { filter: { _id: from + i }, update: { $inc: { n: 1 } } } })),
        { ordered: false },
      );
    const results = await within(20_000, 'four concurrent bulkWrites of 60', () => Promise.all([1, 61, 121, 181].map(bulk)));
    expect(results.map((r) => r.modifiedCount)).toEqual([60, 60, 60, 60]);
    await answersPromptly();
  });

  it('when more findOneAndUpdate calls than the pool run at once, then all complete', async () => {
    const calls = Array.from({ length: 2 * POOL }, (_, i) => () => col.findOneAndUpdate({ _id: (i % 500) + 1 }, { $inc: { n: 1 } }, { returnDocument: 'after' }));
    const done = await within(20_000, '200 concurrent findOneAndUpdate', () => Promise.all(calls.map((c) => c())));
    expect(done.every((d) => d !== null)).toBe(true);
    await answersPromptly();
  });

  it('when limited cursors are abandoned after their first batch (never exhausted, never killed), then the store still answers', async () => {
    // Raw find commands: the driver cannot kill what it does not track, like a client that dies.
    const finds = [
      { sort: { _id: -1 }, limit: 50 }, // a feed page, sort and limit pushed down
      { limit: 50 }, // limit without sort
      { sort: { _id: 1 }, limit: 200, skip: 10 },
    ];
    let open = 0;
    for (let i = 0; i < 3 * POOL; i++) {
      const spec = finds[i % finds.length];
      const r = await within(WAIT_MS, `abandoned find #${i}`, () => db.command({ find: 'notifications', filter, batchSize: 2, ...spec }));
      expect(r.cursor.firstBatch).toHaveLength(2);
      if (String(r.cursor.id) !== '0') open++;
    }
    expect(open).toBe(3 * POOL); // every cursor is still open on the server
    await answersPromptly();
  });

  it('when cursors are killed after a getMore, and counts run concurrently past the pool size, then the store still answers', async () => {
    for (let i = 0; i < 2 * POOL; i++) {
      const cursor = col.find(filter).sort({ _id: -1 }).limit(100).batchSize(3);
      await within(WAIT_MS, `cursor #${i}`, async () => {
        await cursor.next();
        await cursor.next();
        await cursor.next();
        await cursor.next(); // a getMore
        await cursor.close(); // killCursors
      });
    }
    const counts = await within(20_000, '200 concurrent counts', () => Promise.all(Array.from({ length: 2 * POOL }, () => col.countDocuments({ ...filter, read: false }))));
    expect(new Set(counts)).toEqual(new Set([250]));
    await answersPromptly();
  });
});
