import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { ConnectError } from '@connectrpc/connect';
import { eventually } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';

const target = { channel: 'team', topic: 'issues', event: 'comment.created' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };

jest.setTimeout(60_000);

describe('delivery service: sends to recipient ids', () => {
  let h: Harness;
  let mongo: MongoHandle;
  beforeAll(async () => {
    h = await startHarness({ BROADCAST_CHUNK_SIZE: '100' });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
  });
  afterAll(async () => {
    await mongo.close();
    await h.close();
  });

  const completed = (project: bigint, id: bigint) =>
    eventually('send completed', async () => {
      const b = (await h.client.getBroadcast({ projectId: project, id })).broadcast!;
      return b.status === 'completed' ? b : undefined;
    }, { timeoutMs: 30_000 });

  it('when 250 ids are sent to, with duplicates, an unknown one and one excluded, then each other id gets exactly one notification and the audience says how many', async () => {
    const project = h.project();
    const known = Array.from({ length: 249 }, (_, i) => `w${String(i).padStart(3, '0')}`);
    h.peers.addRecipients(project, [...known, 'bystander']);
    const recipientIds = [...known, 'newcomer', 'w000', 'w001'];
    const r = await h.client.send({ projectId: project, settings, target, payloadJson: '{"t":"c"}', recipientIds, excludeRecipientIds: ['w007'] });
    expect(r.notification).toBeUndefined();
    expect(r.broadcast!.audience).toMatchObject({ recipientIds: 249n, excluded: 1n });
    const b = await completed(project, r.broadcast!.id);
    expect(b.recipientsTotal).toBe(249n);
    expect(b.notificationsCreated).toBe(249n);
    const docs = await mongo.db.collection('notifications').find({ broadcast_id: Number(r.broadcast!.id) }).toArray();
    const expected = [...known.filter((id) => id !== 'w007'), 'newcomer'].sort();
    expect(docs.map((d) => d.recipient_id as string).sort()).toEqual(expected);
    expect(docs.every((d) => d.status === 'delivered')).toBe(true);
    // The unknown id was created, as a direct send creates its recipient; the others were not touched.
    expect(h.peers.hasRecipient(project, 'newcomer')).toBe(true);
  });

  it('when some ids fail the recipient id rules, then the others are sent and the failures come back with their positions', async () => {
    const project = h.project();
    const r = await h.client.send({ projectId: project, settings, target, payloadJson: '{}', recipientIds: ['ok-1', ' padded', 'ok-2'] });
    expect(r.failed).toEqual([expect.objectContaining({ id: ' padded', batchIndex: 1 })]);
    const b = await completed(project, r.broadcast!.id);
    expect(b.notificationsCreated).toBe(2n);
  });

  it('when a send names a list, then it is refused before anything is written while list sends are not wired', async () => {
    const project = h.project();
    const err = await h.client.send({ projectId: project, settings, target, payloadJson: '{}', list: 'watchers' }).catch((e: unknown) => ConnectError.from(e));
    expect(err).toBeInstanceOf(ConnectError);
    expect(await mongo.db.collection('broadcasts').countDocuments({ project_id: Number(project) })).toBe(0);
  });
});
