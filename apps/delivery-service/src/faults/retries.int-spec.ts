import { randomBytes } from 'node:crypto';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';
import { holdsNoJobs } from '../testing/held-jobs';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };
const uid = () => randomBytes(4).toString('hex');

// Backoffs shortened so every retry path runs in seconds: emails 50, 100, 200, 400 ms between the
// 5 attempts (the schedule itself: outbound/retry-delay.spec.ts); notification jobs 100, 200, 400,
// 800, 1600 ms between the 6 deliveries.
const EMAIL_MAX_ATTEMPTS = 5;
const EMAIL_RETRY_BASE_MS = 50;
const NOTIFICATION_MAX_DELIVERIES = 6;
const JOB_RETRY_BASE_MS = 50;
// The durable consumers whose jobs could make a further attempt: notification jobs and email jobs.
const JOB_CONSUMERS = ['delivery-sends', 'delivery-emails'];

jest.setTimeout(60_000);

describe('delivery service: retries, then an outcome', () => {
  let h: Harness;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    h = await startHarness({
      SMTP_URL: sink.smtpUrl,
      EMAIL_MAX_ATTEMPTS: String(EMAIL_MAX_ATTEMPTS),
      EMAIL_RETRY_BASE_MS: String(EMAIL_RETRY_BASE_MS),
      NOTIFICATION_MAX_DELIVERIES: String(NOTIFICATION_MAX_DELIVERIES),
      JOB_RETRY_BASE_MS: String(JOB_RETRY_BASE_MS),
    });
  });
  afterAll(async () => {
    await h?.close();
    await sink?.stop();
  });
  afterEach(async () => {
    h.peers.preferencesDown = false;
    await sink.rejectNext(0);
  });

  const get = (project: bigint, id: bigint) => h.client.getNotification({ projectId: project, id }).then((r) => r.notification!);
  const settled = (project: bigint, id: bigint, timeoutMs = 20_000) =>
    eventually(`notification ${id} settled`, async () => {
      const n = await get(project, id);
      return n.status !== 'enqueued' && n.email!.status !== 'pending' ? n : undefined;
    }, { timeoutMs: timeoutMs });
  /** A recipient whose email passes gating (cataloged pair, primary contact). */
  const mailable = (project: bigint, recipient: string) => {
    const address = `${recipient}-${uid()}@test.local`;
    h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
    h.peers.emails.set(`${project}|${recipient}`, address);
    return address;
  };
  /**
   * No mail ever reaches `address`. The sink accepts again, a control mail sent now through the same
   * pipeline must arrive (so the check cannot pass because nothing gets through), then we wait until
   * the service holds no notification or email job (none waiting, none with a retry scheduled: no
   * further attempt can come) before looking.
   */
  const expectNoMailLater = async (project: bigint, address: string) => {
    await sink.rejectNext(0);
    const control = `control-${uid()}`;
    const controlAddress = mailable(project, control);
    await h.client.send({ projectId: project, settings, recipientId: control, target, email: { subject: 'control', html: '<p>x</p>' } });
    await eventually('the control mail', async () => (await sink.messagesTo(controlAddress)).length > 0, { timeoutMs: 15_000 });
    await eventually('no job held for a further attempt', () => holdsNoJobs(h.metricsUrl, JOB_CONSUMERS));
    expect(await sink.messagesTo(address)).toHaveLength(0);
  };

  it('when the SMTP sink refuses the next 3 mails, then the email is retried and ends sent on the 4th attempt, received once', async () => {
    const project = h.project();
    const address = mailable(project, 'rita');
    await sink.rejectNext(3);
    const r = await h.client.send({ projectId: project, settings, recipientId: 'rita', target, email: { subject: 'retry me', html: '<p>x</p>' } });
    const n = await settled(project, r.notification!.id);
    expect(n.email).toMatchObject({ status: 'sent', address, attempts: 4 });
    expect(n.email!.reason).toBeUndefined();
    expect(n.email!.messageId).toBeTruthy();
    const mails = await eventually('the mail', async () => ((await sink.messagesTo(address)).length > 0 ? sink.messagesTo(address) : undefined));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('retry me');
  });

  it('when the SMTP sink refuses every attempt, then after 5 attempts with growing delays the email ends failed provider_error', async () => {
    const project = h.project();
    const address = mailable(project, 'fay');
    await sink.rejectNext(1_000);
    const r = await h.client.send({ projectId: project, settings, recipientId: 'fay', target, payloadJson: '{}', email: { subject: 'never', html: '<p>x</p>' } });
    const n = await settled(project, r.notification!.id);
    expect(n.status).toBe('delivered'); // the in-app part is independent of the email's fate
    expect(n.email).toMatchObject({ status: 'failed', reason: 'provider_error', address, attempts: EMAIL_MAX_ATTEMPTS });
    expect(n.email!.error).toMatch(/451/);
    expect(n.email!.messageId).toBeUndefined();
    expect(n.email!.sentAt).toBeUndefined();
    // no sixth attempt, even now that the sink would accept it
    await expectNoMailLater(project, address);
  });

  it('when the SMTP server refuses a mail permanently (5xx), then the email ends failed after one attempt, not retried', async () => {
    const project = h.project();
    const address = mailable(project, 'pam');
    await sink.rejectNext(1, 550);
    const r = await h.client.send({ projectId: project, settings, recipientId: 'pam', target, email: { subject: 'permanent', html: '<p>x</p>' } });
    const n = await settled(project, r.notification!.id);
    expect(n.email).toMatchObject({ status: 'failed', reason: 'provider_error', address, attempts: 1 });
    expect(n.email!.error).toMatch(/550/);
    // the sink would accept a second attempt: none comes
    await expectNoMailLater(project, address);
  });

  it('when the preference service is down for two deliveries, then the job is retried and the notification delivered', async () => {
    const project = h.project();
    h.peers.preferencesDown = true;
    const calls = h.peers.resolveCalls;
    const r = await h.client.send({ projectId: project, settings, recipientId: 'pat', target, payloadJson: '{}' });
    await eventually('two failed deliveries', async () => h.peers.resolveCalls >= calls + 2, { timeoutMs: 10_000 });
    h.peers.preferencesDown = false;
    const n = await settled(project, r.notification!.id);
    expect(n.status).toBe('delivered');
  });

  it('when the preference service stays down past the last delivery, then the notification ends failed and its email failed provider_error', async () => {
    const project = h.project();
    const address = mailable(project, 'dora');
    h.peers.preferencesDown = true;
    const calls = h.peers.resolveCalls;
    const r = await h.client.send({ projectId: project, settings, recipientId: 'dora', target, payloadJson: '{}', email: { subject: 's', html: '<p>x</p>' } });
    const n = await settled(project, r.notification!.id);
    expect(n.status).toBe('failed');
    expect(n.email).toMatchObject({ status: 'failed', reason: 'provider_error', attempts: 0 });
    expect(n.email!.address).toBeUndefined(); // gating never got as far as the contact
    expect(n.email!.error).toMatch(/after retries.*down/);
    expect(h.peers.resolveCalls - calls).toBe(NOTIFICATION_MAX_DELIVERIES);
    // a failed notification is final: no feed entry, and the service coming back changes nothing
    h.peers.preferencesDown = false;
    await expectNoMailLater(project, address);
    expect((await h.client.listFeed({ projectId: project, recipientId: 'dora', limit: 10 })).notifications).toHaveLength(0);
  });

  it('when an email-only send cannot be gated after retries, then it stays not_requested in-app and its email ends failed', async () => {
    const project = h.project();
    mailable(project, 'eli');
    h.peers.preferencesDown = true;
    const r = await h.client.send({ projectId: project, settings, recipientId: 'eli', target, email: { subject: 's', html: '<p>x</p>' } });
    const n = await settled(project, r.notification!.id);
    expect(n.status).toBe('not_requested');
    expect(n.email).toMatchObject({ status: 'failed', reason: 'provider_error' });
  });
});
