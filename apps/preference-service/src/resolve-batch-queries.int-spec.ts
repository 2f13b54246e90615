import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { connectNats, createLogger, createSequences, systemClock, type NatsConnection } from '@herald/service-kit';
import { createCatalogCache, type CatalogCache } from './store/catalog-cache';
import { createCatalogRepository } from './store/catalog-repository';
import { createRuleRepository } from './store/rule-repository';
import { newProject, uniqueDbName } from './testing/start-preference-service';
import type { PreferenceDeps } from './usecases/deps';
import { createResolveBatch, createResolveMediums } from './usecases/resolve-batch';
import { createSetPreference } from './usecases/set-preference';
import { createUpsertCatalog } from './usecases/upsert-catalog';

// Counts the commands the use case sends to the real store (command monitoring of the driver).
describe('ResolveBatch store cost', () => {
  let client: MongoClient;
  let nats: NatsConnection;
  let cache: CatalogCache;
  let deps: PreferenceDeps;
  const commands: string[] = [];
  const dbName = uniqueDbName('pref_batchq');
  beforeAll(async () => {
    client = await MongoClient.connect(process.env.MONGO_URL!, { monitorCommands: true });
    client.on('commandStarted', (e: CommandStartedEvent) => e.databaseName === dbName && commands.push(e.commandName));
    nats = await connectNats(process.env.NATS_URL!, 'test');
    const db = client.db(dbName);
    const catalog = createCatalogRepository(db);
    await catalog.ensureIndexes();
    cache = createCatalogCache({ load: (p) => catalog.listByProject(p), nats, ttlMs: 60_000, maxProjects: 100, logger: createLogger('test', 'silent') });
    deps = { catalog, rules: createRuleRepository(db), catalogCache: cache, sequences: createSequences(db), clock: systemClock };
  });
  afterAll(async () => {
    cache.stop();
    await client.db(dbName).dropDatabase();
    await client.close();
    await nats.close();
  });

  it('when 1,000 recipients are resolved, then the store sees one query (two with a cold catalog cache)', async () => {
    const projectId = Number(newProject());
    const target = { channel: 'ci', topic: 'builds', event: 'done' };
    await createUpsertCatalog(deps)({
      projectId,
      prune: false,
      items: [{ target: { ...target, topic: 'any' }, medium: 'email', name: 'Builds', defaultEnabled: true, mandatory: false }],
    });
    const ids = Array.from({ length: 1000 }, (_, i) => `r${i}`);
    for (let i = 0; i < 1000; i += 50) {
      await createSetPreference(deps)({ projectId, recipientId: ids[i], target: i % 100 === 0 ? target : { ...target, topic: 'any' }, medium: 'email', enabled: false });
    }

    await cache.invalidate(projectId); // set preference warmed it
    commands.length = 0;
    const cold = await createResolveBatch(deps)({ projectId, target, medium: 'email', recipientIds: ids });
    expect(commands.filter((c) => c !== 'endSessions')).toEqual(['find', 'find']); // catalog load + rules

    commands.length = 0;
    const warm = await createResolveBatch(deps)({ projectId, target, medium: 'email', recipientIds: ids });
    expect(commands.filter((c) => c !== 'endSessions')).toEqual(['find']);

    expect(warm).toEqual(cold);
    expect(warm.covered).toBe(true);
    expect(warm.enabled.filter((e) => !e)).toHaveLength(20);
    expect(warm.enabled[0]).toBe(false);
    expect(warm.enabled[1]).toBe(true);
  });

  it('when several mediums are resolved at once, then the store sees one query for all of them, and each answer is the single-medium one', async () => {
    const projectId = Number(newProject());
    const target = { channel: 'ci', topic: 'builds', event: 'failed' };
    await createUpsertCatalog(deps)({
      projectId,
      prune: false,
      items: [{ target, medium: 'email', name: 'Failed builds', defaultEnabled: true, mandatory: false }],
    });
    await createSetPreference(deps)({ projectId, recipientId: 'r1', target, medium: 'sms', enabled: false });
    const recipientIds = ['r0', 'r1', 'r2'];
    const mediums = ['in_app', 'email', 'sms', 'web_push'];
    await cache.get(projectId);

    commands.length = 0;
    const all = await createResolveMediums(deps)({ projectId, target, mediums, recipientIds });
    expect(commands.filter((c) => c !== 'endSessions')).toEqual(['find']);

    const single = await Promise.all(mediums.map((medium) => createResolveBatch(deps)({ projectId, target, medium, recipientIds })));
    expect(all).toEqual(single);
    expect(all[2].enabled[1]).toBe(false);
  });
});
