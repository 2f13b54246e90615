import { Code } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { CatalogEntryInput } from '@herald/contracts';
import { errorOf } from '@herald/testing';
import { newProject, startPreferenceService, uniqueDbName, type TestPreferenceService } from './testing/start-preference-service';

type Input = Partial<Omit<CatalogEntryInput, '$typeName' | 'target'>> & { target?: { channel: string; topic: string; event: string } };

const entry = (over: Input = {}): Input => ({
  target: { channel: 'ci', topic: 'deploys', event: 'failed' },
  name: 'Deploy failures',
  defaultEnabled: true,
  ...over,
});

describe('PreferenceService catalog', () => {
  let svc: TestPreferenceService;
  beforeAll(async () => {
    svc = await startPreferenceService(uniqueDbName('pref_catalog'));
  });
  afterAll(async () => {
    await svc.close();
  });

  it('when an entry is created, then it is returned with label, target, defaults and increasing ids', async () => {
    const projectId = newProject();
    const { entry: a } = await svc.client.createCatalogEntry({ projectId, entry: entry({ description: 'When a deploy fails' }) });
    const { entry: b } = await svc.client.createCatalogEntry({ projectId, entry: entry({ medium: 'email', description: '  ' }) });
    expect(a).toMatchObject({
      projectId,
      target: { channel: 'ci', topic: 'deploys', event: 'failed' },
      medium: 'in_app',
      label: 'Deploy failures',
      description: 'When a deploy fails',
      defaultEnabled: true,
      mandatory: false,
    });
    expect(b!.description).toBeUndefined();
    expect(b!.id).toBeGreaterThan(a!.id);
    expect(timestampDate(a!.createdAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('when an entry with the same natural key exists, then create is refused with preference_exists', async () => {
    const projectId = newProject();
    await svc.client.createCatalogEntry({ projectId, entry: entry() });
    const err = await errorOf(svc.client.createCatalogEntry({ projectId, entry: entry({ name: 'other' }) }));
    expect(err).toMatchObject({ code: 'preference_exists', connectCode: Code.AlreadyExists });
    // Another project may use the same natural key.
    const elsewhere = newProject();
    const created = await svc.client.createCatalogEntry({ projectId: elsewhere, entry: entry() });
    expect(created.entry).toMatchObject({ projectId: elsewhere, target: entry().target, medium: 'in_app' });
  });

  it.each([
    ['an empty channel', entry({ target: { channel: '', topic: 't', event: 'e' } }), 'channel'],
    ['a topic over 128 characters', entry({ target: { channel: 'c', topic: 'x'.repeat(129), event: 'e' } }), 'topic'],
    ['no target at all', { name: 'n', defaultEnabled: true }, 'channel'],
    ['a bad medium', entry({ medium: 'fax' }), 'medium'],
    ['an empty name', entry({ name: '' }), 'name'],
  ])('when create has %s, then it is refused with validation_failed naming the property', async (_what, bad, path) => {
    const projectId = newProject();
    const err = await errorOf(svc.client.createCatalogEntry({ projectId, entry: bad }));
    expect(err.code).toBe('validation_failed');
    expect(err.connectCode).toBe(Code.InvalidArgument);
    expect(err.violations.map((v) => v.property_path)).toContain(path);
    expect((await svc.client.listCatalogEntries({ projectId })).entries).toEqual([]);
  });

  it('when entries are listed, then every entry of only that project comes in id order', async () => {
    const projectId = newProject();
    const made = [];
    for (const event of ['c', 'a', 'b']) made.push((await svc.client.createCatalogEntry({ projectId, entry: entry({ target: { channel: 'x', topic: 'none', event } }) })).entry!.id);
    await svc.client.createCatalogEntry({ projectId: newProject(), entry: entry() });
    const { entries } = await svc.client.listCatalogEntries({ projectId });
    expect(entries.map((e) => e.id)).toEqual(made);
  });

  it('when an entry is read by id, then it is returned; another project or unknown id is preference_not_found', async () => {
    const projectId = newProject();
    const { entry: made } = await svc.client.createCatalogEntry({ projectId, entry: entry() });
    expect((await svc.client.getCatalogEntry({ projectId, id: made!.id })).entry).toEqual(made);
    expect(await errorOf(svc.client.getCatalogEntry({ projectId: newProject(), id: made!.id }))).toMatchObject({ code: 'preference_not_found', connectCode: Code.NotFound });
    expect((await errorOf(svc.client.getCatalogEntry({ projectId, id: 999_999_999_999n }))).code).toBe('preference_not_found');
    expect((await errorOf(svc.client.getCatalogEntry({ projectId, id: 0n }))).code).toBe('preference_not_found');
  });

  it('when an entry is updated, then only the given fields change and a blank description clears it', async () => {
    const projectId = newProject();
    const { entry: made } = await svc.client.createCatalogEntry({ projectId, entry: entry({ description: 'd' }) });
    const { entry: updated } = await svc.client.updateCatalogEntry({ projectId, id: made!.id, defaultEnabled: false, mandatory: true });
    expect(updated).toMatchObject({ label: 'Deploy failures', description: 'd', defaultEnabled: false, mandatory: true });
    const { entry: cleared } = await svc.client.updateCatalogEntry({ projectId, id: made!.id, setDescription: true, description: ' ', name: 'Renamed' });
    expect(cleared).toMatchObject({ label: 'Renamed', defaultEnabled: false, mandatory: true });
    expect(cleared!.description).toBeUndefined();
  });

  it('when an update sends a natural-key field with another value, then it is refused with immutable_field and nothing changes', async () => {
    const projectId = newProject();
    const { entry: made } = await svc.client.createCatalogEntry({ projectId, entry: entry() });
    const err = await errorOf(svc.client.updateCatalogEntry({ projectId, id: made!.id, name: 'x', channel: 'other', medium: 'email' }));
    expect(err).toMatchObject({ code: 'immutable_field', connectCode: Code.InvalidArgument });
    expect(err.violations.map((v) => v.property_path).sort()).toEqual(['channel', 'medium']);
    expect((await svc.client.getCatalogEntry({ projectId, id: made!.id })).entry!.label).toBe('Deploy failures');
    // The same values are accepted.
    const { entry: same } = await svc.client.updateCatalogEntry({ projectId, id: made!.id, name: 'x', channel: 'ci', topic: 'deploys', event: 'failed', medium: 'in_app' });
    expect(same!.label).toBe('x');
  });

  it('when an update carries no updatable field, then it is refused with validation_failed', async () => {
    const projectId = newProject();
    const { entry: made } = await svc.client.createCatalogEntry({ projectId, entry: entry() });
    expect((await errorOf(svc.client.updateCatalogEntry({ projectId, id: made!.id }))).code).toBe('validation_failed');
    expect((await errorOf(svc.client.updateCatalogEntry({ projectId, id: made!.id, channel: 'ci' }))).code).toBe('validation_failed');
    expect((await errorOf(svc.client.updateCatalogEntry({ projectId, id: made!.id + 1000n, name: 'n' }))).code).toBe('preference_not_found');
  });

  it('when an entry is deleted, then it is gone and a second delete is preference_not_found', async () => {
    const projectId = newProject();
    const { entry: made } = await svc.client.createCatalogEntry({ projectId, entry: entry() });
    await svc.client.deleteCatalogEntry({ projectId, id: made!.id });
    expect((await errorOf(svc.client.getCatalogEntry({ projectId, id: made!.id }))).code).toBe('preference_not_found');
    expect((await errorOf(svc.client.deleteCatalogEntry({ projectId, id: made!.id }))).code).toBe('preference_not_found');
  });

  describe('bulk upsert', () => {
    const item = (event: string, over: Input = {}) => entry({ target: { channel: 'ci', topic: 'none', event }, name: `On ${event}`, ...over });

    it('when items are new or existing, then new ones are inserted, existing ones replaced in full, others left', async () => {
      const projectId = newProject();
      const { entry: kept } = await svc.client.createCatalogEntry({ projectId, entry: item('kept') });
      const { entry: changed } = await svc.client.createCatalogEntry({ projectId, entry: item('changed', { description: 'old', mandatory: true }) });
      const { entries } = await svc.client.upsertCatalog({ projectId, entries: [item('new1'), item('changed', { name: 'Changed', defaultEnabled: false }), item('new2', { medium: 'email' })] });
      expect(entries.map((e) => [e.target!.event, e.medium])).toEqual([['kept', 'in_app'], ['changed', 'in_app'], ['new1', 'in_app'], ['new2', 'email']]);
      const c = entries.find((e) => e.target!.event === 'changed')!;
      expect(c).toMatchObject({ id: changed!.id, label: 'Changed', defaultEnabled: false, mandatory: false });
      expect(c.description).toBeUndefined();
      expect(entries[0]).toEqual(kept);
      expect(entries[2].id).toBeLessThan(entries[3].id);
    });

    it('when prune is true, then entries absent from the array are deleted', async () => {
      const projectId = newProject();
      await svc.client.upsertCatalog({ projectId, entries: [item('a'), item('b'), item('c', { medium: 'email' })] });
      const { entries } = await svc.client.upsertCatalog({ projectId, entries: [item('b')], prune: true });
      expect(entries.map((e) => e.target!.event)).toEqual(['b']);
      expect((await svc.client.listCatalogEntries({ projectId })).entries).toEqual(entries);
    });

    it('when any item is invalid or keys repeat, then the whole request is refused naming indexes and nothing is written', async () => {
      const projectId = newProject();
      await svc.client.createCatalogEntry({ projectId, entry: item('existing') });
      const err = await errorOf(
        svc.client.upsertCatalog({
          projectId,
          prune: true,
          entries: [item('ok'), item('bad', { medium: 'fax' }), item('x', { target: { channel: 'c', topic: 't', event: 'e'.repeat(200) } }), item('ok')],
        }),
      );
      expect(err.code).toBe('validation_failed');
      expect(err.violations.map((v) => v.property_path)).toEqual(['[1].medium', '[2].event', '[3]']);
      expect((await svc.client.listCatalogEntries({ projectId })).entries.map((e) => e.target!.event)).toEqual(['existing']);
    });

    it('when the same request is repeated, then the result is identical (ids and timestamps kept)', async () => {
      const projectId = newProject();
      const body = { projectId, entries: [item('a'), item('b', { description: 'B' })], prune: true };
      const first = await svc.client.upsertCatalog(body);
      const second = await svc.client.upsertCatalog(body);
      expect(second.entries).toEqual(first.entries);
    });
  });
});
