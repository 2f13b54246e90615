import { timestampDate } from '@bufbuild/protobuf/wkt';
import { errorOf } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(30_000);

describe('recipient service: recipients', () => {
  let svc: TestRecipientService;
  beforeAll(async () => {
    svc = await startRecipientService('recipients');
  });
  afterAll(() => svc.close());

  it('when a recipient is created, then it reads back with its name and timestamps', async () => {
    const projectId = svc.project();
    const created = await svc.client.createRecipient({ projectId, id: 'ann', name: 'Ann' });
    expect(created.recipient).toMatchObject({ id: 'ann', name: 'Ann' });
    const read = await svc.client.getRecipient({ projectId, id: 'ann' });
    expect(read.recipient).toMatchObject({ id: 'ann', name: 'Ann' });
    expect(timestampDate(read.recipient!.createdAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('when a recipient is created without a name, then its name is absent', async () => {
    const created = await svc.client.createRecipient({ projectId: svc.project(), id: 'nameless' });
    expect(created.recipient?.name).toBeUndefined();
  });

  it('when the id is taken, then the create answers recipient_exists', async () => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id: 'dup' });
    expect(await errorOf(svc.client.createRecipient({ projectId, id: 'dup' }))).toMatchObject({ code: 'recipient_exists', message: 'Recipient already exists' });
  });

  it.each([
    ['an empty id', { id: '' }, ['id']],
    ['a padded id', { id: ' x ' }, ['id']],
    ['a control character', { id: 'a\tb' }, ['id']],
    ['257 characters', { id: 'a'.repeat(257) }, ['id']],
    ['a long name', { id: 'ok', name: 'n'.repeat(257) }, ['name']],
    ['both wrong', { id: '', name: 'n'.repeat(257) }, ['id', 'name']],
  ])('when the create has %s, then validation_failed names each property', async (_case, body, paths) => {
    const err = await errorOf(svc.client.createRecipient({ projectId: svc.project(), ...body }));
    expect(err.code).toBe('validation_failed');
    expect(err.violations.map((v) => v.property_path)).toEqual(paths);
    expect(err.violations[0]).toEqual({ message: expect.any(String), description: expect.any(String), property_path: paths[0], invalid_value: expect.anything() });
  });

  it('when ten creates of the same id race, then exactly one succeeds and the rest conflict', async () => {
    const projectId = svc.project();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => svc.client.createRecipient({ projectId, id: 'racer' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const codes = await Promise.all(results.filter((r) => r.status === 'rejected').map((r) => errorOf(Promise.reject((r as PromiseRejectedResult).reason))));
    expect(new Set(codes.map((c) => c.code))).toEqual(new Set(['recipient_exists']));
  });

  it('when the name is updated or cleared, then the read shows it and unknown ids answer recipient_not_found', async () => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id: 'bob', name: 'Bob' });
    expect((await svc.client.updateRecipient({ projectId, id: 'bob', setName: true, name: 'Robert' })).recipient?.name).toBe('Robert');
    expect((await svc.client.updateRecipient({ projectId, id: 'bob', setName: false })).recipient?.name).toBe('Robert');
    expect((await svc.client.updateRecipient({ projectId, id: 'bob', setName: true })).recipient?.name).toBeUndefined();
    const tooLong = await errorOf(svc.client.updateRecipient({ projectId, id: 'bob', setName: true, name: 'n'.repeat(257) }));
    expect(tooLong.violations.map((v) => v.property_path)).toEqual(['name']);
    for (const call of [
      () => svc.client.getRecipient({ projectId, id: 'nobody' }),
      () => svc.client.updateRecipient({ projectId, id: 'nobody', setName: true, name: 'x' }),
      () => svc.client.deleteRecipient({ projectId, id: 'nobody' }),
    ]) {
      expect(await errorOf(call())).toMatchObject({ code: 'recipient_not_found', message: 'Recipient not found' });
    }
  });

  it('when two projects use the same id, then each sees only its own recipient', async () => {
    const [p1, p2] = [svc.project(), svc.project()];
    await svc.client.createRecipient({ projectId: p1, id: 'shared', name: 'one' });
    expect(await errorOf(svc.client.getRecipient({ projectId: p2, id: 'shared' }))).toMatchObject({ code: 'recipient_not_found' });
    await svc.client.createRecipient({ projectId: p2, id: 'shared', name: 'two' });
    expect((await svc.client.getRecipient({ projectId: p1, id: 'shared' })).recipient?.name).toBe('one');
    await svc.client.deleteRecipient({ projectId: p2, id: 'shared' });
    expect((await svc.client.getRecipient({ projectId: p1, id: 'shared' })).recipient?.name).toBe('one');
    expect((await svc.client.listRecipients({ projectId: p2 })).recipients).toEqual([]);
  });

  it('when EnsureRecipient is called for a missing then an existing id, then it creates once', async () => {
    const projectId = svc.project();
    expect(await svc.client.ensureRecipient({ projectId, id: 'auto' })).toMatchObject({ created: true, recipient: { id: 'auto' } });
    expect(await svc.client.ensureRecipient({ projectId, id: 'auto' })).toMatchObject({ created: false, recipient: { id: 'auto' } });
    expect(await errorOf(svc.client.ensureRecipient({ projectId, id: '' }))).toMatchObject({ code: 'validation_failed' });
  });

  it('when twenty EnsureRecipient calls race on a new id, then exactly one reports created and all return it', async () => {
    const projectId = svc.project();
    const results = await Promise.all(Array.from({ length: 20 }, () => svc.client.ensureRecipient({ projectId, id: 'sender-made' })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.recipient?.id))).toEqual(new Set(['sender-made']));
    expect((await svc.client.listRecipients({ projectId })).recipients).toHaveLength(1);
  });

  it('when EnsureRecipients names new, existing and repeated ids, then it creates each missing one once and keeps existing names', async () => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id: 'kept', name: 'Kept' });
    const first = await svc.client.ensureRecipients({ projectId, ids: ['kept', 'n1', 'n2', 'n1'] });
    expect([...first.created].sort()).toEqual(['n1', 'n2']);
    expect((await svc.client.ensureRecipients({ projectId, ids: ['kept', 'n1', 'n2'] })).created).toEqual([]);
    const all = (await svc.client.listRecipients({ projectId })).recipients;
    expect(all.map((r) => r.id).sort()).toEqual(['kept', 'n1', 'n2']);
    expect(all.find((r) => r.id === 'kept')?.name).toBe('Kept');
  });

  it('when EnsureRecipients calls race on overlapping ids, then every id exists once and each is reported created once', async () => {
    const projectId = svc.project();
    const ids = Array.from({ length: 40 }, (_, i) => `race-${i}`);
    const results = await Promise.all(Array.from({ length: 8 }, (_, k) => svc.client.ensureRecipients({ projectId, ids: ids.slice(k * 3, k * 3 + 20) })));
    const created = results.flatMap((r) => r.created);
    const expected = [...new Set(Array.from({ length: 8 }, (_, k) => ids.slice(k * 3, k * 3 + 20)).flat())];
    expect(created.sort()).toEqual([...expected].sort());
    expect((await svc.client.listRecipients({ projectId, limit: 100 })).recipients).toHaveLength(expected.length);
  });

  it('when EnsureRecipients names an invalid id or too many ids, then it answers validation_failed and creates nothing', async () => {
    const projectId = svc.project();
    expect(await errorOf(svc.client.ensureRecipients({ projectId, ids: ['fine', ' padded '] }))).toMatchObject({ code: 'validation_failed' });
    expect(await errorOf(svc.client.ensureRecipients({ projectId, ids: Array.from({ length: 501 }, (_, i) => `x${i}`) }))).toMatchObject({ code: 'validation_failed' });
    expect((await svc.client.listRecipients({ projectId })).recipients).toHaveLength(0);
  });
});
