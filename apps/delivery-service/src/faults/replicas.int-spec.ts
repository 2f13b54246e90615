import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { eventually, startHarness, type Harness } from '../testing/harness';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const SENDS = 40;

jest.setTimeout(90_000);

describe('fault: two delivery-service replicas share the work', () => {
  let h: Harness;
  let sink: SmtpSink;
  let mongo: MongoHandle;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // The shortest ack wait the config allows, with a dependency slower than it (below): a job
    // still in hand must not be handed to the other replica meanwhile.
    h = await startHarness({ SMTP_URL: sink.smtpUrl, ACK_WAIT_MS: '1000' });
    await h.startReplica();
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
  });
  afterAll(async () => {
    await mongo?.close();
    await h?.close();
    await sink?.stop();
  });

  it('when jobs take longer than the ack wait, then each send is gated once: quota counted once, one email each', async () => {
    const project = h.project();
    const tag = randomBytes(4).toString('hex');
    const recipients = Array.from({ length: SENDS }, (_, i) => `rep${i}`);
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    for (const r of recipients) h.peers.emails.set(`${project}|${r}`, `${r}-${tag}@test.local`);
    h.peers.resolveDelayMs = 1_500;
    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 10_000n };
    const sent = await Promise.all(
      recipients.map((recipientId) =>
        h.client.send({ projectId: project, settings, recipientId, target, payloadJson: '{}', email: { subject: `hello ${recipientId}`, html: '<p>x</p>' } }),
      ),
    );
    const ids = sent.map((r) => r.notification!.id);
    const settled = await eventually(
      async () => {
        const all = await Promise.all(ids.map((id) => h.client.getNotification({ projectId: project, id }).then((r) => r.notification!)));
        return all.every((n) => n.status !== 'enqueued' && n.email!.status !== 'pending') ? all : undefined;
      },
      60_000,
      'every send settled',
    );
    h.peers.resolveDelayMs = 0;
    expect(settled.map((n) => n.status)).toEqual(ids.map(() => 'delivered'));
    expect(settled.map((n) => [n.email!.status, n.email!.attempts])).toEqual(ids.map(() => ['sent', 1]));
    // one unit per in-app delivery and one per email: 2 per send, never more
    expect(await mongo.db.collection('quota_units').countDocuments({ project_id: Number(project) })).toBe(2 * SENDS);
    expect(await mongo.db.collection('notifications').countDocuments({ project_id: Number(project) })).toBe(SENDS);
    for (const r of recipients) expect(await sink.messagesTo(`${r}-${tag}@test.local`)).toHaveLength(1);
  });
});
