// Herald's FerretDB patch (tools/infra/ferretdb-patch) pushes filters, sorts, limits and counts down
// to SQLite when its SQL form of the filter is exact. These tests check, against the suite's store,
// that every path (pushed down, partly pushed down, not pushed down) returns what MongoDB's
// semantics give, computed here in JS. With MONGO_URL pointing at a real MongoDB they pass too.
import { Binary, Double, Long, MongoClient, ObjectId, type Collection, type Document, type Filter, type Sort } from 'mongodb';

type Doc = Document & { _id: number };

// MongoDB's order of types (BSON comparison order) for the types used here.
function rank(v: unknown): number {
  if (v === undefined || v === null) return 1;
  if (typeof v === 'number' || v instanceof Double || v instanceof Long) return 2;
  if (typeof v === 'string') return 3;
  if (v instanceof ObjectId) return 7;
  if (typeof v === 'boolean') return 8;
  if (v instanceof Date) return 9;
  if (v instanceof Binary) return 5;
  if (Array.isArray(v)) return 4;
  return 3.5; // embedded document
}

const num = (v: unknown): number => (v instanceof Double ? v.value : v instanceof Long ? v.toNumber() : (v as number));

function compare(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 2:
      return num(a) - num(b);
    case 3:
      return Buffer.compare(Buffer.from(a as string), Buffer.from(b as string));
    case 7:
      return (a as ObjectId).toHexString().localeCompare((b as ObjectId).toHexString());
    case 8:
      return Number(a) - Number(b);
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
    default:
      return 0;
  }
}

type Cond = { $lt?: unknown; $lte?: unknown; $gt?: unknown; $gte?: unknown; $ne?: unknown; $in?: unknown[] };

// MongoDB's match of one top-level condition (no arrays in these documents).
function matches(doc: Doc, field: string, cond: unknown): boolean {
  const v = doc[field];
  const isOps = cond !== null && typeof cond === 'object' && !(cond instanceof ObjectId) && !(cond instanceof Date) && !(cond instanceof Double) && !(cond instanceof Long) && Object.keys(cond).every((k) => k.startsWith('$'));
  if (!isOps) return v !== undefined && rank(v) === rank(cond) && compare(v, cond) === 0 || (cond === null && (v === undefined || v === null));
  const ops = cond as Cond;
  const within = (b: unknown, ok: (c: number) => boolean) => v !== undefined && rank(v) === rank(b) && ok(compare(v, b));
  if ('$lt' in ops && !within(ops.$lt, (c) => c < 0)) return false;
  if ('$lte' in ops && !within(ops.$lte, (c) => c <= 0)) return false;
  if ('$gt' in ops && !within(ops.$gt, (c) => c > 0)) return false;
  if ('$gte' in ops && !within(ops.$gte, (c) => c >= 0)) return false;
  if ('$ne' in ops && matches(doc, field, ops.$ne)) return false;
  if ('$in' in ops && !ops.$in!.some((x) => matches(doc, field, x))) return false;
  return true;
}

function expected(docs: Doc[], filter: Record<string, unknown>, sort?: Record<string, 1 | -1>, limit?: number): number[] {
  let out = docs.filter((d) => Object.entries(filter).every(([f, c]) => matches(d, f, c)));
  if (sort) {
    out = [...out].sort((a, b) => {
      for (const [f, dir] of Object.entries(sort)) {
        const c = compare(a[f], b[f]);
        if (c !== 0) return dir * c;
      }
      return 0;
    });
  }
  return out.slice(0, limit ?? out.length).map((d) => d._id);
}

describe('FerretDB pushdown (Herald patch): results equal MongoDB semantics', () => {
  const client = new MongoClient(process.env.MONGO_URL!);
  const dbName = `test_pushdown_${Math.random().toString(36).slice(2, 8)}`;
  let col: Collection<Doc>;
  const docs: Doc[] = [];
  const oid = new ObjectId('65a1b2c3d4e5f60718293a4b');
  const dateMs = 1_700_000_000_000;

  beforeAll(async () => {
    await client.connect();
    col = client.db(dbName).collection<Doc>('c');
    // Herald's feed indexes, plus indexes on the test fields (the pushed-down SQL uses them).
    await col.createIndex({ project_id: 1, recipient_id: 1, status: 1, _id: -1 }, { name: 'feed' });
    await col.createIndex({ project_id: 1, recipient_id: 1, status: 1, read: 1 }, { name: 'feed_unread' });
    await col.createIndex({ g: 1, n: 1 }, { name: 'g_n' });
    await col.createIndex({ s: 1 }, { name: 's' });
    await col.createIndex({ v: 1 }, { name: 'v' });
    await col.createIndex({ g: 1, m: -1 }, { name: 'g_m' });
    await col.createIndex({ t: 1 }, { name: 't' });

    const numbers: unknown[] = [0, 1, 2, -1, -2, -10, 9, 10, 11, 99, 100, 2 ** 31 - 1, -(2 ** 31), new Double(2), new Double(2.5), new Double(-0.5),
      new Double(2 ** 40), Long.fromNumber(2 ** 40 + 1), Long.fromNumber(-(2 ** 45)), new Double(1e20), new Double(-1e20), Long.fromNumber(2 ** 53)];
    const strings = ['', 'a', 'a b', 'a!', 'ab', 'b', 'bz', 'c', 'd', 'é', 'Z', '10', '9', 'a"q', 'a\\b', oid.toHexString()];
    let id = 1;
    numbers.forEach((n, i) => docs.push({ _id: id++, g: i % 2 ? 'a' : 'b', n, m: i % 3 ? i : undefined, s: strings[i % strings.length], flag: i % 2 === 0 }));
    strings.forEach((s) => docs.push({ _id: id++, g: 'a', s, n: 'text', flag: 0 }));
    // one field holding every type (sort order across types), missing in some documents
    const mixed: unknown[] = [5, new Double(5.5), Long.fromNumber(-3), 'x', 'y', '', true, false, null, new Date(dateMs), dateMs, oid, { k: 1 }, undefined, 1, 0];
    mixed.forEach((v, i) => docs.push({ _id: id++, g: 'c', v, sub: { x: i % 2 } }));
    // dates on both sides of the epoch and of every digit count of their milliseconds (before
    // 2001-09-09 they have 12 digits or fewer, after 2286-11-20 14), among other types of `t`
    const times = [-62_135_596_800_000, -1_000_000_000_000, -86_400_000, -1, 0, 1, 999_999_999_999, 1_000_000_000_000, dateMs - 1, dateMs, dateMs + 1, 9_999_999_999_999, 10_000_000_000_000, 253_402_300_799_999];
    times.forEach((ms, i) => docs.push({ _id: id++, g: 'd', t: new Date(ms), n: i }));
    [dateMs, 'x', null, true, oid].forEach((t, i) => docs.push({ _id: id++, g: 'd', t, n: 100 + i }));
    docs.push({ _id: id++, g: 'd', n: 200 });
    // feed-shaped notifications: two recipients, delivered or failed, read or not
    for (let i = 0; i < 120; i++) {
      docs.push({ _id: 1000 + i * 7, project_id: i % 4 === 3 ? 6 : 5, recipient_id: i % 5 === 0 ? 'u2' : 'u1', status: i % 9 === 0 ? 'failed' : 'delivered', read: i % 3 === 0 });
    }
    docs.push({ _id: -5, project_id: 5, recipient_id: 'u1', status: 'delivered', read: false });
    docs.push({ _id: 3_000_000_000, project_id: 5, recipient_id: 'u1', status: 'delivered', read: 1 }); // read not a bool
    for (const d of docs) for (const k of Object.keys(d)) if (d[k] === undefined) delete d[k];
    await col.insertMany(docs.map((d) => ({ ...d })));
  });

  afterAll(async () => {
    await client.db(dbName).dropDatabase().catch(() => undefined);
    await client.close();
  });

  const ids = async (filter: Record<string, unknown>, sort?: Record<string, 1 | -1>, limit?: number) => {
    let cursor = col.find(filter as Filter<Doc>, { projection: { _id: 1 } });
    if (sort) cursor = cursor.sort(sort as Sort);
    if (limit) cursor = cursor.limit(limit);
    return (await cursor.toArray()).map((d) => d._id);
  };

  const check = async (filter: Record<string, unknown>, sort?: Record<string, 1 | -1>, limit?: number) => {
    const got = await ids(filter, sort, limit);
    const want = expected(docs, filter, sort, limit);
    if (sort) expect(got).toEqual(want);
    else expect([...got].sort((a, b) => a - b)).toEqual([...want].sort((a, b) => a - b));
    if (!limit) expect(await col.countDocuments(filter as Filter<Doc>)).toBe(want.length);
  };

  it('ranges on numbers (negatives, int/long/double, large values) match numerically, with sort and limit', async () => {
    const bounds: unknown[] = [-(2 ** 50), -1e20, -10, -1, -0.5, 0, 1, 2, new Double(2), 2.5, 9, 10, 99, 2 ** 31, Long.fromNumber(2 ** 40 + 1), 2 ** 53, 1e20];
    for (const b of bounds) {
      for (const op of ['$lt', '$lte', '$gt', '$gte']) {
        await check({ n: { [op]: b } }, { n: 1, _id: 1 }, 4);
        await check({ g: 'a', n: { [op]: b } }, { n: -1 }, 3);
        await check({ n: { [op]: b } });
      }
    }
    await check({ n: { $gt: -10, $lt: 10 } }, { n: 1, _id: 1 });
    await check({ n: { $gte: -1e20, $lte: 2 ** 40 } }, { n: -1, _id: 1 }, 5);
    await check({ g: 'a', n: { $gt: 0, $lt: 'z' } }); // mixed types in one condition: matches nothing
  });

  it('ranges on strings compare bytes, not JSON text, and never match numbers', async () => {
    for (const b of ['', 'a', 'a b', 'ab', 'b', 'c', 'é', '10', 'Z']) {
      for (const op of ['$lt', '$lte', '$gt', '$gte']) {
        await check({ s: { [op]: b } }, { s: 1, _id: 1 }, 5);
        await check({ s: { [op]: b } }, { s: -1, _id: -1 }, 5);
        await check({ n: { [op]: b } });
      }
    }
    await check({ s: { $gte: 'a', $lt: 'b' } }, { s: 1, _id: 1 });
  });

  it('ranges on dates (before 1970, before 2001, after 2286) compare in time, with sort and limit, and never match other types', async () => {
    const bounds = [-62_135_596_800_000, -86_400_000, -1, 0, 999_999_999_999, 1_000_000_000_000, dateMs, 9_999_999_999_999, 10_000_000_000_000, 253_402_300_799_999];
    for (const ms of bounds) {
      for (const op of ['$lt', '$lte', '$gt', '$gte']) {
        await check({ t: { [op]: new Date(ms) } });
        await check({ t: { [op]: new Date(ms) } }, { t: 1, _id: 1 }, 4);
        await check({ g: 'd', t: { [op]: new Date(ms) } }, { t: -1, _id: 1 }, 3);
      }
    }
    await check({ t: { $gt: new Date(-1), $lte: new Date(dateMs) } }, { t: 1, _id: 1 });
    await check({ t: { $gt: new Date(0), $lt: dateMs } }); // a date and a number bound: matches nothing
    await check({ t: new Date(dateMs) });
    await check({ t: { $in: [new Date(0), new Date(dateMs), dateMs] } }, { _id: 1 }, 5);
    // the retention sweep's query
    await check({ t: { $lte: new Date(dateMs) } }, undefined, 500);
  });

  it('sorts asc and desc with a limit, missing fields first ascending and last descending', async () => {
    await check({ g: 'a' }, { n: 1, _id: 1 }, 5);
    await check({ g: 'a' }, { n: -1, _id: 1 }, 5);
    await check({ g: 'a' }, { m: 1, _id: 1 }, 6);
    await check({ g: 'a' }, { m: -1, _id: 1 }, 6);
    await check({ g: 'b' }, { m: -1, _id: 1 }, 20);
    await check({}, { _id: -1 }, 7);
    await check({}, { _id: 1 }, 7);
  });

  it('sorts a field holding every type in MongoDB order (not pushed down: not number or string)', async () => {
    await check({ g: 'c' }, { v: 1, _id: 1 }, 10);
    await check({ g: 'c' }, { v: -1, _id: 1 }, 10);
    await check({ g: 'c' }, { v: 1, _id: 1 });
    await check({ v: { $gt: 0 } }, { v: 1 });
    await check({ v: { $gte: '' } }, { v: -1 }, 2);
    await check({ v: 5 });
    await check({ v: true });
    await check({ v: false });
    await check({ v: oid });
    await check({ v: { $in: [0, 'x', false] } });
  });

  it('equality is typed: a bool is not 0 or 1, a string is not an ObjectId, a number is not a date', async () => {
    await check({ flag: false });
    await check({ flag: true }, { _id: 1 }, 3);
    await check({ flag: 0 });
    await check({ s: oid.toHexString() });
    await check({ v: dateMs });
    await check({ v: new Date(dateMs) });
    await check({ n: 2 }, { _id: 1 }, 5);
    await check({ n: new Double(2) });
    await check({ n: { $in: [2, 10, 'text'] } }, { _id: -1 }, 3);
  });

  it('filters that are not exact (operators, nested fields, $or) still give correct results with a limit', async () => {
    await check({ g: 'a', n: { $ne: 2 } }, { n: 1, _id: 1 }, 4);
    await check({ g: 'a', m: { $ne: null } }, { m: -1 }, 3);
    const nested = await col.find({ g: 'c', 'sub.x': 1 }).sort({ _id: 1 }).limit(3).toArray();
    expect(nested.map((d) => d._id)).toEqual(docs.filter((d) => d.g === 'c' && d.sub?.x === 1).map((d) => d._id).sort((a, b) => a - b).slice(0, 3));
    const or = await col.find({ $or: [{ g: 'b' }, { n: 'text' }], flag: { $in: [true, false] } }).sort({ _id: -1 }).limit(4).toArray();
    const orWant = docs.filter((d) => (d.g === 'b' || d.n === 'text') && typeof d.flag === 'boolean').map((d) => d._id).sort((a, b) => b - a).slice(0, 4);
    expect(or.map((d) => d._id)).toEqual(orWant);
    await check({ g: 'a' }, { n: 1, _id: 1 }, 4); // skip below
    const skipped = await col.find({ g: 'a' }).sort({ n: 1, _id: 1 }).skip(3).limit(4).toArray();
    expect(skipped.map((d) => d._id)).toEqual(expected(docs, { g: 'a' }, { n: 1, _id: 1 }).slice(3, 7));
  });

  it('feed pages and unread counts (Herald delivery queries)', async () => {
    const base = { project_id: 5, recipient_id: 'u1', status: 'delivered' };
    await check(base, { _id: -1 }, 21);
    for (const before of [1500, 1001, 1000, 0, -5, 5_000_000_000]) {
      await check({ ...base, _id: { $lt: before } }, { _id: -1 }, 21);
      await check({ ...base, _id: { $lt: before }, read: false }, { _id: -1 }, 21);
      await check({ ...base, _id: { $lt: before }, read: true }, { _id: -1 }, 5);
    }
    await check({ ...base, read: false }, { _id: -1 }, 21);
    for (const read of [true, false, 1]) {
      const filter = { ...base, read };
      const want = expected(docs, filter).length;
      expect(await col.countDocuments(filter)).toBe(want);
      expect((await col.db.command({ count: 'c', query: filter })).n).toBe(want);
    }
    expect(await col.countDocuments({ ...base, recipient_id: 'nobody', read: false })).toBe(0);
    expect(await col.countDocuments({ g: 'a', n: { $gte: 0 } })).toBe(expected(docs, { g: 'a', n: { $gte: 0 } }).length);
    expect(await col.countDocuments({})).toBe(docs.length);
    await check({ _id: 1000 });
    await check({ _id: { $in: [1000, 1007, -5, 3_000_000_000, 42_000] } });
  });

  it('typed keys of escaped strings, extreme numbers and every scalar type: each value finds exactly its equals', async () => {
    const keyed = client.db(dbName).collection<Doc>('keys');
    await keyed.createIndex({ k: 1 }, { name: 'k' });
    await keyed.createIndex({ g: 1, k: -1 }, { name: 'g_k' });
    const values: unknown[] = ['a<b>&c', 'line\nbreak\ttab', 'quote"and\\slash', '😀 ✓', '\u0001', 'null', 'true', '1', oid.toHexString(), oid,
      Long.fromString('9223372036854775807'), Long.fromString('-9223372036854775808'), Long.fromString('9007199254740993'), new Double(1e21), new Double(-0),
      new Double(1e-7), new Double(1), 1, Long.fromNumber(1), null, undefined, true, false, new Date(-62_135_596_800_000), new Date(0),
      new Date(dateMs), dateMs, new Binary(Buffer.from('bin'))];
    const keyedDocs: Doc[] = values.map((k, i) => (k === undefined ? { _id: i, g: i % 2 } : { _id: i, g: i % 2, k }));
    await keyed.insertMany(keyedDocs.map((d) => ({ ...d })));
    const same = (a: Doc, v: unknown) =>
      v === null ? a.k === undefined || a.k === null : a.k !== undefined && rank(a.k) === rank(v) && (rank(v) === 5 ? String(a.k) === String(v) : compare(a.k, v) === 0);
    for (const v of values.filter((x) => x !== undefined)) {
      const want = keyedDocs.filter((d) => same(d, v)).map((d) => d._id);
      const got = (await keyed.find({ k: v as never }).sort({ _id: 1 }).toArray()).map((d) => d._id);
      expect({ value: v, ids: got }).toEqual({ value: v, ids: want });
      expect(await keyed.countDocuments({ k: v as never })).toBe(want.length);
      const inGroup = (await keyed.find({ g: 1, k: { $in: [v as never] } }).toArray()).map((d) => d._id).sort((a, b) => a - b);
      expect({ value: v, ids: inGroup }).toEqual({ value: v, ids: want.filter((id) => keyedDocs[id].g === 1) });
    }
  });
});
