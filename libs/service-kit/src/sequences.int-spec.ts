import { Collection, MongoClient } from 'mongodb';
import { createSequences } from './sequences';

describe('createSequences against the real store', () => {
  const client = new MongoClient(process.env.MONGO_URL as string);
  const dbName = `test_sequences_${Date.now()}`;

  afterAll(async () => {
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  it('when 50 ids are requested at once in one process, then they are consecutive, in the order asked', async () => {
    const seq = createSequences(client.db(dbName));
    const ids = await Promise.all(Array.from({ length: 50 }, () => seq.next('a')));
    expect(ids).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('when blocks of different sizes are requested at once, then they do not overlap and follow the order asked', async () => {
    const seq = createSequences(client.db(dbName));
    const firsts = await Promise.all([seq.next('d', 3), seq.next('d'), seq.next('d', 5)]);
    expect(firsts).toEqual([1, 4, 5]);
    expect(await seq.next('d')).toBe(10);
  });

  it('when the store fails, then every waiting request fails', async () => {
    const broken = new MongoClient('mongodb://127.0.0.1:1/', { serverSelectionTimeoutMS: 200 });
    const seq = createSequences(broken.db(dbName));
    const results = await Promise.allSettled([seq.next('e'), seq.next('e')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await broken.close();
  });

  it('when two replicas allocate concurrently, including blocks, then no id is handed out twice', async () => {
    const replicaA = createSequences(client.db(dbName));
    const replicaB = createSequences(client.db(dbName));
    const calls = Array.from({ length: 40 }, (_, i) => {
      const count = i % 5 === 0 ? 10 : 1;
      const seq = i % 2 === 0 ? replicaA : replicaB;
      return seq.next('b', count).then((first) => Array.from({ length: count }, (_, k) => first + k));
    });
    const ids = (await Promise.all(calls)).flat();
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBe(1);
  });

  it('when a process claims again, then it starts where its last claim ended without writing the shared hint each time, and a new replica walks from the stale hint to fresh ids', async () => {
    const replicaA = createSequences(client.db(dbName));
    expect([await replicaA.next('h'), await replicaA.next('h', 2), await replicaA.next('h')]).toEqual([1, 2, 4]);
    // The hint (an update) was written at the first claim only.
    expect((await client.db(dbName).collection<{ _id: string; seq: number }>('counters').findOne({ _id: 'h' }))?.seq).toBe(1);
    const replicaB = createSequences(client.db(dbName));
    expect(await replicaB.next('h')).toBe(5);
    expect(await replicaA.next('h')).toBe(6);
    expect(await replicaB.peek('h')).toBe(6);
  });

  it('when another replica claimed many blocks since, then a process starts from the shared hint rather than walking each of them', async () => {
    const replicaA = createSequences(client.db(dbName));
    const replicaB = createSequences(client.db(dbName));
    expect(await replicaA.next('k')).toBe(1);
    for (let i = 0; i < 20; i++) await replicaB.next('k');
    const reads = jest.spyOn(Collection.prototype, 'findOne');
    try {
      expect(await replicaA.next('k')).toBe(22);
      // The hint, then the few blocks claimed after B last wrote it (not the 20 blocks one by one).
      expect(reads.mock.calls.length).toBeLessThan(8);
    } finally {
      reads.mockRestore();
    }
  });

  it('when ids are requested one after another, then each is larger than the one before', async () => {
    const seq = createSequences(client.db(dbName));
    const first = await seq.next('c');
    const second = await seq.next('c', 3);
    const third = await seq.next('c');
    expect(second).toBe(first + 1);
    expect(third).toBe(second + 3);
  });
});
