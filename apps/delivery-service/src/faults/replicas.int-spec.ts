import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import { startCpuHogs } from '../testing/cpu-hog';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const SENDS = 40;

// Generous bounds: the test loads the machine on purpose (a busy process per core), and a loaded CI
// machine adds its own; they only stop a run that would never settle.
jest.setTimeout(420_000);

describe('fault: two delivery-service replicas share the work', () => {
  let h: Harness;
  let sink: SmtpSink;
  let mongo: MongoHandle;
  let nc: NatsConnection;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // The shortest ack wait the config allows, with a dependency slower than it (below): a job
    // still in hand must not be handed to the other replica meanwhile.
    h = await startHarness({ SMTP_URL: sink.smtpUrl, ACK_WAIT_MS: '1000', LOG_LEVEL: 'warn' });
    await h.startReplica();
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
    nc = await connectNats(h.natsUrl, 'test-replicas');
  });
  afterAll(async () => {
    await nc?.close();
    await mongo?.close();
    await h?.close();
    await sink?.stop();
  });

  // Under CPU contention (a busy process per core) keep-alives of jobs in hand go out late, and a
  // job is then redelivered to the other replica while its mail is being sent: each email is sent
  // only by the worker holding its claim (before claims, one send could cause three mails).
  it('when jobs take longer than the ack wait, under CPU contention, then each send is gated once: quota counted once, one email each', async () => {
    const project = h.project();
    const tag = randomBytes(4).toString('hex');
    const recipients = Array.from({ length: SENDS }, (_, i) => `rep${i}`);
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    for (const r of recipients) h.peers.emails.set(`${project}|${r}`, `${r}-${tag}@test.local`);
    h.peers.resolveDelayMs = 1_500;
    // The relay keeps each mail at once but answers only later: the SMTP exchange outlasts the ack wait too.
    await sink.answerAfter(1_500);
    const hogs = startCpuHogs();
    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 10_000n };
    const sent = await Promise.all(
      recipients.map((recipientId) =>
        h.client.send({ projectId: project, settings, recipientId, target, payloadJson: '{}', email: { subject: `hello ${recipientId}`, html: '<p>x</p>' } }),
      ),
    );
    const ids = sent.map((r) => r.notification!.id);
    const settled = await eventually('every send settled', async () => {
        const all = await Promise.all(ids.map((id) => h.client.getNotification({ projectId: project, id }).then((r) => r.notification!)));
        const open = all.filter((n) => n.status === 'enqueued' || n.email!.status === 'pending');
        // thrown, so a run that never settles says which sends are stuck where
        if (open.length > 0) {
          const docs = await mongo.db.collection<{ _id: number }>('notifications').find({ _id: { $in: open.slice(0, 5).map((n) => Number(n.id)) } }, { projection: { status: 1, email: 1, email_claim: 1, email_lease_until: 1 } }).toArray();
          const jsm = await jetstreamManager(nc);
          const ci = await jsm.consumers.info('HERALD_DELIVERY', 'delivery-emails').catch((e) => String(e));
          const si = await jsm.consumers.info('HERALD_DELIVERY', 'delivery-sends').catch((e) => String(e));
          const strip = (c: unknown) => (typeof c === 'string' ? c : JSON.stringify({ ...(c as object), config: undefined }));
          throw new Error(`${open.length} unsettled, e.g. ${JSON.stringify(docs)}; emails consumer ${strip(ci)}; sends consumer ${strip(si)}`);
        }
        return all;
      }, { timeoutMs: 240_000 }
    ).finally(() => hogs.stop());
    h.peers.resolveDelayMs = 0;
    await sink.answerAfter(0);
    // Every job acknowledged (a redelivered one too): no mail can still be on its way.
    const jsm = await jetstreamManager(nc);
    await eventually('every job acknowledged', async () => (await jsm.streams.info('HERALD_DELIVERY')).state.messages === 0, { timeoutMs: 120_000 });
    expect(settled.map((n) => n.status)).toEqual(ids.map(() => 'delivered'));
    expect(settled.map((n) => [n.email!.status, n.email!.attempts])).toEqual(ids.map(() => ['sent', 1]));
    // one unit per in-app delivery and one per email: 2 per send, never more
    expect(await mongo.db.collection('quota_units').countDocuments({ project_id: Number(project) })).toBe(2 * SENDS);
    expect(await mongo.db.collection('notifications').countDocuments({ project_id: Number(project) })).toBe(SENDS);
    for (const r of recipients) expect(await sink.messagesTo(`${r}-${tag}@test.local`)).toHaveLength(1);
  });
});
