import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM, RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { connectNats, type NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { newProject, startPreferenceService, uniqueDbName, type TestPreferenceService } from './testing/start-preference-service';

const target = { channel: 'social', topic: 'mentions', event: 'created' };

describe('recipient-deleted consumer', () => {
  let svc: TestPreferenceService;
  let nc: NatsConnection;
  beforeAll(async () => {
    svc = await startPreferenceService(uniqueDbName('pref_erase'));
    nc = await connectNats(process.env.NATS_URL!, 'test-publisher');
  });
  afterAll(async () => {
    await svc.close();
    await nc.close();
  });

  const publish = (projectId: bigint, recipientId: string, deletedAt: Date) =>
    jetstream(nc).publish(
      RECIPIENT_DELETED_SUBJECT,
      toBinary(RecipientDeletedSchema, create(RecipientDeletedSchema, { projectId, recipientId, deletedAt: timestampFromDate(deletedAt) })),
    );
  const ruleCount = async (projectId: bigint, recipientId: string) =>
    (await svc.client.listPreferences({ projectId, recipientId })).preferences.filter((p) => !p.state!.inherited).length;
  const waitUntil = (cond: () => Promise<boolean>) => eventually('rules removed', cond);

  it('when a recipient is deleted, then their rules are removed and other recipients keep theirs', async () => {
    const projectId = newProject();
    for (const medium of ['in_app', 'email']) {
      await svc.client.setPreference({ projectId, recipientId: 'gone', target, medium, enabled: medium === 'email' });
      await svc.client.setPreference({ projectId, recipientId: 'stays', target, medium, enabled: false });
    }
    expect(await ruleCount(projectId, 'gone')).toBe(2);
    await publish(projectId, 'gone', new Date());
    await waitUntil(async () => (await ruleCount(projectId, 'gone')) === 0);
    expect(await ruleCount(projectId, 'stays')).toBe(2);
    const email = await svc.client.checkPreference({ projectId, recipientId: 'gone', target, medium: 'email' });
    expect(email.state).toMatchObject({ enabled: false, inherited: true });
  });

  /** Every event published so far was settled by the service's consumer (acked or terminated). */
  const drained = async () => {
    const info = await (await jetstreamManager(nc)).consumers.info(EVENTS_STREAM, `pref_${svc.dbName}`);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  };

  it('when rules were written after deleted_at (the id was reused), then they survive; a malformed event does not block the rest', async () => {
    const projectId = newProject();
    const deletedAt = new Date(Date.now() - 60_000);
    await svc.client.setPreference({ projectId, recipientId: 'reused', target, medium: 'email', enabled: true });
    await svc.client.setPreference({ projectId, recipientId: 'marker', target, enabled: false });
    await jetstream(nc).publish(RECIPIENT_DELETED_SUBJECT, new Uint8Array([0xff, 0xff, 0xff]));
    await publish(projectId, 'reused', deletedAt);
    await publish(projectId, 'marker', new Date());
    await waitUntil(async () => (await ruleCount(projectId, 'marker')) === 0);
    // Events are handled concurrently: wait until every one was settled before judging 'reused'.
    await waitUntil(drained);
    expect(await ruleCount(projectId, 'reused')).toBe(1);
  });

  it('when its durable consumer is deleted while the service runs, then the service recreates it and later erasures are applied', async () => {
    const projectId = newProject();
    await svc.client.setPreference({ projectId, recipientId: 'after', target, enabled: false });
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.delete(EVENTS_STREAM, `pref_${svc.dbName}`);
    await publish(projectId, 'after', new Date());
    await waitUntil(async () => (await ruleCount(projectId, 'after')) === 0);
    expect((await jsm.consumers.info(EVENTS_STREAM, `pref_${svc.dbName}`)).config.filter_subject).toBe(RECIPIENT_DELETED_SUBJECT);
  });
});
