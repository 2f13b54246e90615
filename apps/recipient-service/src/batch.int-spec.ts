import { errorOf } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(30_000);

describe('recipient service: BatchUpsertRecipients', () => {
  let svc: TestRecipientService;
  beforeAll(async () => {
    svc = await startRecipientService('batch');
  });
  afterAll(() => svc.close());

  const names = async (projectId: bigint) =>
    Object.fromEntries((await svc.client.listRecipients({ projectId, limit: 1000 })).recipients.map((r) => [r.id, r.name ?? null]));

  it('when a batch mixes new, existing, repeated and invalid items, then each lands in its list in order', async () => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id: 'old', name: 'Old' });
    await svc.client.createRecipient({ projectId, id: 'keep', name: 'Kept' });
    const res = await svc.client.batchUpsertRecipients({
      projectId,
      items: [
        { id: 'new1', setName: true, name: 'N1', batchIndex: 0 },
        { id: 'old', setName: true, name: 'Renamed', batchIndex: 1 },
        { id: '', batchIndex: 2 },
        { id: 'rep', setName: true, name: 'first', batchIndex: 3 },
        { id: 'keep', batchIndex: 4 },
        { id: 'rep', setName: true, name: 'second', batchIndex: 5 },
        { id: ' bad', setName: true, name: 'n'.repeat(300), batchIndex: 6 },
      ],
    });
    expect(res.created).toEqual(['new1', 'rep']);
    expect(res.updated).toEqual(['old', 'keep', 'rep']);
    expect(res.failed.map((f) => [f.id, f.batchIndex, f.errors.map((e) => e.propertyPath)])).toEqual([
      ['', 2, ['id']],
      [' bad', 6, ['id', 'name']],
    ]);
    expect(await names(projectId)).toEqual({ old: 'Renamed', keep: 'Kept', new1: 'N1', rep: 'second' });
  });

  it('when a batch echoes caller batch indexes, then failures carry the caller index, not the position', async () => {
    const res = await svc.client.batchUpsertRecipients({ projectId: svc.project(), items: [{ id: 'a', batchIndex: 10 }, { id: '', batchIndex: 17 }] });
    expect(res.failed.map((f) => f.batchIndex)).toEqual([17]);
  });

  it('when a batch has 1001 items, then it is invalid and nothing is written', async () => {
    const projectId = svc.project();
    const items = Array.from({ length: 1001 }, (_, i) => ({ id: `r${i}`, batchIndex: i }));
    const err = await errorOf(svc.client.batchUpsertRecipients({ projectId, items }));
    expect(err.code).toBe('validation_failed');
    expect(err.violations.map((v) => v.property_path)).toEqual(['recipients']);
    expect((await svc.client.listRecipients({ projectId })).recipients).toEqual([]);
  });

  it('when a batch has 1000 new items, then all are created in submission order', async () => {
    const projectId = svc.project();
    const items = Array.from({ length: 1000 }, (_, i) => ({ id: `r${i}`, batchIndex: i }));
    const res = await svc.client.batchUpsertRecipients({ projectId, items });
    expect(res.created).toEqual(items.map((i) => i.id));
    const listed = await svc.client.listRecipients({ projectId, limit: 1000 });
    expect(listed.recipients.map((r) => r.id)).toEqual(items.map((i) => i.id));
  });

  it('when a batch renames more existing recipients than one bulk update carries, then every name is replaced', async () => {
    const projectId = svc.project();
    const ids = Array.from({ length: 130 }, (_, i) => `e${i}`);
    await svc.client.batchUpsertRecipients({ projectId, items: ids.map((id, i) => ({ id, batchIndex: i })) });
    const res = await svc.client.batchUpsertRecipients({ projectId, items: ids.map((id, i) => ({ id, setName: true, name: `N${i}`, batchIndex: i })) });
    expect(res.updated).toEqual(ids);
    expect(await names(projectId)).toEqual(Object.fromEntries(ids.map((id, i) => [id, `N${i}`])));
  });

  it('when two batches with the same new ids race, then each id is created exactly once', async () => {
    const projectId = svc.project();
    const items = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, setName: true, name: 'x', batchIndex: i }));
    const [a, b] = await Promise.all([
      svc.client.batchUpsertRecipients({ projectId, items }),
      svc.client.batchUpsertRecipients({ projectId, items }),
    ]);
    expect([...a.created, ...b.created].sort()).toEqual(items.map((i) => i.id).sort());
    expect(a.created.length + a.updated.length).toBe(20);
    expect(b.created.length + b.updated.length).toBe(20);
    expect(Object.keys(await names(projectId))).toHaveLength(20);
  });

  it('when a batch is empty, then it answers empty lists', async () => {
    expect(await svc.client.batchUpsertRecipients({ projectId: svc.project(), items: [] })).toMatchObject({ created: [], updated: [], failed: [] });
  });
});
