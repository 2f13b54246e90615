import { Code } from '@connectrpc/connect';
import { errorOf } from '@herald/testing';
import { newProject, startPreferenceService, uniqueDbName, type TestPreferenceService } from './testing/start-preference-service';

const target = { channel: 'social', topic: 'any', event: 'comment' };
const digest = { windowSeconds: 600, maxItems: 20, subject: '{count} new comments' };
const throttle = { max: 3, windowSeconds: 86_400 };

/** A catalog entry's digest and throttle, stored, validated, and answered by ResolveBatch for the governing entry. */
describe('PreferenceService catalog digest and throttle', () => {
  let svc: TestPreferenceService;
  beforeAll(async () => {
    svc = await startPreferenceService(uniqueDbName('pref_timing'));
  });
  afterAll(async () => {
    await svc.close();
  });

  it('when an email entry is created with a digest and a throttle, then both are stored, listed and answered by ResolveBatch for a covered topic', async () => {
    const projectId = newProject();
    const { entry } = await svc.client.createCatalogEntry({ projectId, entry: { target, medium: 'email', name: 'Comments', defaultEnabled: true, digest, throttle } });
    expect(entry).toMatchObject({ digest, throttle });
    const listed = (await svc.client.listCatalogEntries({ projectId })).entries;
    expect(listed[0]).toMatchObject({ digest, throttle });
    const r = await svc.client.resolveBatch({ projectId, target: { ...target, topic: 'post-7' }, medium: 'email', recipientIds: ['a'] });
    expect(r.governing).toMatchObject({ id: entry!.id, target, digest, throttle });
    // An exact entry without them governs its own topic.
    await svc.client.createCatalogEntry({ projectId, entry: { target: { ...target, topic: 'post-8' }, medium: 'email', name: 'Post 8', defaultEnabled: true } });
    const exact = await svc.client.resolveBatch({ projectId, target: { ...target, topic: 'post-8' }, medium: 'email', recipientIds: ['a'] });
    expect(exact.governing?.digest).toBeUndefined();
    expect(exact.governing?.throttle).toBeUndefined();
    // No entry: nothing governs.
    const none = await svc.client.resolveBatch({ projectId, target: { channel: 'x', topic: 'y', event: 'z' }, medium: 'email', recipientIds: ['a'] });
    expect(none.governing).toBeUndefined();
  });

  it('when a digest is asked for an in-app entry, then create, bulk upsert and PATCH refuse it with validation_failed naming digest', async () => {
    const projectId = newProject();
    const created = await errorOf(svc.client.createCatalogEntry({ projectId, entry: { target, medium: 'in_app', name: 'C', defaultEnabled: true, digest } }));
    expect(created).toMatchObject({ code: 'validation_failed', connectCode: Code.InvalidArgument });
    expect(created.violations.map((v) => v.property_path)).toEqual(['digest']);
    const bulk = await errorOf(svc.client.upsertCatalog({ projectId, entries: [{ target, medium: 'email', name: 'ok', defaultEnabled: true }, { target, medium: 'in_app', name: 'C', defaultEnabled: true, digest }] }));
    expect(bulk.violations.map((v) => v.property_path)).toEqual(['[1].digest']);
    expect((await svc.client.listCatalogEntries({ projectId })).entries).toHaveLength(0);
    const { entry } = await svc.client.createCatalogEntry({ projectId, entry: { target, medium: 'in_app', name: 'C', defaultEnabled: true } });
    const patched = await errorOf(svc.client.updateCatalogEntry({ projectId, id: entry!.id, setDigest: true, digest }));
    expect(patched.violations.map((v) => v.property_path)).toEqual(['digest']);
  });

  it('when values are out of range, then each offending field is named', async () => {
    const projectId = newProject();
    const err = await errorOf(
      svc.client.createCatalogEntry({
        projectId,
        entry: { target, medium: 'email', name: 'C', defaultEnabled: true, digest: { windowSeconds: 30, maxItems: 101, subject: '' }, throttle: { max: 0, windowSeconds: 2_592_001 } },
      }),
    );
    expect(err.violations.map((v) => v.property_path).sort()).toEqual(['digest.max_items', 'digest.subject', 'digest.window_seconds', 'throttle.max', 'throttle.window_seconds']);
  });

  it('when PATCH sets, changes and removes them, then each is kept or replaced as asked, and ResolveBatch follows at once', async () => {
    const projectId = newProject();
    const { entry } = await svc.client.createCatalogEntry({ projectId, entry: { target, medium: 'email', name: 'C', defaultEnabled: true } });
    const id = entry!.id;
    await svc.client.updateCatalogEntry({ projectId, id, setDigest: true, digest, setThrottle: true, throttle });
    const resolve = () => svc.client.resolveBatch({ projectId, target: { ...target, topic: 't' }, medium: 'email', recipientIds: ['a'] });
    expect((await resolve()).governing).toMatchObject({ digest, throttle });
    const renamed = await svc.client.updateCatalogEntry({ projectId, id, name: 'Renamed' });
    expect(renamed.entry).toMatchObject({ label: 'Renamed', digest, throttle });
    const removed = await svc.client.updateCatalogEntry({ projectId, id, setDigest: true });
    expect(removed.entry!.digest).toBeUndefined();
    expect(removed.entry!.throttle).toMatchObject(throttle);
    expect((await resolve()).governing?.digest).toBeUndefined();
  });

  it('when a bulk upsert changes only the digest, then the entry is written (its full state) and an item without one removes it', async () => {
    const projectId = newProject();
    const item = { target, medium: 'email', name: 'C', defaultEnabled: true };
    await svc.client.upsertCatalog({ projectId, entries: [item] });
    const withDigest = (await svc.client.upsertCatalog({ projectId, entries: [{ ...item, digest }] })).entries;
    expect(withDigest[0].digest).toMatchObject(digest);
    const without = (await svc.client.upsertCatalog({ projectId, entries: [item] })).entries;
    expect(without[0].digest).toBeUndefined();
    expect(without[0].id).toBe(withDigest[0].id);
  });

  it('when a mandatory in-app entry is throttled, then the throttle is accepted (mandatory entries may be throttled)', async () => {
    const projectId = newProject();
    const { entry } = await svc.client.createCatalogEntry({ projectId, entry: { target: { channel: 'sec', topic: 'none', event: 'login' }, name: 'Logins', defaultEnabled: true, mandatory: true, throttle } });
    expect(entry).toMatchObject({ mandatory: true, throttle });
  });
});
