import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { insertManyFates } from '../kernel/store/insert-fates';
import { createQuotaRepository, quotaOwner } from './quota-repository';

let nextProject = Math.floor(Math.random() * 1e6);
// Notification ids are global, so owners are too: each test's ids are offset by its project.
const owners = (from: number, n: number) => Array.from({ length: n }, (_, i) => quotaOwner(nextProject * 1_000_000 + from + i, 'in_app'));

describe('quota units against the real store', () => {
  let mongo: MongoHandle;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_quota_${randomBytes(4).toString('hex')}`, 'test');
    await createQuotaRepository(mongo.db).ensureIndexes();
  });
  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });
  const units = (project: number) => mongo.db.collection('quota_units').countDocuments({ project_id: project });

  it('when the same (notification, medium) reserves twice (a redelivered job), then one unit is spent and both are granted', async () => {
    const project = ++nextProject;
    const quota = createQuotaRepository(mongo.db);
    const first = await quota.reserve(project, '2030-01', owners(1, 5), 10);
    // a second replica (its own hint) and the same process again, with and without the redelivery hint
    const again = await createQuotaRepository(mongo.db).reserve(project, '2030-01', owners(1, 5), 10);
    const third = await quota.reserve(project, '2030-01', owners(1, 5), 10, true);
    expect([first.size, again.size, third.size]).toEqual([5, 5, 5]);
    expect(await units(project)).toBe(5);
    // and the slots left are still all usable
    expect((await quota.reserve(project, '2030-01', owners(100, 10), 10)).size).toBe(5);
    expect(await units(project)).toBe(10);
  });

  it('when replicas race for the last units, then together they never pass the limit and lost races do not refuse units that are left', async () => {
    const project = ++nextProject;
    const replicas = Array.from({ length: 4 }, () => createQuotaRepository(mongo.db));
    // 4 replicas x 15 wanted, limit 50: exactly 50 granted in all
    const grants = await Promise.all(replicas.map((q, r) => q.reserve(project, '2030-02', owners(1000 * (r + 1), 15), 50)));
    expect(grants.reduce((s, g) => s + g.size, 0)).toBe(50);
    expect(await units(project)).toBe(50);
    // room for all: 3 replicas x 10 wanted, limit 1,000 → every one granted (no false quota_exceeded)
    const project2 = project;
    const all = await Promise.all(replicas.slice(0, 3).map((q, r) => q.reserve(project2, '2030-12', owners(50_000 * (r + 1), 10), 1000)));
    expect(all.map((g) => g.size)).toEqual([10, 10, 10]);
  });

  it('when many one-message jobs of one process reserve at once, then each is granted its unit while units are left', async () => {
    const project = ++nextProject;
    const quota = createQuotaRepository(mongo.db);
    await quota.reserve(project, '2030-04', owners(1, 10), 1_000_000);
    // More jobs at once than a reservation's rounds: they must not race each other for the same next slot.
    const jobs = owners(100, 250);
    const grants = await Promise.all(jobs.map((owner) => quota.reserve(project, '2030-04', [owner], 1_000_000)));
    expect(grants.filter((g) => g.size !== 1)).toEqual([]);
    expect(await units(project)).toBe(260);
  });

  it('when a process starts on a month with units spent, then it finds the next free slot without counting, and an unlimited project spends none', async () => {
    const project = ++nextProject;
    await createQuotaRepository(mongo.db).reserve(project, '2030-03', owners(1, 37), 100);
    const fresh = createQuotaRepository(mongo.db);
    const [owner] = owners(999, 1);
    await fresh.reserve(project, '2030-03', [owner], 100);
    const unit = await mongo.db.collection<{ _id: string; owner: string }>('quota_units').findOne({ owner });
    expect(unit!._id).toBe(`${project}:2030-03:38`);
    expect((await fresh.reserve(project, '2030-03', owners(2000, 70), 100)).size).toBe(62);
    expect((await fresh.reserve(++nextProject, '2030-03', owners(1, 3), null)).size).toBe(3);
  });

  it('when past months are pruned, then only their units go, in bounded batches', async () => {
    const project = ++nextProject;
    const quota = createQuotaRepository(mongo.db);
    await quota.reserve(project, '2001-01', owners(70_000, 30), 100);
    await quota.reserve(project, '2999-12', owners(80_000, 5), 100);
    expect(await quota.prune('2001-02', 20)).toBe(20);
    while ((await quota.prune('2001-02', 20)) > 0);
    expect(await mongo.db.collection('quota_units').countDocuments({ project_id: project })).toBe(5);
  });
});

describe('insertManyFates', () => {
  let mongo: MongoHandle;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, `test_fates_${randomBytes(4).toString('hex')}`, 'test');
  });
  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  it('when some documents of a batch exist already, then each caller learns its own fate and the others are written', async () => {
    const col = mongo.db.collection<{ _id: number; v: string }>('things');
    await col.insertMany([{ _id: 2, v: 'old' }, { _id: 4, v: 'old' }]);
    const fates = await insertManyFates(col, [1, 2, 3, 4, 5].map((id) => ({ _id: id, v: 'new' })));
    expect([...fates.inserted].sort()).toEqual([0, 2, 4]);
    expect([...fates.duplicate].sort()).toEqual([1, 3]);
    expect((await col.find({}).sort({ _id: 1 }).toArray()).map((d) => d.v)).toEqual(['new', 'old', 'new', 'old', 'new']);
  });
});
