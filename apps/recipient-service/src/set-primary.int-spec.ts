import { errorOf } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(30_000);

describe('recipient service: SetPrimaryContact', () => {
  let svc: TestRecipientService;
  beforeAll(async () => {
    svc = await startRecipientService('set_primary');
  });
  afterAll(() => svc.close());

  const setup = async () => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id: 'ann' });
    const r = { projectId, recipientId: 'ann' };
    return {
      r,
      put: (address: string, medium = 'email') => svc.client.setPrimaryContact({ ...r, medium, address }).then((x) => x.contact!),
      add: (address: string, isPrimary = false) => svc.client.addContact({ ...r, medium: 'email', address, isPrimary }).then((x) => x.contact!),
      list: () => svc.client.listContacts(r).then((x) => x.contacts),
    };
  };

  it('when no primary exists (rule 1), then a primary contact with the address is created', async () => {
    const { put, list } = await setup();
    const c = await put(' Ann@X.io');
    expect(c).toMatchObject({ medium: 'email', address: 'ann@x.io', isPrimary: true });
    expect(await list()).toEqual([c]);
  });

  it('when a primary with another address exists (rule 2), then it is updated in place and verification resets', async () => {
    const { r, put, add, list } = await setup();
    const old = await add('old@x.io', true);
    await svc.client.verifyContact({ ...r, contactId: old.id });
    const c = await put('new@x.io');
    expect(c).toMatchObject({ id: old.id, address: 'new@x.io', isPrimary: true });
    expect(c.verifiedAt).toBeUndefined();
    expect(await list()).toHaveLength(1);
  });

  it('when the primary already has the address (rule 3), then nothing changes', async () => {
    const { r, put, add } = await setup();
    const old = await add('same@x.io', true);
    const verified = (await svc.client.verifyContact({ ...r, contactId: old.id })).contact!;
    expect(await put('SAME@x.io')).toEqual(verified);
  });

  it('when a non-primary contact holds the address, then it becomes primary and the old one is demoted', async () => {
    const { put, add, list } = await setup();
    const primary = await add('p@x.io', true);
    const holder = await add('h@x.io');
    expect(await put('h@x.io')).toMatchObject({ id: holder.id, isPrimary: true });
    const after = await list();
    expect(after.map((c) => [c.id, c.address, c.isPrimary])).toEqual([
      [primary.id, 'p@x.io', false],
      [holder.id, 'h@x.io', true],
    ]);
  });

  it('when an earlier call stopped after demoting the old primary, then a retry promotes the holder without a new contact', async () => {
    const { r, put, add, list } = await setup();
    const primary = await add('p@x.io', true);
    const holder = await add('h@x.io');
    await svc.client.updateContact({ ...r, contactId: primary.id, isPrimary: false }); // the state a crash would leave
    expect(await put('h@x.io')).toMatchObject({ id: holder.id, isPrimary: true });
    expect((await list()).map((c) => c.isPrimary)).toEqual([false, true]);
  });

  it('when set-primary calls for different addresses race, then all succeed and one primary remains', async () => {
    const { put, list } = await setup();
    const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((x) => put(`${x}@x.io`)));
    expect(results.every((c) => c.isPrimary)).toBe(true);
    expect((await list()).filter((c) => c.isPrimary)).toHaveLength(1);
  });

  it('when the medium or address is invalid, then validation_failed', async () => {
    const { r } = await setup();
    const err = await errorOf(svc.client.setPrimaryContact({ ...r, medium: 'fax', address: 'nope' }));
    expect(err.code).toBe('validation_failed');
    expect(err.violations.map((v) => v.property_path)).toEqual(['medium']);
    expect((await errorOf(svc.client.setPrimaryContact({ ...r, medium: 'email', address: 'nope' }))).violations.map((v) => v.property_path)).toEqual(['address']);
  });
});
