import { connectMongo, connectNats, createLogger, createSequences, systemClock, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import { createCatalogCache, type CatalogCache } from './store/catalog-cache';
import type { RawCatalogInput } from './domain/validation';
import { createCatalogRepository, type CatalogRepository } from './store/catalog-repository';
import { createRuleRepository } from './store/rule-repository';
import { newProject, uniqueDbName } from './testing/start-preference-service';
import type { PreferenceDeps } from './usecases/deps';
import { createUpsertCatalog } from './usecases/upsert-catalog';

const item = (event: string, over: Partial<RawCatalogInput> = {}): RawCatalogInput => ({
  target: { channel: 'ops', topic: 'none', event }, medium: 'in_app', name: `On ${event}`, defaultEnabled: true, mandatory: false, ...over,
});

const crash = () => new Error('simulated crash');

// The real store and broker; the only thing changed is a repository that stops part-way through
// a write, as a process killed mid-request would.
describe('bulk upsert retry safety', () => {
  let mongo: MongoHandle;
  let nats: NatsConnection;
  let cache: CatalogCache;
  let deps: PreferenceDeps;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, uniqueDbName('pref_retry'), 'test');
    nats = await connectNats(process.env.NATS_URL!, 'test');
    const catalog = createCatalogRepository(mongo.db);
    await catalog.ensureIndexes();
    cache = createCatalogCache({ load: (p) => catalog.listByProject(p), nats, ttlMs: 60_000, maxProjects: 100, logger: createLogger('test', 'silent') });
    deps = { catalog, rules: createRuleRepository(mongo.db), catalogCache: cache, sequences: createSequences(mongo.db), clock: systemClock };
  });
  afterAll(async () => {
    cache.stop();
    await mongo.db.dropDatabase();
    await mongo.close();
    await nats.close();
  });

  const state = async (projectId: bigint) =>
    (await deps.catalog.listByProject(Number(projectId))).map((e) => ({ id: e.id, key: `${e.target.event}/${e.medium}`, name: e.name, on: e.defaultEnabled, desc: e.description }));
  const withCatalog = (catalog: Partial<CatalogRepository>): PreferenceDeps => ({ ...deps, catalog: { ...deps.catalog, ...catalog } });

  const before = [item('keep-me'), item('change-me'), item('drop-me'), item('drop-me-too', { medium: 'email' })];
  const request = {
    items: [item('change-me', { name: 'Changed', defaultEnabled: false }), item('new-1'), item('new-2', { description: 'two' }), item('keep-me'), item('new-3', { medium: 'email' })],
    prune: true,
  };

  /** What a single uninterrupted run of `request` produces, ids aside. */
  async function expectedState() {
    const projectId = newProject();
    await createUpsertCatalog(deps)({ projectId: Number(projectId), items: before, prune: false });
    await createUpsertCatalog(deps)({ projectId: Number(projectId), ...request });
    return (await state(projectId)).map(({ id: _id, ...rest }) => rest);
  }

  it('when a crash interrupts the upserts part-way, then a retry of the same request yields the desired catalog', async () => {
    const projectId = newProject();
    await createUpsertCatalog(deps)({ projectId: Number(projectId), items: before, prune: false });
    const partial = withCatalog({
      upsertByKey: async (p, items, now) => {
        await deps.catalog.upsertByKey(p, items.slice(0, 2), now); // the first two writes land, then the process dies
        throw crash();
      },
    });
    await expect(createUpsertCatalog(partial)({ projectId: Number(projectId), ...request })).rejects.toThrow('simulated crash');
    const broken = await state(projectId);
    expect(broken.map((e) => e.key)).toContain('new-1/in_app'); // some of the request was written...
    expect(broken.map((e) => e.key)).not.toContain('new-2/in_app'); // ...and some was not

    const result = await createUpsertCatalog(deps)({ projectId: Number(projectId), ...request });
    const after = await state(projectId);
    expect(after.map(({ id: _id, ...rest }) => rest)).toEqual(await expectedState());
    expect(result.map((e) => e.id)).toEqual(after.map((e) => e.id));
    // The entry the interrupted attempt inserted kept its id (matched by natural key, not re-inserted).
    expect(after.find((e) => e.key === 'new-1/in_app')!.id).toBe(broken.find((e) => e.key === 'new-1/in_app')!.id);
  });

  it('when a crash interrupts the prune part-way, then a retry deletes the rest and nothing else', async () => {
    const projectId = newProject();
    await createUpsertCatalog(deps)({ projectId: Number(projectId), items: before, prune: false });
    const partial = withCatalog({
      deleteByIds: async (p, ids) => {
        await deps.catalog.deleteByIds(p, ids.slice(0, 1));
        throw crash();
      },
    });
    await expect(createUpsertCatalog(partial)({ projectId: Number(projectId), ...request })).rejects.toThrow('simulated crash');
    expect((await state(projectId)).map((e) => e.key)).toContain('drop-me-too/email');

    await createUpsertCatalog(deps)({ projectId: Number(projectId), ...request });
    expect((await state(projectId)).map(({ id: _id, ...rest }) => rest)).toEqual(await expectedState());
  });

  it('when the crash comes after the upserts, then the cache was still invalidated and a reader sees what was written', async () => {
    const projectId = newProject();
    await createUpsertCatalog(deps)({ projectId: Number(projectId), items: [item('a')], prune: false });
    expect((await cache.get(Number(projectId))).entries.map((e) => e.target.event)).toEqual(['a']);
    const partial = withCatalog({
      deleteByIds: async () => {
        throw crash();
      },
    });
    await expect(createUpsertCatalog(partial)({ projectId: Number(projectId), items: [item('b')], prune: true })).rejects.toThrow();
    expect((await cache.get(Number(projectId))).entries.map((e) => e.target.event)).toEqual(['a', 'b']);
  });

  it('when many requests upsert the same new entry at once, then every one succeeds and one entry exists', async () => {
    const projectId = Number(newProject());
    const runs = Array.from({ length: 12 }, (_, i) => createUpsertCatalog(deps)({ projectId, items: [item('race', { name: `Run ${i}` })], prune: false }));
    const settled = await Promise.allSettled(runs);
    expect(settled.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    expect((await deps.catalog.listByProject(projectId)).map((e) => e.target.event)).toEqual(['race']);
  });

  it('when many writers upsert the same new entries through the repository at once, then none fails', async () => {
    const projectId = Number(newProject());
    const keys = ['a', 'b', 'c', 'd'];
    const base = 1e12 + Math.floor(Math.random() * 1e12);
    for (let round = 0; round < 3; round++) {
      const now = new Date();
      const runs = Array.from({ length: 16 }, (_, w) =>
        deps.catalog.upsertByKey(projectId, keys.map((k, i) => ({
          input: { target: { channel: 'ops', topic: 'none', event: `${k}${round}` }, medium: 'in_app' as const, name: k, description: null, defaultEnabled: true, mandatory: false, digest: null, throttle: null },
          newId: base + round * 100 + w * 4 + i,
        })), now),
      );
      const settled = await Promise.allSettled(runs);
      expect(settled.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    }
    expect(await deps.catalog.listByProject(projectId)).toHaveLength(12);
  });
});

