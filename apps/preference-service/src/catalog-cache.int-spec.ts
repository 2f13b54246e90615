import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { replicaReads } from './testing/replica-reads';
import { newProject, startPreferenceService, uniqueDbName, type TestPreferenceService } from './testing/start-preference-service';

const target = { channel: 'billing', topic: 'invoices', event: 'issued' };

// Two replicas of the service on one database, with a TTL far longer than the test: any change
// one replica sees after the other wrote can only come from the invalidation broadcast.
describe('catalog cache across replicas', () => {
  let a: TestPreferenceService;
  let b: TestPreferenceService;
  let store: MongoHandle;
  beforeAll(async () => {
    const dbName = uniqueDbName('pref_cache');
    const env = { CATALOG_CACHE_TTL_MS: '600000' };
    a = await startPreferenceService(dbName, { env });
    b = await startPreferenceService(dbName, { env, dropDb: false });
    store = await connectMongo(process.env.MONGO_URL!, dbName, 'test-store');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await store.close();
  });

  const emailOnB = (projectId: bigint) => async () =>
    (await b.client.checkPreference({ projectId, recipientId: 'r', target, medium: 'email' })).state!.enabled;

  it('when the store changes behind the service, then a replica keeps serving its cached catalog', async () => {
    const projectId = newProject();
    expect(await emailOnB(projectId)()).toBe(false);
    // Written directly, with no broadcast: B must not see it (proves B reads from its cache).
    await store.db.collection('catalog_entries').insertOne({
      _id: 900_000_000 + Number(projectId % 1_000_000n), project_id: Number(projectId), ...target, medium: 'email',
      name: 'sneaky', description: null, default_enabled: true, mandatory: false, created_at: new Date(), updated_at: new Date(),
    } as never);
    // A barrier instead of a pause: a change of another project through A, broadcast after the
    // write above; once B sees it, B has handled every broadcast before it, and still serves its cache.
    const other = newProject();
    expect(await emailOnB(other)()).toBe(false);
    await a.client.createCatalogEntry({ projectId: other, entry: { target, medium: 'email', name: 'Other', defaultEnabled: true } });
    await replicaReads(emailOnB(other), true);
    expect(await emailOnB(projectId)()).toBe(false);
  });

  it('when an entry is created through one replica, then the other stops serving its cached catalog', async () => {
    const projectId = newProject();
    expect(await emailOnB(projectId)()).toBe(false); // B caches the empty catalog
    await a.client.createCatalogEntry({ projectId, entry: { target, medium: 'email', name: 'Invoices', defaultEnabled: true } });
    await replicaReads(emailOnB(projectId), true);
  });

  it('when an entry is updated, deleted or pruned through one replica, then the other sees each change', async () => {
    const projectId = newProject();
    const { entry } = await a.client.createCatalogEntry({ projectId, entry: { target, medium: 'email', name: 'Invoices', defaultEnabled: true } });
    await replicaReads(emailOnB(projectId), true);

    await a.client.updateCatalogEntry({ projectId, id: entry!.id, defaultEnabled: false });
    await replicaReads(emailOnB(projectId), false);

    await a.client.updateCatalogEntry({ projectId, id: entry!.id, defaultEnabled: true });
    await replicaReads(emailOnB(projectId), true);
    await a.client.deleteCatalogEntry({ projectId, id: entry!.id });
    await replicaReads(emailOnB(projectId), false);

    await a.client.upsertCatalog({ projectId, entries: [{ target, medium: 'email', name: 'Invoices', defaultEnabled: true }] });
    await replicaReads(emailOnB(projectId), true);
    await a.client.upsertCatalog({ projectId, entries: [], prune: true });
    await replicaReads(emailOnB(projectId), false);
  });

  it('when the catalog changes through a replica, then that replica itself answers the new state at once', async () => {
    const projectId = newProject();
    const onA = async () => (await a.client.checkPreference({ projectId, recipientId: 'r', target, medium: 'email' })).state!.enabled;
    expect(await onA()).toBe(false);
    await a.client.createCatalogEntry({ projectId, entry: { target, medium: 'email', name: 'Invoices', defaultEnabled: true } });
    expect(await onA()).toBe(true);
  });
});
