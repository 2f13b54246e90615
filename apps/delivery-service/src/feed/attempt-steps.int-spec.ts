import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { eventually } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink';

const target = { channel: 'builds', topic: 'main', event: 'failed' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };
const uid = () => randomBytes(4).toString('hex');

jest.setTimeout(90_000);

/** GetTimeline's attempt steps against the real store and broker, with the sink's fake providers failing the first attempt. */
describe('delivery service: a timeline step per outbound attempt', () => {
  let h: Harness;
  let sink: SmtpSink;
  const vapid = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    sink = await startSmtpSink();
    h = await startHarness({
      SMTP_URL: sink.smtpUrl,
      SMS_URL: sink.apiUrl,
      SMS_ACCOUNT_SID: 'ACattempts',
      SMS_AUTH_TOKEN: 'attempts-secret-token',
      SMS_FROM: '+15005550006',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_ALLOW_PRIVATE: '1',
      PUSH_ALLOWED_HOSTS: '*',
      PUSH_EXTRA_CA_FILE: sink.pushCaFile,
      PUSH_RETRY_BASE_MS: '100',
      SMS_RETRY_BASE_MS: '100',
    });
  });
  afterAll(async () => {
    await h?.close();
    await sink?.stop();
  });

  /** The attempt steps of one medium once its second attempt was sent: the first retried, the second sent. */
  async function retriedThenSent(project: bigint, id: bigint, medium: string) {
    const steps = await eventually(`two ${medium} attempts, the last sent`, async () => {
      const all = (await h.client.getTimeline({ projectId: project, id })).steps.filter((s) => s.kind === 'attempt' && s.medium === medium);
      return all.at(-1)?.status === 'sent' ? all : undefined;
    }, { timeoutMs: 60_000 });
    expect(steps.map((s) => [s.attempt, s.status])).toEqual([
      [1, 'retried'],
      [2, 'sent'],
    ]);
    return steps;
  }

  it('when the push service answers 500 and then takes the push, then two attempt steps: retried with the answer, then sent with the provider', async () => {
    const project = h.project();
    const rid = `push-${uid()}`;
    h.peers.catalog.add(`${project}|${target.channel}|${target.topic}|${target.event}|web_push`);
    h.peers.contacts.web_push.set(`${project}|${rid}`, JSON.stringify(await sink.push.subscribe()));
    await sink.push.control({ fail_next: 1, status: 500 });
    const r = await h.client.send({ projectId: project, settings, recipientId: rid, target, push: { title: 't', body: 'b' } });
    const steps = await retriedThenSent(project, r.notification!.id, 'web_push');
    expect(steps[0].detail).toMatch(/500/);
    expect(steps[1].provider).toEqual(expect.any(String));
  });

  it('when the SMS provider answers 503 to an attempt and then takes the SMS, then two attempt steps, the last with its message id', async () => {
    const project = h.project();
    const rid = `sms-${uid()}`;
    h.peers.catalog.add(`${project}|${target.channel}|${target.topic}|${target.event}|sms`);
    h.peers.contacts.sms.set(`${project}|${rid}`, `+4917${String(Date.now()).slice(-8)}`);
    // The adapter tries three times within one attempt.
    await sink.sms.control({ fail_next: 3, status: 503, account: 'ACattempts' });
    const r = await h.client.send({ projectId: project, settings, recipientId: rid, target, sms: { text: 'x' } });
    const steps = await retriedThenSent(project, r.notification!.id, 'sms');
    expect(steps[0].detail).toMatch(/503/);
    expect(steps[1].messageId).toMatch(/^SM/);
  });

  it('when the mail server refuses a mail for now (451) and then takes it, then two attempt steps for the email', async () => {
    const project = h.project();
    const rid = `mail-${uid()}`;
    h.peers.catalog.add(`${project}|${target.channel}|${target.topic}|${target.event}|email`);
    h.peers.emails.set(`${project}|${rid}`, `${rid}@attempts.test`);
    await sink.rejectNext(1, 451);
    const r = await h.client.send({ projectId: project, settings, recipientId: rid, target, email: { subject: 's', html: '<p>x</p>' } });
    const steps = await retriedThenSent(project, r.notification!.id, 'email');
    expect(steps[0].detail).toMatch(/451/);
  });
});
