import { randomBytes } from 'node:crypto';
import { startHarness, type Harness } from '../testing/harness';
import { createMovableClock } from '../testing/movable-clock';
import { eventually } from '@herald/testing';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink';

// Provider failover through the delivery service: two accounts of the fake SMS provider
// (ACprimary, ACsecondary) and two SMTP sinks as primary and secondary; the primary fails, the
// secondary takes the messages (at once, and straight while the circuit is open), and once the
// primary answers again a half-open probe brings the messages back to it. Each outcome records the
// provider that sent it. The open period is counted on the service's clock: the test moves that
// clock past it, so the circuit stays open exactly as long as the test needs, however slow the machine.

const target = { channel: 'alerts', topic: 'disk', event: 'full' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n };
const HALF_OPEN_AFTER_MS = 60_000;

jest.setTimeout(90_000);

describe('provider failover', () => {
  let h: Harness;
  let sink: SmtpSink;
  let secondSmtp: SmtpSink;
  let project: bigint;
  const clock = createMovableClock();
  /** The service's clock moves past the open period: the next message probes the primary. */
  const openPeriodPasses = () => clock.advance(HALF_OPEN_AFTER_MS);
  beforeAll(async () => {
    sink = await startSmtpSink();
    secondSmtp = await startSmtpSink();
    h = await startHarness({
      SMTP_URL: sink.smtpUrl,
      SMTP_SECONDARY_URL: secondSmtp.smtpUrl,
      SMS_URL: sink.apiUrl,
      SMS_ACCOUNT_SID: 'ACprimary',
      SMS_AUTH_TOKEN: 'token-one',
      SMS_FROM: '+15005550006',
      SMS_SECONDARY_URL: sink.apiUrl,
      SMS_SECONDARY_ACCOUNT_SID: 'ACsecondary',
      SMS_SECONDARY_AUTH_TOKEN: 'token-two',
      FAILOVER_CONSECUTIVE_FAILURES: '2',
      FAILOVER_HALF_OPEN_AFTER_MS: String(HALF_OPEN_AFTER_MS),
      SMS_RETRY_BASE_MS: '100',
    }, { clock });
    project = h.project();
    for (const medium of ['sms', 'email']) h.peers.catalog.add(`${project}|${target.channel}|${target.topic}|${target.event}|${medium}`);
  });
  afterAll(async () => {
    await h?.close();
    await sink?.stop();
    await secondSmtp?.stop();
  });

  let n = 0;
  /** Sends one SMS (or email) to a fresh recipient and waits for its outcome. */
  async function sendOne(medium: 'sms' | 'email') {
    const rid = `r${++n}-${randomBytes(3).toString('hex')}`;
    const address = medium === 'sms' ? `+4917${String(Date.now()).slice(-7)}${String(n).padStart(2, '0')}` : `${rid}@failover.test`;
    h.peers.contacts[medium].set(`${project}|${rid}`, address);
    const r = await h.client.send({ projectId: project, settings, recipientId: rid, target, ...(medium === 'sms' ? { sms: { text: `alert ${n}` } } : { email: { subject: `alert ${n}`, html: '<p>disk full</p>' } }) });
    const id = r.notification!.id;
    const outcome = await eventually(`${medium} of ${id} sent`, async () => {
      const got = (await h.client.getNotification({ projectId: project, id })).notification!;
      const o = medium === 'sms' ? got.sms! : got.email!;
      return o.status !== 'pending' ? o : undefined;
    }, { timeoutMs: 30_000 });
    return { ...outcome, address };
  }
  const circuitOpen = async (medium: string, provider: string) => {
    const text = await (await fetch(h.metricsUrl)).text();
    const m = new RegExp(`^herald_provider_circuit_open\\{medium="${medium}",provider="${provider}"[^}]*\\} (\\d)`, 'm').exec(text);
    return m ? Number(m[1]) : null;
  };

  it('when the primary SMS provider fails, then the secondary sends (at once, then straight while the circuit is open), and after the half-open probe the primary sends again', async () => {
    expect(await sendOne('sms')).toMatchObject({ status: 'sent', provider: 'sms-primary' });

    // The primary answers 503 to everything: each of the next two SMS fails over at once (after the
    // adapter's three tries); the second failure opens the circuit.
    await sink.sms.control({ fail_next: 1_000, status: 503, account: 'ACprimary' });
    const primaryBefore = await sink.sms.requests('ACprimary');
    for (let i = 0; i < 2; i++) expect(await sendOne('sms')).toMatchObject({ status: 'sent', provider: 'sms-secondary', attempts: 1 });
    expect(await sink.sms.requests('ACprimary')).toBe(primaryBefore + 6);
    expect(await circuitOpen('sms', 'sms-primary')).toBe(1);

    // Open: the primary is not even asked.
    const third = await sendOne('sms');
    expect(third).toMatchObject({ status: 'sent', provider: 'sms-secondary' });
    expect(await sink.sms.requests('ACprimary')).toBe(primaryBefore + 6);
    const secondary = (await sink.sms.received()).filter((m) => m.account === 'ACsecondary').map((m) => m.to);
    expect(secondary).toContain(third.address);

    // The primary recovers; once the circuit half-opens, one message probes it and closes the circuit.
    await sink.sms.control({ fail_next: 0, account: 'ACprimary' });
    openPeriodPasses();
    const back = await eventually('an SMS sent by the primary again', async () => {
      const o = await sendOne('sms');
      return o.provider === 'sms-primary' ? o : undefined;
    }, { timeoutMs: 30_000 });
    expect(back.status).toBe('sent');
    expect(await circuitOpen('sms', 'sms-primary')).toBe(0);
    expect(await sendOne('sms')).toMatchObject({ provider: 'sms-primary' });
    const primary = (await sink.sms.received()).filter((m) => m.account === 'ACprimary').map((m) => m.to);
    expect(primary).toContain(back.address);
  });

  it('when the primary SMTP relay refuses mail temporarily, then the secondary relay sends it, and the primary takes over again after the probe', async () => {
    expect(await sendOne('email')).toMatchObject({ status: 'sent', provider: 'smtp-primary' });
    await sink.rejectNext(1_000, 451);
    const failed = await sendOne('email');
    expect(failed).toMatchObject({ status: 'sent', provider: 'smtp-secondary', attempts: 1 });
    expect(await secondSmtp.messagesTo(failed.address)).toHaveLength(1);
    expect(await sink.messagesTo(failed.address)).toHaveLength(0);
    await sendOne('email');
    expect(await circuitOpen('email', 'smtp-primary')).toBe(1);
    await sink.rejectNext(0);
    openPeriodPasses();
    const back = await eventually('a mail sent by the primary relay again', async () => {
      const o = await sendOne('email');
      return o.provider === 'smtp-primary' ? o : undefined;
    }, { timeoutMs: 30_000 });
    expect(await sink.messagesTo(back.address)).toHaveLength(1);
  });

  it('when a message is refused for good (an invalid number), then it neither fails over nor counts against the primary', async () => {
    const before = await sink.sms.requests('ACsecondary');
    const project2 = project;
    const rid = `bad-${randomBytes(3).toString('hex')}`;
    h.peers.contacts.sms.set(`${project2}|${rid}`, '+15005550001');
    const r = await h.client.send({ projectId: project2, settings, recipientId: rid, target, sms: { text: 'x' } });
    const o = await eventually('refused sms', async () => {
      const got = (await h.client.getNotification({ projectId: project2, id: r.notification!.id })).notification!.sms!;
      return got.status !== 'pending' ? got : undefined;
    }, { timeoutMs: 30_000 });
    expect(o).toMatchObject({ status: 'failed', reason: 'address_rejected' });
    expect(await sink.sms.requests('ACsecondary')).toBe(before);
    expect(await circuitOpen('sms', 'sms-primary')).toBe(0);
  });
});
