import { createECDH, randomBytes } from 'node:crypto';
import { errorOf } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(30_000);

/**
 * Contact addresses written by a recipient token await their owner's confirmation: the
 * state the recipient service keeps, and what each write and the confirmation do to it.
 */
describe('recipient service: contact confirmation', () => {
  let svc: TestRecipientService;
  beforeAll(async () => {
    svc = await startRecipientService('contact-confirmation');
  });
  afterAll(() => svc.close());

  const withRecipient = async (id = 'ann') => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id });
    return projectId;
  };
  const primaryOf = async (projectId: bigint, recipientId = 'ann') =>
    (await svc.client.getPrimaryContacts({ projectId, recipientIds: [recipientId], medium: 'email' })).contacts[0];

  it('when a recipient token adds an email address, then it awaits confirmation (the write says so), and so do reads and the primary lookup', async () => {
    const projectId = await withRecipient();
    const res = await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'Ann@X.io', isPrimary: true, byRecipientToken: true });
    expect(res.confirmationNeeded).toBe(true);
    expect(res.contact).toMatchObject({ address: 'ann@x.io', awaitingConfirmation: true });
    expect(res.contact!.verifiedAt).toBeUndefined();
    expect((await svc.client.listContacts({ projectId, recipientId: 'ann' })).contacts[0].awaitingConfirmation).toBe(true);
    expect((await primaryOf(projectId)).awaitingConfirmation).toBe(true);
  });

  it('when a key adds an email address or an sms number, or a token adds a web push subscription, then it is confirmed at once and no confirmation is needed', async () => {
    const projectId = await withRecipient();
    const byKey = await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'k@x.io', isPrimary: true });
    expect([byKey.confirmationNeeded, byKey.contact!.awaitingConfirmation]).toEqual([false, false]);
    const smsByKey = await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'sms', address: '+15550101' });
    expect([smsByKey.confirmationNeeded, smsByKey.contact!.awaitingConfirmation]).toEqual([false, false]);
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') } };
    const push = await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'web_push', address: JSON.stringify(subscription), byRecipientToken: true });
    expect([push.confirmationNeeded, push.contact!.awaitingConfirmation]).toEqual([false, false]);
  });

  it('when a token adds an sms number, then it awaits the code sent to it', async () => {
    const projectId = await withRecipient();
    const sms = await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'sms', address: '+15550100', byRecipientToken: true });
    expect([sms.confirmationNeeded, sms.contact!.awaitingConfirmation]).toEqual([true, true]);
  });

  it('when the project lists the calling codes it may text, then a number outside them is refused (sms_country_not_allowed) and one inside is written', async () => {
    const projectId = await withRecipient();
    const err = await errorOf(svc.client.addContact({ projectId, recipientId: 'ann', medium: 'sms', address: '+4915112345678', smsCountryCodes: ['1', '44'] }));
    expect(err).toMatchObject({ code: 'sms_country_not_allowed' });
    const put = await errorOf(svc.client.setPrimaryContact({ projectId, recipientId: 'ann', medium: 'sms', address: '+4915112345678', smsCountryCodes: ['44'] }));
    expect(put).toMatchObject({ code: 'sms_country_not_allowed' });
    const ok = await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'sms', address: '+447700900123', smsCountryCodes: ['1', '44'] });
    expect(ok.contact!.address).toBe('+447700900123');
    const patch = await errorOf(svc.client.updateContact({ projectId, recipientId: 'ann', contactId: ok.contact!.id, address: '+4915112345678', smsCountryCodes: ['1', '44'] }));
    expect(patch).toMatchObject({ code: 'sms_country_not_allowed' });
  });

  it('when the confirmation names the contact and its current address, then it is confirmed and verified; again changes nothing', async () => {
    const projectId = await withRecipient();
    const { contact } = await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'c@x.io', isPrimary: true, byRecipientToken: true });
    const confirmed = (await svc.client.confirmContact({ projectId, recipientId: 'ann', contactId: contact!.id, address: 'c@x.io' })).contact!;
    expect(confirmed.awaitingConfirmation).toBe(false);
    expect(confirmed.verifiedAt).toBeDefined();
    expect((await primaryOf(projectId)).awaitingConfirmation).toBe(false);
    const again = (await svc.client.confirmContact({ projectId, recipientId: 'ann', contactId: contact!.id, address: 'c@x.io' })).contact!;
    expect(again.verifiedAt).toEqual(confirmed.verifiedAt);
    expect(again.updatedAt).toEqual(confirmed.updatedAt);
  });

  it('when the address changed after the link was mailed, then the old link confirms nothing (stale) and the new address still awaits', async () => {
    const projectId = await withRecipient();
    const { contact } = await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'old@x.io', isPrimary: true, byRecipientToken: true });
    const moved = await svc.client.updateContact({ projectId, recipientId: 'ann', contactId: contact!.id, address: 'new@x.io', byRecipientToken: true });
    expect([moved.confirmationNeeded, moved.contact!.awaitingConfirmation]).toEqual([true, true]);
    expect(await errorOf(svc.client.confirmContact({ projectId, recipientId: 'ann', contactId: contact!.id, address: 'old@x.io' }))).toMatchObject({ code: 'contact_confirmation_stale' });
    expect((await primaryOf(projectId)).awaitingConfirmation).toBe(true);
    expect(await errorOf(svc.client.confirmContact({ projectId, recipientId: 'ann', contactId: 999_999_999n, address: 'new@x.io' }))).toMatchObject({ code: 'contact_not_found' });
  });

  it('when a token changes a confirmed address, then the new one awaits; when a key changes it, then the new one is confirmed at once', async () => {
    const projectId = await withRecipient();
    const { contact } = await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'a@x.io', isPrimary: true });
    const byToken = await svc.client.updateContact({ projectId, recipientId: 'ann', contactId: contact!.id, address: 'b@x.io', byRecipientToken: true });
    expect(byToken.contact!.awaitingConfirmation).toBe(true);
    const byKey = await svc.client.updateContact({ projectId, recipientId: 'ann', contactId: contact!.id, address: 'c@x.io' });
    expect([byKey.confirmationNeeded, byKey.contact!.awaitingConfirmation]).toEqual([false, false]);
    // Only the primary flag changes: the state stays, and nothing is to be mailed.
    const flag = await svc.client.updateContact({ projectId, recipientId: 'ann', contactId: contact!.id, isPrimary: false, byRecipientToken: true });
    expect([flag.confirmationNeeded, flag.contact!.awaitingConfirmation]).toEqual([false, false]);
  });

  it('when a token sets the primary (PUT), then a new or changed address awaits, the same address changes nothing but asks for the link again, and a key-set one is confirmed', async () => {
    const projectId = await withRecipient();
    const created = await svc.client.setPrimaryContact({ projectId, recipientId: 'ann', medium: 'email', address: 'p@x.io', byRecipientToken: true });
    expect([created.confirmationNeeded, created.contact!.awaitingConfirmation]).toEqual([true, true]);
    const same = await svc.client.setPrimaryContact({ projectId, recipientId: 'ann', medium: 'email', address: 'P@x.io', byRecipientToken: true });
    expect([same.confirmationNeeded, same.contact!.awaitingConfirmation, same.contact!.updatedAt]).toEqual([true, true, created.contact!.updatedAt]);
    const sameByKey = await svc.client.setPrimaryContact({ projectId, recipientId: 'ann', medium: 'email', address: 'p@x.io' });
    expect([sameByKey.confirmationNeeded, sameByKey.contact!.awaitingConfirmation]).toEqual([false, true]);
    const changed = await svc.client.setPrimaryContact({ projectId, recipientId: 'ann', medium: 'email', address: 'q@x.io', byRecipientToken: true });
    expect([changed.confirmationNeeded, changed.contact!.awaitingConfirmation, changed.contact!.id]).toEqual([true, true, created.contact!.id]);
    const byKey = await svc.client.setPrimaryContact({ projectId, recipientId: 'ann', medium: 'email', address: 'r@x.io' });
    expect([byKey.confirmationNeeded, byKey.contact!.awaitingConfirmation]).toEqual([false, false]);
  });

  it('when the project verifies an awaiting contact, then it is confirmed too', async () => {
    const projectId = await withRecipient();
    const { contact } = await svc.client.addContact({ projectId, recipientId: 'ann', medium: 'email', address: 'v@x.io', isPrimary: true, byRecipientToken: true });
    const verified = (await svc.client.verifyContact({ projectId, recipientId: 'ann', contactId: contact!.id })).contact!;
    expect([verified.awaitingConfirmation, verified.verifiedAt !== undefined]).toEqual([false, true]);
  });

  describe('when the primary email is verified and a recipient token sets another one', () => {
    const proposed = async () => {
      const projectId = await withRecipient();
      const { contact: current } = await svc.client.setPrimaryContact({ projectId, recipientId: 'ann', medium: 'email', address: 'old@x.io' });
      await svc.client.verifyContact({ projectId, recipientId: 'ann', contactId: current!.id });
      const res = await svc.client.setPrimaryContact({ projectId, recipientId: 'ann', medium: 'email', address: 'new@x.io', byRecipientToken: true });
      return { projectId, res, pendingId: res.contact!.id };
    };

    it('then the change is only proposed: a pending, unconfirmed contact, the current address to approve it, the primary unchanged', async () => {
      const { projectId, res } = await proposed();
      expect(res.contact).toMatchObject({ address: 'new@x.io', isPrimary: false, awaitingConfirmation: true, pendingPrimary: true });
      expect([res.confirmationNeeded, res.approvalAddress]).toEqual([true, 'old@x.io']);
      expect((await primaryOf(projectId)).address).toBe('old@x.io');
    });

    it('then its own confirmation alone, or the approval alone, leaves the primary; both make it the primary and keep the old one as a contact', async () => {
      const { projectId, pendingId } = await proposed();
      await svc.client.confirmContact({ projectId, recipientId: 'ann', contactId: pendingId, address: 'new@x.io' });
      expect((await primaryOf(projectId)).address).toBe('old@x.io');
      const wrongApprover = await errorOf(svc.client.confirmContact({ projectId, recipientId: 'ann', contactId: pendingId, address: 'new@x.io', approvedBy: 'new@x.io' }));
      expect(wrongApprover.code).toBe('contact_confirmation_stale');
      const approved = (await svc.client.confirmContact({ projectId, recipientId: 'ann', contactId: pendingId, address: 'new@x.io', approvedBy: 'old@x.io' })).contact!;
      expect(approved).toMatchObject({ address: 'new@x.io', isPrimary: true, pendingPrimary: false });
      expect((await primaryOf(projectId)).address).toBe('new@x.io');
      const contacts = (await svc.client.listContacts({ projectId, recipientId: 'ann' })).contacts;
      expect(contacts.map((c) => [c.address, c.isPrimary])).toEqual([['old@x.io', false], ['new@x.io', true]]);
    });

    it('then the approval first and the confirmation second work too', async () => {
      const { projectId, pendingId } = await proposed();
      await svc.client.confirmContact({ projectId, recipientId: 'ann', contactId: pendingId, address: 'new@x.io', approvedBy: 'old@x.io' });
      expect((await primaryOf(projectId)).address).toBe('old@x.io');
      await svc.client.confirmContact({ projectId, recipientId: 'ann', contactId: pendingId, address: 'new@x.io' });
      expect((await primaryOf(projectId)).address).toBe('new@x.io');
    });

    it('then a token patching the verified primary is refused (primary_change_needs_owner), a key may', async () => {
      const { projectId } = await proposed();
      const primary = await primaryOf(projectId);
      const contacts = (await svc.client.listContacts({ projectId, recipientId: 'ann' })).contacts;
      const id = contacts.find((c) => c.isPrimary)!.id;
      for (const change of [{ address: 'x@x.io' }, { isPrimary: false }]) {
        expect((await errorOf(svc.client.updateContact({ projectId, recipientId: 'ann', contactId: id, ...change, byRecipientToken: true }))).code).toBe('primary_change_needs_owner');
      }
      expect((await primaryOf(projectId)).address).toBe(primary.address);
      expect((await svc.client.updateContact({ projectId, recipientId: 'ann', contactId: id, address: 'key@x.io' })).contact!.address).toBe('key@x.io');
    });
  });
});
