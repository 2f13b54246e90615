import { fromBinary } from '@bufbuild/protobuf';
import { RECIPIENT_CHANGED_SUBJECT, RecipientChangedSchema } from '@herald/contracts';
import { connectNats, type NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(30_000);

interface Seen {
  projectId: bigint;
  recipientIds: string[];
  profile: boolean;
  contacts: boolean;
}

// What every gateway replica's recipient cache hears (a core subscription, as the gateway listens).
describe('recipient service: RecipientChanged events', () => {
  let svc: TestRecipientService;
  let nc: NatsConnection;
  const seen: Seen[] = [];
  beforeAll(async () => {
    svc = await startRecipientService('changed');
    nc = await connectNats(process.env.NATS_URL!, 'test-changes');
    nc.subscribe(RECIPIENT_CHANGED_SUBJECT, {
      callback: (_err, msg) => {
        const e = fromBinary(RecipientChangedSchema, msg.data);
        seen.push({ projectId: e.projectId, recipientIds: e.recipientIds, profile: e.profile, contacts: e.contacts });
      },
    });
    await nc.flush();
  });
  afterAll(async () => {
    await svc.close();
    await nc.drain();
  });

  /** The events of `projectId` once `count` of them arrived. */
  async function eventsOf(projectId: bigint, count: number): Promise<Omit<Seen, 'projectId'>[]> {
    const of = () => seen.filter((e) => e.projectId === projectId).map(({ projectId: _p, ...rest }) => rest);
    await eventually(`${count} events of project ${projectId}`, () => of().length >= count);
    return of();
  }
  const profile = (...recipientIds: string[]) => ({ recipientIds, profile: true, contacts: false });
  const contacts = (id: string) => ({ recipientIds: [id], profile: false, contacts: true });

  it('when a recipient is renamed, alone or in a batch, then one event names it (created ones are not named)', async () => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id: 'ann' });
    await svc.client.updateRecipient({ projectId, id: 'ann', setName: true, name: 'Ann' });
    await svc.client.updateRecipient({ projectId, id: 'ann', setName: false });
    await svc.client.batchUpsertRecipients({
      projectId,
      items: [
        { id: 'ann', setName: true, name: 'Ann B', batchIndex: 0 },
        { id: 'new', setName: true, name: 'New', batchIndex: 1 },
      ],
    });
    expect(await eventsOf(projectId, 2)).toEqual([profile('ann'), profile('ann')]);
  });

  it('when contacts change in any way, then each change names the recipient', async () => {
    const projectId = svc.project();
    await svc.client.createRecipient({ projectId, id: 'bo' });
    const added = (await svc.client.addContact({ projectId, recipientId: 'bo', medium: 'email', address: 'bo@x.io' })).contact!;
    await svc.client.updateContact({ projectId, recipientId: 'bo', contactId: added.id, address: 'bo2@x.io' });
    await svc.client.verifyContact({ projectId, recipientId: 'bo', contactId: added.id });
    await svc.client.setPrimaryContact({ projectId, recipientId: 'bo', medium: 'email', address: 'bo2@x.io' });
    await svc.client.markContactUndeliverable({ projectId, recipientId: 'bo', medium: 'email', address: 'bo2@x.io', reason: '550 no such user' });
    await svc.client.deleteContact({ projectId, recipientId: 'bo', contactId: added.id });
    expect(await eventsOf(projectId, 6)).toEqual(Array.from({ length: 6 }, () => contacts('bo')));
  });
});
