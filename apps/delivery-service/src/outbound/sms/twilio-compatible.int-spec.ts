import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@herald/testing';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { DeliveryFailure } from '../../kernel/outbound';
import { smsFinalStatus } from './sms-provider';
import { createTwilioCompatibleProvider } from './twilio-compatible';
import { boundedRequest } from '../push/bounded-request';

// The SMS adapter against the sink's fake Twilio-compatible provider (a real HTTP exchange: form
// body, basic auth, the provider's JSON answers and errors).

const TOKEN = 'tok-9f8e7d6c5b4a';
const failureOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as DeliveryFailure);

describe('Twilio-compatible SMS adapter against the fake provider', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.stop();
  });
  const provider = (account = 'ACtest', over: Partial<Parameters<typeof createTwilioCompatibleProvider>[0]> = {}) =>
    createTwilioCompatibleProvider({ name: 'sms-a', baseUrl: sink.apiUrl, accountSid: account, authToken: TOKEN, from: '+15005550006', timeoutMs: 5_000, retryInitialDelayMs: 10, retryMaxDelayMs: 50, ...over });
  const phone = () => `+4915${String(Date.now()).slice(-9)}`;

  it('when the provider accepts the message, then its sid is the message id and it received To, From and Body', async () => {
    const to = phone();
    const r = await provider().send({ to, text: 'Your code is 271828' });
    expect(r.messageId).toMatch(/^SM[0-9a-f]{32}$/);
    const got = (await sink.sms.received()).filter((m) => m.to === to);
    expect(got).toEqual([expect.objectContaining({ sid: r.messageId, account: 'ACtest', from: '+15005550006', text: 'Your code is 271828', status_callback: null })]);
  });

  it('when the sender is a messaging service (MG…), then it is sent as MessagingServiceSid', async () => {
    const to = phone();
    await provider('ACtest', { from: 'MG0123' }).send({ to, text: 'x' });
    expect((await sink.sms.received()).find((m) => m.to === to)?.from).toBe('MG0123');
  });

  it('when the provider answers 429 (Retry-After: 1) twice, then the send is retried within the call and succeeds on the third request', async () => {
    const to = phone();
    await sink.sms.control({ fail_next: 2, status: 429, account: 'ACretry' });
    const before = await sink.sms.requests();
    const r = await provider('ACretry', { retryMaxDelayMs: 2_000 }).send({ to, text: 'x' });
    expect(r.messageId).toMatch(/^SM/);
    expect(await sink.sms.requests()).toBe(before + 3);
    expect((await sink.sms.received()).filter((m) => m.to === to)).toHaveLength(1);
  });

  it('when the provider keeps answering 503, then after its attempts it is a transient failure (the job retries, failover may take it)', async () => {
    await sink.sms.control({ fail_next: 3, status: 503, account: 'ACdown' });
    const before = await sink.sms.requests();
    const err = await failureOf(provider('ACdown').send({ to: phone(), text: 'x' }));
    expect(err).toBeInstanceOf(DeliveryFailure);
    expect(err!.kind).toBe('transient');
    expect(err!.message).toBe('sms-a answered 503 (code 20500): Internal Server Error');
    expect(await sink.sms.requests()).toBe(before + 3);
  });

  it('when the provider answers 429 with a Retry-After longer than the send may wait, then it is transient at once with that delay (the job waits it)', async () => {
    await sink.sms.control({ fail_next: 1, status: 429, account: 'AClong' });
    const before = await sink.sms.requests();
    const err = await failureOf(provider('AClong', { retryMaxDelayMs: 500 }).send({ to: phone(), text: 'x' }));
    expect([err!.kind, err!.retryAfterMs]).toEqual(['transient', 1000]);
    expect(await sink.sms.requests()).toBe(before + 1);
  });

  it('when the provider answers 400 for the number (code 21211), then it is not retried: the address is rejected', async () => {
    const before = await sink.sms.requests();
    const err = await failureOf(provider().send({ to: '+15005550001', text: 'x' }));
    expect(err!.kind).toBe('address_rejected');
    expect(err!.message).toBe("sms-a answered 400 (code 21211): The 'To' number +15005550001 is not a valid phone number.");
    expect(await sink.sms.requests()).toBe(before + 1);
  });

  it('when the provider answers another 400, then it is rejected for good, not retried', async () => {
    await sink.sms.control({ fail_next: 1, status: 400, account: 'ACbad' });
    const before = await sink.sms.requests();
    const err = await failureOf(provider('ACbad').send({ to: phone(), text: 'x' }));
    expect(err!.kind).toBe('rejected');
    expect(await sink.sms.requests()).toBe(before + 1);
  });

  it('when the credentials are refused (401), then it is transient (another provider may take it) and the error carries neither the token nor the account id', async () => {
    const wrong = createTwilioCompatibleProvider({ name: 'sms-a', baseUrl: `${sink.apiUrl}`, accountSid: 'ACsecretaccount', authToken: TOKEN, from: '+15005550006', timeoutMs: 5_000, request: (url, init) => boundedRequest(url.replace('ACsecretaccount', 'ACother'), init) });
    const before = await sink.sms.requests();
    const err = await failureOf(wrong.send({ to: phone(), text: 'x' }));
    expect(err!.kind).toBe('transient');
    expect(err!.message).toBe('sms-a answered 401 (code 20003): Authenticate');
    expect(await sink.sms.requests()).toBe(before + 1);
    for (const secret of [TOKEN, 'ACsecretaccount']) expect(JSON.stringify({ message: err!.message, stack: err!.stack })).not.toContain(secret);
  });

  it('when nothing listens, then it is a transient failure naming no credential', async () => {
    const err = await failureOf(createTwilioCompatibleProvider({ name: 'sms-b', baseUrl: 'http://127.0.0.1:9', accountSid: 'ACx', authToken: TOKEN, from: '+1', timeoutMs: 2_000, attempts: 1 }).send({ to: phone(), text: 'x' }));
    expect(err!.kind).toBe('transient');
    expect(err!.message).toMatch(/^sms-b: /);
    expect(err!.message).not.toContain(TOKEN);
  });

  it('when a status callback URL is given, then the provider posts sent, then delivered, to it as a form', async () => {
    const posts: Record<string, string>[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        posts.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', ...Object.fromEntries(new URLSearchParams(body)) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks/sms/c1.token`;
      const r = await provider().send({ to: phone(), text: 'x', statusCallbackUrl: url });
      await eventually('two callbacks', async () => posts.length === 2, { timeoutMs: 10_000 });
      expect(posts.map((p) => [p.path, p.type, p.MessageSid, p.MessageStatus])).toEqual([
        ['/callbacks/sms/c1.token', 'application/x-www-form-urlencoded', r.messageId, 'sent'],
        ['/callbacks/sms/c1.token', 'application/x-www-form-urlencoded', r.messageId, 'delivered'],
      ]);
      // What Herald makes of them: the first changes nothing, the second is final.
      expect(posts.map((p) => smsFinalStatus(p.MessageStatus))).toEqual([null, 'delivered']);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
