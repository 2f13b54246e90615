import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import { emailJobs } from '../testing/email-jobs';
import { startHarness, type Harness } from '../testing/harness';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink';

jest.setTimeout(90_000);

// The first delivery of an email job takes its notification as the send worker of the same process
// inserted it (no read back); every later delivery reads the store, and the claims keep it to one mail.
describe('an email job whose notification was just inserted by this process', () => {
  let h: Harness;
  let sink: SmtpSink;
  let mongo: MongoHandle;
  let nc: NatsConnection;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // A refused mail is retried soon (a redelivery of its job).
    h = await startHarness({ SMTP_URL: sink.smtpUrl, EMAIL_RETRY_BASE_MS: '200' });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
    nc = await connectNats(h.natsUrl, 'test-fresh-notifications');
  });
  afterAll(async () => {
    await nc?.close();
    await mongo?.close();
    await h?.close();
    await sink?.stop();
  });

  const { read, sendOne, deliverAgain, emailSent, acknowledged } = emailJobs(() => ({ h, mongo, nc }));

  it('when the job is sent from the notification as inserted and then published twice more, then the later deliveries find its claim and record: one mail', async () => {
    const { project, id, address } = await sendOne('fresh');
    const done = await emailSent(id);
    await deliverAgain(project, id);
    await deliverAgain(project, id);
    await acknowledged();
    expect(await sink.messagesTo(address)).toHaveLength(1);
    expect(await read(id)).toMatchObject({ email: { status: 'sent', attempts: 1, message_id: done.email.message_id } });
  });

  it('when the first attempt of a just-inserted notification is refused, then its redelivery reads the attempt from the store and sends once', async () => {
    await sink.rejectNext(1, 451);
    const { id, address } = await sendOne('refused-first');
    const done = await emailSent(id);
    await acknowledged();
    expect(done.email.attempts).toBe(2);
    expect(await sink.messagesTo(address)).toHaveLength(1);
  });
});
