import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from './mongo';
import { createSequences } from './sequences';

describe('createSequences', () => {
  let mongo: MongoHandle;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_sequences_${randomBytes(4).toString('hex')}`, 'test');
  });
  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  it('when ids are drawn one after another, then they are 1, 2, 3', async () => {
    const seq = createSequences(mongo.db);
    expect([await seq.next('serial'), await seq.next('serial'), await seq.next('serial')]).toEqual([1, 2, 3]);
  });

  it('when 50 ids and blocks are drawn concurrently, then no id is handed out twice', async () => {
    const seq = createSequences(mongo.db);
    const sizes = Array.from({ length: 50 }, (_, i) => (i % 5) + 1);
    const starts = await Promise.all(sizes.map((n) => seq.next('race', n)));
    const ids = starts.flatMap((s, i) => Array.from({ length: sizes[i] }, (_, k) => s + k));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBe(1);
    expect(await seq.next('race')).toBe(ids.length + 1);
  });
});
