import { errorOf } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(30_000);

describe('recipient service: contacts', () => {
  let svc: TestRecipientService;
  beforeAll(async () => {
    svc = await startRecipientService('contacts');
  });
  afterAll(() => svc.close());

  const withRecipient = async (id = 'ann') => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id });
    return projectId;
  };

  it('when contacts are added, then they list oldest first with increasing ids and a normalized email', async () => {
    const projectId = await withRecipient();
    const a = (await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: '  Ann@Example.COM ', isPrimary: true })).contact!;
    const b = (await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'sms', address: '+15550100' })).contact!;
    expect(a).toMatchObject({ recipientId: 'ann', medium: 'email', address: 'ann@example.com', isPrimary: true });
    expect(a.verifiedAt).toBeUndefined();
    expect(b.id).toBeGreaterThan(a.id);
    expect((await svc.client.listContacts({ projectId, recipientId: 'ann' })).contacts.map((c) => c.id)).toEqual([a.id, b.id]);
  });

  it('when the same (medium, address) is added twice, then contact_exists; a second primary answers primary_contact_exists', async () => {
    const projectId = await withRecipient();
    await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'a@x.io', isPrimary: true });
    expect(await errorOf(svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'A@X.io ' }))).toMatchObject({ code: 'contact_exists', message: 'Contact already exists' });
    expect(await errorOf(svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'b@x.io', isPrimary: true }))).toMatchObject({ code: 'primary_contact_exists' });
    await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'sms', address: '+15550101', isPrimary: true });
    expect((await svc.client.listContacts({ projectId, recipientId: 'ann' })).contacts).toHaveLength(2);
  });

  it('when two recipients use the same address, then both may hold it', async () => {
    const projectId = await withRecipient('one');
    await svc.client.createRecipient({ projectId, id: 'two' });
    await svc.client.addContact({ projectId, recipientId: 'one', medium: 'email', address: 'same@x.io', isPrimary: true });
    await svc.client.addContact({ projectId, recipientId: 'two', medium: 'email', address: 'same@x.io', isPrimary: true });
    for (const recipientId of ['one', 'two']) {
      const { contacts } = await svc.client.listContacts({ projectId, recipientId });
      expect(contacts.map((c) => [c.address, c.isPrimary])).toEqual([['same@x.io', true]]);
    }
  });

  it('when ten primaries of one medium are added at once, then exactly one is stored', async () => {
    const projectId = await withRecipient();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: `p${i}@x.io`, isPrimary: true })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await svc.client.listContacts({ projectId, recipientId: 'ann' })).contacts.filter((c) => c.isPrimary)).toHaveLength(1);
  });

  it.each([
    ['an unknown medium', { medium: 'fax', address: 'x' }, ['medium']],
    ['an email without @', { medium: 'email', address: 'nope' }, ['address']],
    ['an email without a domain', { medium: 'email', address: 'ann@' }, ['address']],
    ['an empty address', { medium: 'sms', address: '' }, ['address']],
    ['a 321-character address', { medium: 'sms', address: 'x'.repeat(321) }, ['address']],
    ['both wrong', { medium: 'pigeon', address: '' }, ['medium', 'address']],
  ])('when a contact has %s, then validation_failed names the property', async (_case, body, paths) => {
    const projectId = await withRecipient();
    const err = await errorOf(svc.client.addContact({ projectId, recipientId: 'ann', ...body }));
    expect(err.code).toBe('validation_failed');
    expect(err.violations.map((v) => v.property_path)).toEqual(paths);
  });

  it('when the address changes, then verified_at is reset; an unchanged address keeps it', async () => {
    const projectId = await withRecipient();
    const c = (await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'v@x.io' })).contact!;
    const verified = (await svc.client.verifyContact({ projectId, recipientId: 'ann', contactId: c.id })).contact!;
    expect(verified.verifiedAt).toBeDefined();
    const same = (await svc.client.updateContact({ projectId, recipientId: 'ann', contactId: c.id, address: 'V@X.io' })).contact!;
    expect(same.verifiedAt).toEqual(verified.verifiedAt);
    const moved = (await svc.client.updateContact({ projectId, recipientId: 'ann', contactId: c.id, address: 'New@x.io' })).contact!;
    expect(moved.address).toBe('new@x.io');
    expect(moved.verifiedAt).toBeUndefined();
  });

  it('when an update makes a second primary or a duplicate address, then it conflicts; with no field it is invalid', async () => {
    const projectId = await withRecipient();
    const add = (address: string, isPrimary = false) => svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address, isPrimary });
    const primary = (await add('p@x.io', true)).contact!;
    const other = (await add('o@x.io')).contact!;
    const upd = (body: { address?: string; isPrimary?: boolean }) => svc.client.updateContact({ projectId, recipientId: 'ann', contactId: other.id, ...body });
    expect(await errorOf(upd({ isPrimary: true }))).toMatchObject({ code: 'primary_contact_exists' });
    expect(await errorOf(upd({ address: 'P@x.io' }))).toMatchObject({ code: 'contact_exists' });
    expect(await errorOf(upd({}))).toMatchObject({ code: 'validation_failed' });
    expect(await errorOf(upd({ address: 'broken' }))).toMatchObject({ code: 'validation_failed', violations: [expect.objectContaining({ property_path: 'address' })] });
    await svc.client.updateContact({ projectId, recipientId: 'ann', contactId: primary.id, isPrimary: false });
    expect((await upd({ isPrimary: true })).contact).toMatchObject({ id: other.id, isPrimary: true });
  });

  it('when a contact id belongs to another recipient or does not exist, then contact_not_found', async () => {
    const projectId = await withRecipient('owner');
    await svc.client.createRecipient({ projectId, id: 'intruder' });
    const c = (await svc.client.addContact({ projectId, recipientId: 'owner', medium: 'sms', address: '+15550111' })).contact!;
    const as = { projectId, recipientId: 'intruder', contactId: c.id };
    for (const call of [
      () => svc.client.updateContact({ ...as, address: '2' }),
      () => svc.client.verifyContact(as),
      () => svc.client.deleteContact(as),
      () => svc.client.deleteContact({ projectId, recipientId: 'owner', contactId: 999_999_999n }),
    ]) {
      expect(await errorOf(call())).toMatchObject({ code: 'contact_not_found', message: 'Contact not found' });
    }
    const other = svc.project();
    await svc.client.createRecipient({ projectId: other, id: 'owner' });
    expect(await errorOf(svc.client.verifyContact({ projectId: other, recipientId: 'owner', contactId: c.id }))).toMatchObject({ code: 'contact_not_found' });
    await svc.client.deleteContact({ projectId, recipientId: 'owner', contactId: c.id });
    expect((await svc.client.listContacts({ projectId, recipientId: 'owner' })).contacts).toEqual([]);
  });

  it('when any contact call names an unknown recipient, then recipient_not_found', async () => {
    const projectId = svc.project();
    const r = { projectId, recipientId: 'ghost' };
    for (const call of [
      () => svc.client.addContact({ ...r, medium: 'email', address: 'g@x.io' }),
      () => svc.client.listContacts(r),
      () => svc.client.setPrimaryContact({ ...r, medium: 'email', address: 'g@x.io' }),
      () => svc.client.updateContact({ ...r, contactId: 1n, isPrimary: true }),
      () => svc.client.deleteContact({ ...r, contactId: 1n }),
      () => svc.client.verifyContact({ ...r, contactId: 1n }),
    ]) {
      expect(await errorOf(call())).toMatchObject({ code: 'recipient_not_found', message: 'Recipient not found' });
    }
  });

  it('when primary contacts are asked for many recipients, then only primaries of that medium come back', async () => {
    const projectId = await withRecipient('a');
    for (const id of ['b', 'c']) await svc.client.createRecipient({ projectId, id });
    await svc.client.addContact({ projectId, recipientId: 'a', medium: 'email', address: 'a@x.io', isPrimary: true });
    await svc.client.addContact({ projectId, recipientId: 'a', medium: 'email', address: 'a2@x.io' });
    await svc.client.addContact({ projectId, recipientId: 'b', medium: 'email', address: 'b@x.io' });
    await svc.client.addContact({ projectId, recipientId: 'c', medium: 'sms', address: '+15550103', isPrimary: true });
    const res = await svc.client.getPrimaryContacts({ projectId, recipientIds: ['a', 'b', 'c', 'zz'], medium: 'email' });
    expect(res.contacts.map((c) => [c.recipientId, c.address])).toEqual([['a', 'a@x.io']]);
    expect((await svc.client.getPrimaryContacts({ projectId: svc.project(), recipientIds: ['a'], medium: 'email' })).contacts).toEqual([]);
    expect(await errorOf(svc.client.getPrimaryContacts({ projectId, recipientIds: ['a'], medium: 'fax' }))).toMatchObject({ code: 'validation_failed' });
  });

  describe('undeliverable addresses', () => {
    it('when an address is marked undeliverable, then exactly that contact says so (primaries too) and a repeat changes nothing', async () => {
      const projectId = await withRecipient();
      const c = (await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'gone@x.io', isPrimary: true })).contact!;
      const other = (await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'kept@x.io' })).contact!;
      const mark = () => svc.client.markContactUndeliverable({ projectId, recipientId: 'ann', medium: 'email', address: 'Gone@X.io', reason: '550 5.1.1 no such user' });
      expect((await mark()).marked).toBe(true);
      expect((await mark()).marked).toBe(true);
      const contacts = (await svc.client.listContacts({ projectId, recipientId: 'ann' })).contacts;
      expect(contacts.find((x) => x.id === c.id)?.undeliverableReason).toBe('550 5.1.1 no such user');
      expect(contacts.find((x) => x.id === other.id)?.undeliverableReason).toBeUndefined();
      const primaries = await svc.client.getPrimaryContacts({ projectId, recipientIds: ['ann'], medium: 'email' });
      expect(primaries.contacts[0]).toMatchObject({ address: 'gone@x.io', undeliverableReason: '550 5.1.1 no such user' });
    });

    it('when no contact holds the address any more, then nothing is marked', async () => {
      const projectId = await withRecipient();
      await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'now@x.io', isPrimary: true });
      const res = await svc.client.markContactUndeliverable({ projectId, recipientId: 'ann', medium: 'email', address: 'before@x.io', reason: '550' });
      expect(res.marked).toBe(false);
      expect((await svc.client.listContacts({ projectId, recipientId: 'ann' })).contacts[0].undeliverableReason).toBeUndefined();
    });

    it.each([
      ['verified again', async (projectId: bigint, id: bigint) => svc.client.verifyContact({ projectId, recipientId: 'ann', contactId: id })],
      ['given a new address', async (projectId: bigint, id: bigint) => svc.client.updateContact({ projectId, recipientId: 'ann', contactId: id, address: 'new@x.io' })],
      ['replaced as primary (PUT)', async (projectId: bigint) => svc.client.setPrimaryContact({ projectId, recipientId: 'ann', medium: 'email', address: 'put@x.io' })],
    ])('when the contact is %s, then it is deliverable again', async (_what, change) => {
      const projectId = await withRecipient();
      const c = (await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'gone@x.io', isPrimary: true })).contact!;
      await svc.client.markContactUndeliverable({ projectId, recipientId: 'ann', medium: 'email', address: 'gone@x.io', reason: '550 5.1.1' });
      const changed = (await change(projectId, c.id)).contact!;
      expect(changed.id).toBe(c.id);
      expect(changed.undeliverableReason).toBeUndefined();
    });

    it('when only the primary flag changes, then the contact stays undeliverable', async () => {
      const projectId = await withRecipient();
      const c = (await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'gone@x.io', isPrimary: true })).contact!;
      await svc.client.markContactUndeliverable({ projectId, recipientId: 'ann', medium: 'email', address: 'gone@x.io', reason: '550 5.1.1' });
      const changed = (await svc.client.updateContact({ projectId, recipientId: 'ann', contactId: c.id, isPrimary: false })).contact!;
      expect(changed.undeliverableReason).toBe('550 5.1.1');
    });
  });

  it('when a recipient holds 20 contacts of a medium, then a 21st is refused with too_many_contacts (added or set as primary); other mediums and a freed place still work', async () => {
    const projectId = await withRecipient();
    const added = [];
    for (let i = 0; i < 20; i++) added.push((await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: `c${i}@x.io` })).contact!);
    const refused = { code: 'too_many_contacts', message: 'A recipient holds at most 20 email contacts; delete one to add another' };
    expect(await errorOf(svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'c20@x.io' }))).toMatchObject(refused);
    expect(await errorOf(svc.client.setPrimaryContact({ projectId, recipientId: 'ann', medium: 'email', address: 'c20@x.io' }))).toMatchObject(refused);
    await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'sms', address: '+15550199' });
    await svc.client.deleteContact({ projectId, recipientId: 'ann', contactId: added[0].id });
    await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'c20@x.io' });
    expect((await svc.client.listContacts({ projectId, recipientId: 'ann' })).contacts.filter((c) => c.medium === 'email')).toHaveLength(20);
  });

  it('when adds race for the last place of a medium, then the recipient never ends with more than 20 and each refused add says too_many_contacts', async () => {
    const projectId = await withRecipient();
    for (let i = 0; i < 19; i++) await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: `c${i}@x.io` });
    const add = (i: number) => svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: `race${i}@x.io` });
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => add(i).then(() => 'added', async (err: unknown) => (await errorOf(Promise.reject(err))).code)));
    const held = (await svc.client.listContacts({ projectId, recipientId: 'ann' })).contacts.filter((c) => c.medium === 'email');
    expect(held.length).toBeLessThanOrEqual(20);
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(held.length - 19);
    expect(outcomes.filter((o) => o !== 'added').every((o) => o === 'too_many_contacts')).toBe(true);
  });
});
