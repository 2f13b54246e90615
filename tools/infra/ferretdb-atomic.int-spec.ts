// Single-document updates must be atomic, as on MongoDB: Herald's claims, leases and conditional
// outcome writes rely on it (two workers racing for one message, a lease renewal racing the outcome
// write). Upstream FerretDB's `update` and `findAndModify` read a document, apply the update in Go
// and write the whole document back, so two concurrent ones could lose one of them (seen: a lease
// renewal put back the `pending` email an outcome write had just made `sent`, and the send was
// never finished). Herald's FerretDB patches serialize them per collection
// (tools/infra/ferretdb-patch/README.md, "Atomic updates"). With MONGO_URL pointing at a real
// MongoDB these pass too.
import { MongoClient, type Collection } from 'mongodb';

type Doc = { _id: number; n?: number; owner?: string | null; status?: string; [field: string]: unknown };

const CONCURRENT = 100;

describe('local store: single-document updates are atomic (Herald FerretDB patch)', () => {
  // Enough connections that the updates really reach the store at the same time.
  const client = new MongoClient(process.env.MONGO_URL!, { maxPoolSize: CONCURRENT });
  const dbName = `test_atomic_${Math.random().toString(36).slice(2, 8)}`;
  let col: Collection<Doc>;

  beforeAll(async () => {
    await client.connect();
    col = client.db(dbName).collection<Doc>('c');
    await col.insertMany(Array.from({ length: 10 }, (_, i) => ({ _id: i + 1, n: 0, owner: null, status: 'pending' })));
  });

  afterAll(async () => {
    await client.db(dbName).dropDatabase().catch(() => undefined);
    await client.close();
  });

  it('concurrent $inc of one document: none is lost', async () => {
    await Promise.all(Array.from({ length: CONCURRENT }, () => col.updateOne({ _id: 1 }, { $inc: { n: 1 } })));
    expect((await col.findOne({ _id: 1 }))?.n).toBe(CONCURRENT);
  });

  it('concurrent $set of different fields of one document (updateOne, updateMany, bulkWrite, findOneAndUpdate): every field is there', async () => {
    await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => {
        const set = { $set: { [`f${i}`]: i } };
        switch (i % 4) {
          case 0:
            return col.updateOne({ _id: 2 }, set);
          case 1:
            return col.updateMany({ _id: { $in: [2, 3] } }, set);
          case 2:
            return col.bulkWrite([{ updateOne: { filter: { _id: 2 }, update: set } }], { ordered: false });
          default:
            return col.findOneAndUpdate({ _id: 2 }, set);
        }
      }),
    );
    const doc = (await col.findOne({ _id: 2 }))!;
    expect(Array.from({ length: CONCURRENT }, (_, i) => doc[`f${i}`])).toEqual(Array.from({ length: CONCURRENT }, (_, i) => i));
  });

  it('a conditional claim has exactly one winner, and a write conditional on the claim is never undone by a racing renewal', async () => {
    const claims = Array.from({ length: CONCURRENT }, (_, i) => `w${i}`);
    const won = await Promise.all(claims.map((owner) => col.updateOne({ _id: 4, owner: null }, { $set: { owner } }).then((r) => r.modifiedCount)));
    expect(won.reduce((a, b) => a + b, 0)).toBe(1);
    const owner = (await col.findOne({ _id: 4 }))!.owner!;
    expect(claims[won.indexOf(1)]).toBe(owner);

    // The holder's outcome write (unsets the claim) against renewals conditional on the claim (set a lease).
    await Promise.all([
      col.updateOne({ _id: 4, owner, status: 'pending' }, { $set: { status: 'sent' }, $unset: { owner: '' } }),
      ...Array.from({ length: CONCURRENT - 1 }, () => col.updateMany({ _id: { $in: [4] }, owner }, { $set: { lease: Date.now() } })),
    ]);
    const after = (await col.findOne({ _id: 4 }))!;
    expect([after.status, after.owner]).toEqual(['sent', undefined]);
  });
});
