import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream } from '@nats-io/jetstream';
import { RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import { replicaReads } from './testing/replica-reads';
import { newProject, startPreferenceService, uniqueDbName, type TestPreferenceService } from './testing/start-preference-service';

const target = { channel: 'billing', topic: 'invoices', event: 'issued' };

// Two replicas of the service on one database, with a rules TTL far longer than the test: any
// change one replica sees after the other wrote can only come from the invalidation broadcast.
describe('recipient rules cache across replicas', () => {
  let a: TestPreferenceService;
  let b: TestPreferenceService;
  let store: MongoHandle;
  let nc: NatsConnection;
  beforeAll(async () => {
    const dbName = uniqueDbName('pref_rules_cache');
    const env = { RULES_CACHE_TTL_MS: '600000' };
    a = await startPreferenceService(dbName, { env });
    b = await startPreferenceService(dbName, { env, dropDb: false });
    store = await connectMongo(process.env.MONGO_URL!, dbName, 'test-store');
    nc = await connectNats(process.env.NATS_URL!, 'test-publisher');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await store.close();
    await nc.close();
  });

  const enabledOn = (svc: () => TestPreferenceService, projectId: bigint, recipientId = 'r') => async () =>
    (await svc().client.checkPreference({ projectId, recipientId, target, medium: 'in_app' })).state!.enabled;

  it('when the store changes behind the service, then a replica keeps serving the recipient rules it cached', async () => {
    const projectId = newProject();
    expect(await enabledOn(() => b, projectId)()).toBe(true); // caches "no rules"
    // Written directly, with no broadcast: B must not see it (proves B reads from its cache).
    await store.db.collection('recipient_rule_entries').insertOne({ p: Number(projectId), r: 'r', m: 'in_app', ...{ c: target.channel, e: target.event, t: target.topic }, on: false, at: Date.now() });
    expect(await enabledOn(() => b, projectId)()).toBe(true);
    expect(await enabledOn(() => a, projectId)()).toBe(false); // A had nothing cached
  });

  it('when a rule is set through one replica, then that replica answers it at once and the other within the broadcast', async () => {
    const projectId = newProject();
    expect(await enabledOn(() => a, projectId)()).toBe(true);
    expect(await enabledOn(() => b, projectId)()).toBe(true);
    await a.client.setPreference({ projectId, recipientId: 'r', target, medium: 'in_app', enabled: false });
    expect(await enabledOn(() => a, projectId)()).toBe(false);
    await replicaReads(enabledOn(() => b, projectId), false);

    await b.client.setPreference({ projectId, recipientId: 'r', target, medium: 'in_app', enabled: true });
    expect(await enabledOn(() => b, projectId)()).toBe(true);
    await replicaReads(enabledOn(() => a, projectId), true);
    // Another recipient of the project was never involved.
    expect(await enabledOn(() => a, projectId, 'other')()).toBe(true);
  });

  it('when the recipient is deleted, then every replica forgets the rules its consumer removed', async () => {
    const projectId = newProject();
    await a.client.setPreference({ projectId, recipientId: 'gone', target, medium: 'in_app', enabled: false });
    await replicaReads(enabledOn(() => b, projectId, 'gone'), false);
    expect(await enabledOn(() => a, projectId, 'gone')()).toBe(false);
    const event = create(RecipientDeletedSchema, { projectId, recipientId: 'gone', deletedAt: timestampFromDate(new Date()) });
    await jetstream(nc).publish(RECIPIENT_DELETED_SUBJECT, toBinary(RecipientDeletedSchema, event));
    await replicaReads(enabledOn(() => a, projectId, 'gone'), true);
    await replicaReads(enabledOn(() => b, projectId, 'gone'), true);
  });
});
