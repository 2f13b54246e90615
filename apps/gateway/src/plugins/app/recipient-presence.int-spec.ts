import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream } from '@nats-io/jetstream';
import { RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { connectNats, ensureEventsStream, type NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
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

  const waitFor = (done: () => boolean) => eventually('recipient forgotten', done);

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
    // A barrier: a valid deletion published after it (same connection, so it arrives after it).
    const marker = create(RecipientDeletedSchema, { projectId: 42n, recipientId: 'marker', deletedAt: timestampFromDate(new Date()) });
    nc.publish(RECIPIENT_DELETED_SUBJECT, toBinary(RecipientDeletedSchema, marker));
    await waitFor(() => forgotten.length > 0);
    expect(forgotten).toEqual(['marker']);
    listener.stop();
  });
});
