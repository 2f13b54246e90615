// Herald's FerretDB patch (tools/infra/ferretdb-patch, partial-indexes-exists) creates an index
// with `partialFilterExpression: {<field>: {$exists: true}}` as an SQLite partial index holding
// only the documents where the field is set. These tests check, against the suite's store, that the
// index is used for the queries it is declared for (a comparison on the field), that no other
// query uses it, and that every answer is the one MongoDB's semantics give, computed here in JS,
// while documents gain and lose the field. With MONGO_URL pointing at a real MongoDB they pass too
// (the plan is read from explain's text: SQLite's "USING INDEX <table>_<name>", MongoDB's indexName).
import { MongoClient, type Collection, type Document, type Filter } from 'mongodb';

type Doc = { _id: number; p: number; r: string; flag?: boolean | null; order?: number };

/** A query, the documents MongoDB matches for it (as a predicate), and whether the partial index may serve it. */
type Case = { name: string; filter: Filter<Doc>; match: (d: Doc) => boolean; partial: boolean };

const ofRecipient = (d: Doc) => d.p === 5 && d.r === 'u1';

const cases: Case[] = [
  { name: 'flag: true', filter: { p: 5, r: 'u1', flag: true }, match: (d) => ofRecipient(d) && d.flag === true, partial: true },
  { name: 'flag: false', filter: { p: 5, r: 'u1', flag: false }, match: (d) => ofRecipient(d) && d.flag === false, partial: true },
  { name: 'flag: $in', filter: { p: 5, r: 'u1', flag: { $in: [true, false] } }, match: (d) => ofRecipient(d) && typeof d.flag === 'boolean', partial: true },
  { name: 'order: $lt', filter: { p: 5, r: 'u1', order: { $lt: 40 } }, match: (d) => ofRecipient(d) && d.order !== undefined && d.order < 40, partial: true },
  { name: 'flag: null (null or missing)', filter: { p: 5, r: 'u1', flag: null }, match: (d) => ofRecipient(d) && (d.flag === null || d.flag === undefined), partial: false },
  { name: 'flag: $ne true', filter: { p: 5, r: 'u1', flag: { $ne: true } }, match: (d) => ofRecipient(d) && d.flag !== true, partial: false },
  { name: 'flag: $exists false', filter: { p: 5, r: 'u1', flag: { $exists: false } }, match: (d) => ofRecipient(d) && d.flag === undefined, partial: false },
  { name: 'no flag term', filter: { p: 5, r: 'u1' }, match: ofRecipient, partial: false },
];

describe('FerretDB partial indexes on {field: {$exists: true}} (Herald patch)', () => {
  const client = new MongoClient(process.env.MONGO_URL!);
  const dbName = `test_partial_${Math.random().toString(36).slice(2, 8)}`;
  let col: Collection<Doc>;
  const docs: Doc[] = [];

  beforeAll(async () => {
    await client.connect();
    col = client.db(dbName).collection<Doc>('c');
    // Herald's shape: a full index on the recipient, and partial ones on fields few documents hold.
    await col.createIndex({ p: 1, r: 1, _id: -1 }, { name: 'recipient' });
    await col.createIndex({ p: 1, r: 1, flag: 1, _id: -1 }, { name: 'recipient_flag', partialFilterExpression: { flag: { $exists: true } } });
    await col.createIndex({ p: 1, r: 1, order: -1 }, { name: 'recipient_order', partialFilterExpression: { order: { $exists: true } } });
    for (let i = 0; i < 300; i++) {
      const d: Doc = { _id: i, p: i % 7 === 0 ? 6 : 5, r: i % 3 === 0 ? 'u2' : 'u1' };
      if (i % 10 === 1) d.flag = true;
      if (i % 10 === 2) d.flag = false;
      if (i % 10 === 3) d.flag = null;
      if (i % 13 === 0) d.order = i;
      docs.push(d);
    }
    await col.insertMany(docs.map((d) => ({ ...d })));
  });

  afterAll(async () => {
    await client.db(dbName).dropDatabase().catch(() => undefined);
    await client.close();
  });

  const indexesUsed = async (filter: Filter<Doc>): Promise<string> => JSON.stringify(await col.find(filter).explain());

  const checkAll = async () => {
    for (const c of cases) {
      const want = docs.filter(c.match).map((d) => d._id).sort((a, b) => b - a);
      const got = (await col.find(c.filter, { projection: { _id: 1 } }).sort({ _id: -1 }).toArray()).map((d) => d._id);
      expect({ query: c.name, ids: got }).toEqual({ query: c.name, ids: want });
      expect({ query: c.name, count: await col.countDocuments(c.filter) }).toEqual({ query: c.name, count: want.length });
      const page = (await col.find(c.filter, { projection: { _id: 1 } }).sort({ _id: -1 }).limit(5).toArray()).map((d) => d._id);
      expect({ query: c.name, page }).toEqual({ query: c.name, page: want.slice(0, 5) });
    }
  };

  it('lists the partial filter with the index', async () => {
    const indexes: Document[] = await col.listIndexes().toArray();
    expect(indexes.find((i) => i.name === 'recipient_flag')?.partialFilterExpression).toEqual({ flag: { $exists: true } });
    expect(indexes.find((i) => i.name === 'recipient')?.partialFilterExpression).toBeUndefined();
  });

  it('serves a comparison on the field from the partial index, and no query that can match a document without it', async () => {
    for (const c of cases) {
      const plan = await indexesUsed(c.filter);
      const partialName = c.filter.order ? 'recipient_order' : 'recipient_flag';
      expect({ query: c.name, usesPartial: plan.includes(partialName) }).toEqual({ query: c.name, usesPartial: c.partial });
    }
  });

  it('answers as MongoDB does, also after documents gain, change and lose the field', async () => {
    await checkAll();
    const gain = docs.filter((d) => d.flag === undefined && ofRecipient(d)).slice(0, 10);
    await col.updateMany({ _id: { $in: gain.map((d) => d._id) } }, { $set: { flag: true, order: 1 } });
    for (const d of gain) Object.assign(d, { flag: true, order: 1 });
    const flip = docs.filter((d) => d.flag === true).slice(0, 10);
    await col.updateMany({ _id: { $in: flip.map((d) => d._id) } }, { $set: { flag: false } });
    for (const d of flip) d.flag = false;
    const lose = docs.filter((d) => d.flag === false).slice(0, 10);
    await col.updateMany({ _id: { $in: lose.map((d) => d._id) } }, { $unset: { flag: '', order: '' } });
    for (const d of lose) {
      delete d.flag;
      delete d.order;
    }
    await checkAll();
  });
});
