import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { errorOf } from '@herald/testing';
import { recipientDeletedEvents } from './testing/recipient-deleted-events';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(30_000);

describe('recipient service: DeleteRecipient', () => {
  let svc: TestRecipientService;
  let mongo: MongoHandle;
  beforeAll(async () => {
    svc = await startRecipientService('delete');
    mongo = await connectMongo(process.env.MONGO_URL!, svc.dbName, 'test-inspector');
  });
  afterAll(async () => {
    await mongo.close();
    await svc.close();
  });

  const recipientsCol = () => mongo.db.collection('recipients');
  const contactCount = (projectId: bigint, id: string) => mongo.db.collection('contacts').countDocuments({ project_id: Number(projectId), recipient_id: id });

  it('when a recipient is deleted, then it publishes RecipientDeleted, erases its contacts and every read answers not found', async () => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id: 'gone', name: 'G' });
    await svc.client.addContact({ projectId, recipientId: 'gone', medium: 'email', address: 'g@x.io', isPrimary: true });
    const before = Date.now();
    await svc.client.deleteRecipient({ projectId, id: 'gone' });

    expect(await contactCount(projectId, 'gone')).toBe(0);
    const events = await recipientDeletedEvents(process.env.NATS_URL!, projectId);
    expect(events.map((e) => e.recipientId)).toEqual(['gone']);
    expect(events[0].deletedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    for (const call of [
      () => svc.client.getRecipient({ projectId, id: 'gone' }),
      () => svc.client.deleteRecipient({ projectId, id: 'gone' }),
      () => svc.client.listContacts({ projectId, recipientId: 'gone' }),
    ]) {
      expect(await errorOf(call())).toMatchObject({ code: 'recipient_not_found' });
    }
    expect((await svc.client.getPrimaryContacts({ projectId, recipientIds: ['gone'], medium: 'email' })).contacts).toEqual([]);
    expect((await svc.client.listRecipients({ projectId })).recipients).toEqual([]);
  });

  it('when a deleted id is created again, then it starts fresh with no contacts', async () => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id: 'phoenix', name: 'first' });
    await svc.client.addContact({ projectId, recipientId: 'phoenix', medium: 'sms', address: '+15550111' });
    await svc.client.deleteRecipient({ projectId, id: 'phoenix' });
    expect((await svc.client.createRecipient({ projectId, id: 'phoenix' })).recipient?.name).toBeUndefined();
    expect((await svc.client.listContacts({ projectId, recipientId: 'phoenix' })).contacts).toEqual([]);
  });

  it('when a delete stopped half-way, then reads answer not found and a retried delete finishes with one event', async () => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id: 'half' });
    await svc.client.addContact({ projectId, recipientId: 'half', medium: 'sms', address: '+15550111' });
    const stuck = { state: 'deleting', deleted_at: new Date() };
    const doc = await recipientsCol().findOneAndUpdate({ project_id: Number(projectId), recipient_id: 'half' }, { $set: stuck }, { returnDocument: 'after' });
    expect(await errorOf(svc.client.getRecipient({ projectId, id: 'half' }))).toMatchObject({ code: 'recipient_not_found' });

    await svc.client.deleteRecipient({ projectId, id: 'half' });
    expect(await contactCount(projectId, 'half')).toBe(0);
    // A crash after publishing but before the removal: the document comes back, the retry republishes.
    await recipientsCol().insertOne(doc!);
    await svc.client.deleteRecipient({ projectId, id: 'half' });
    expect(await recipientsCol().countDocuments({ project_id: Number(projectId) })).toBe(0);
    expect((await recipientDeletedEvents(process.env.NATS_URL!, projectId)).map((e) => e.recipientId)).toEqual(['half']);
  });

  it('when a create or ensure meets an id still being erased, then it finishes the erasure and creates anew', async () => {
    const projectId = svc.project();
    for (const id of ['c1', 'e1', 'b1']) {
      await svc.client.createRecipient({ projectId, id, name: 'old' });
      await svc.client.addContact({ projectId, recipientId: id, medium: 'sms', address: '+15550111' });
      await recipientsCol().updateOne({ project_id: Number(projectId), recipient_id: id }, { $set: { state: 'deleting', deleted_at: new Date() } });
    }
    expect((await svc.client.createRecipient({ projectId, id: 'c1' })).recipient?.name).toBeUndefined();
    expect(await svc.client.ensureRecipient({ projectId, id: 'e1' })).toMatchObject({ created: true });
    expect(await contactCount(projectId, 'c1')).toBe(0);
    expect(await svc.client.ensureRecipients({ projectId, ids: ['b1', 'b2'] })).toMatchObject({ created: ['b1', 'b2'] });
    expect(await contactCount(projectId, 'e1')).toBe(0);
    expect(await contactCount(projectId, 'b1')).toBe(0);
    expect((await svc.client.getRecipient({ projectId, id: 'b1' })).recipient?.name).toBeUndefined();
    expect((await recipientDeletedEvents(process.env.NATS_URL!, projectId)).map((e) => e.recipientId).sort()).toEqual(['b1', 'c1', 'e1']);
  });
});
