import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream } from '@nats-io/jetstream';
import { RECIPIENT_CHANGED_SUBJECT, RECIPIENT_DELETED_SUBJECT, RecipientChangedSchema, RecipientDeletedSchema } from '@herald/contracts';
import { connectNats, createCache, ensureEventsStream, invalidateOn, type NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { recipientKey } from './recipient-presence';
import { changedKeysOf, deletedKeysOf } from '.';

const logger = { warn: () => undefined };

describe('recipient cache invalidation against the real broker', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connectNats(process.env.NATS_URL as string, 'test-recipient-presence');
    await ensureEventsStream(nc);
  });
  afterAll(async () => {
    await nc.drain();
  });

  const waitFor = (done: () => boolean) => eventually('recipient forgotten', done);
  /** Two replicas' caches, each holding recipients `ids` of project 42, listening like the gateway plugin. */
  const replicas = async (ids: string[]) => {
    const caches = [createCache<string>({ max: 100, ttlMs: 600_000 }), createCache<string>({ max: 100, ttlMs: 600_000 })];
    for (const c of caches) for (const id of ids) c.set(recipientKey(42n, id), id);
    const stops = caches.flatMap((c) => [
      invalidateOn(nc, { subject: RECIPIENT_DELETED_SUBJECT, keysOf: deletedKeysOf, caches: [c], logger, what: 'test' }),
      invalidateOn(nc, { subject: RECIPIENT_CHANGED_SUBJECT, keysOf: changedKeysOf, caches: [c], logger, what: 'test' }),
    ]);
    await nc.flush();
    return { caches, held: (id: string) => caches.map((c) => c.get(recipientKey(42n, id)) !== undefined), stop: () => stops.forEach((s) => s()) };
  };

  it('when the recipient service publishes a deletion on JetStream, then every listening replica forgets that recipient', async () => {
    const r = await replicas(['gone', 'stays']);
    const event = create(RecipientDeletedSchema, { projectId: 42n, recipientId: 'gone', deletedAt: timestampFromDate(new Date()) });
    await jetstream(nc).publish(RECIPIENT_DELETED_SUBJECT, toBinary(RecipientDeletedSchema, event), { msgID: `test-presence-${Date.now()}` });
    await waitFor(() => r.held('gone').every((h) => !h));
    expect(r.held('stays')).toEqual([true, true]);
    r.stop();
  });

  it('when it publishes a change of several recipients, then every listening replica forgets each of them', async () => {
    const r = await replicas(['a', 'b', 'c']);
    const event = create(RecipientChangedSchema, { projectId: 42n, recipientIds: ['a', 'b'], profile: true });
    await jetstream(nc).publish(RECIPIENT_CHANGED_SUBJECT, toBinary(RecipientChangedSchema, event));
    await waitFor(() => [...r.held('a'), ...r.held('b')].every((h) => !h));
    expect(r.held('c')).toEqual([true, true]);
    r.stop();
  });

  it('when a malformed message arrives on the subjects, then nothing is forgotten', async () => {
    const r = await replicas(['a', 'z']);
    nc.publish(RECIPIENT_DELETED_SUBJECT, new Uint8Array([0xff, 0xff, 0xff]));
    nc.publish(RECIPIENT_CHANGED_SUBJECT, new Uint8Array([0xff, 0xff, 0xff]));
    // A well-formed change of another recipient, published after them: once it is seen, so were they.
    nc.publish(RECIPIENT_CHANGED_SUBJECT, toBinary(RecipientChangedSchema, create(RecipientChangedSchema, { projectId: 42n, recipientIds: ['z'] })));
    await nc.flush();
    await waitFor(() => r.held('z').every((h) => !h));
    expect(r.held('a')).toEqual([true, true]);
    r.stop();
  });
});
