import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream } from '@nats-io/jetstream';
import { RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { connectNats, ensureEventsStream, type NatsConnection } from '@herald/service-kit';
import { onRecipientDeleted } from './recipient-presence';

describe('onRecipientDeleted against the real broker', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connectNats(process.env.NATS_URL as string, 'test-recipient-presence');
    await ensureEventsStream(nc);
  });
  afterAll(async () => {
    await nc.drain();
  });

  const waitFor = async (done: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('when the recipient service publishes a deletion on JetStream, then every listening gateway forgets that recipient', async () => {
    const forgotten: string[][] = [];
    const replicas = [onRecipientDeleted(nc, (p, id) => forgotten.push(['a', `${p}`, id])), onRecipientDeleted(nc, (p, id) => forgotten.push(['b', `${p}`, id]))];
    await nc.flush();
    const event = create(RecipientDeletedSchema, { projectId: 42n, recipientId: 'gone', deletedAt: timestampFromDate(new Date()) });
    await jetstream(nc).publish(RECIPIENT_DELETED_SUBJECT, toBinary(RecipientDeletedSchema, event), { msgID: `test-presence-${Date.now()}` });
    await waitFor(() => forgotten.length === 2);
    expect(forgotten.sort()).toEqual([
      ['a', '42', 'gone'],
      ['b', '42', 'gone'],
    ]);
    replicas.forEach((r) => r.stop());
  });

  it('when a malformed message arrives on the subject, then it is ignored', async () => {
    const forgotten: string[] = [];
    const listener = onRecipientDeleted(nc, (_p, id) => forgotten.push(id));
    await nc.flush();
    nc.publish(RECIPIENT_DELETED_SUBJECT, new Uint8Array([0xff, 0xff, 0xff]));
    await nc.flush();
    await new Promise((r) => setTimeout(r, 100));
    expect(forgotten).toEqual([]);
    listener.stop();
  });
});
