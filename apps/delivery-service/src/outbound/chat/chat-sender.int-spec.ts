import { createFakeClock, systemClock } from '@herald/service-kit';
import type { DeliveryFailure } from '../../kernel/outbound';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { createChatSender, type ChatSenderOptions, type OutgoingChat } from './chat-sender';
import { createKeyPacer } from './key-pacer';
import { serverSlackToken } from './slack-token-source';

// The chat sender against the sink's chat fakes: Slack's chat.postMessage and the Slack, Teams and
// Discord incoming webhooks, each answering as the service does.

const failureOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as DeliveryFailure);
let seq = 0;
const channel = () => `C${String(Date.now()).slice(-8)}${String(++seq).padStart(4, '0')}`;

describe('chat sender against the chat fakes', () => {
  let sink: SmtpSink;
  const senders: { close?(): void }[] = [];
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    for (const s of senders) s.close?.();
    await sink.stop();
  });
  const sender = (over: Partial<ChatSenderOptions> = {}) => {
    const s = createChatSender({
      slackApiUrl: `${sink.apiUrl}/api`,
      slackTokens: serverSlackToken('xoxb-test'),
      timeoutMs: 5_000,
      allowedHosts: ['127.0.0.1'],
      allowPrivate: true,
      pacer: createKeyPacer({ intervalMs: 1_000, clock: systemClock }),
      clock: systemClock,
      ...over,
    });
    senders.push(s);
    return s;
  };
  const hooks = () => ({
    slack: `${sink.apiUrl}/services/T0/B0/${++seq}`,
    teams: `${sink.apiUrl}/webhookb2/team-${++seq}/IncomingWebhook/1/2`,
    discord: `${sink.apiUrl}/api/webhooks/${++seq}/token`,
  });
  const to = async (address: string) => (await sink.chat.received()).filter((m) => m.to === address);
  const msg = (provider: OutgoingChat['provider'], address: string): OutgoingChat => ({ provider, address, content: { text: 'Deploy <v2> done', url: 'https://ci.example/7' }, projectId: 1 });

  it('when a Slack channel is sent to, then chat.postMessage gets Block Kit with the bot token, and the ts is the message id', async () => {
    const c = channel();
    const r = await sender().send(msg('slack', c));
    expect(r.messageId).toMatch(/^\d+\.\d+$/);
    const [got] = await to(c);
    expect(got).toMatchObject({ provider: 'slack', text: 'Deploy <v2> done', url: 'https://ci.example/7' });
    expect(got.raw).toMatchObject({ channel: c, blocks: [{ type: 'section' }, { type: 'actions' }] });
  });

  it.each(['slack', 'teams', 'discord'] as const)('when a %s webhook is sent to, then it receives the rendering of its service', async (provider) => {
    const url = hooks()[provider];
    expect(await sender().send(msg(provider, url))).toEqual({ messageId: null });
    expect(await to(url)).toEqual([expect.objectContaining({ provider, text: 'Deploy <v2> done', url: 'https://ci.example/7' })]);
  });

  it('when the service answers 429 with Retry-After, then the failure is transient and carries the delay', async () => {
    const url = hooks().discord;
    await sink.chat.control({ fail_next: 1, status: 429, retry_after: 3, to: url });
    const err = await failureOf(sender().send(msg('discord', url)));
    expect([err!.kind, err!.retryAfterMs]).toEqual(['transient', 3_000]);
    expect(await to(url)).toEqual([]);
  });

  it('when the service answers 500, then the failure is transient', async () => {
    const c = channel();
    await sink.chat.control({ fail_next: 1, status: 500, to: c });
    expect((await failureOf(sender().send(msg('slack', c))))!.kind).toBe('transient');
  });

  it('when the channel or webhook is gone, then the address is rejected (the contact is marked)', async () => {
    const c = channel();
    const url = hooks().slack;
    await sink.chat.control({ gone: c });
    await sink.chat.control({ gone: url });
    expect((await failureOf(sender().send(msg('slack', c))))!.kind).toBe('address_rejected');
    expect((await failureOf(sender().send(msg('slack', url))))!.kind).toBe('address_rejected');
  });

  it('when the service answers slower than the deadline, then the attempt is cut off as transient', async () => {
    const url = hooks().teams;
    await sink.chat.control({ slow: { to: url, ms: 2_000 } });
    const err = await failureOf(sender({ timeoutMs: 200 }).send(msg('teams', url)));
    expect(err!.kind).toBe('transient');
    expect(err!.message).toMatch(/did not answer within 200 ms/);
  });

  it('when a channel had a message within the interval, then the next is busy for the rest of it; another channel goes at once', async () => {
    const clock = createFakeClock();
    const s = sender({ pacer: createKeyPacer({ intervalMs: 1_000, clock }) });
    const [a, b] = [channel(), channel()];
    await s.send(msg('slack', a));
    const err = await failureOf(s.send(msg('slack', a)));
    expect([err!.kind, err!.retryAfterMs]).toEqual(['busy', 1_000]);
    await s.send(msg('slack', b));
    clock.advance(1_000);
    await s.send(msg('slack', a));
    expect((await to(a)).length).toBe(2);
  });

  it.each<[string, Partial<ChatSenderOptions>, OutgoingChat['provider'], () => string]>([
    ['no bot token for a Slack channel', { slackTokens: serverSlackToken('') }, 'slack', () => channel()],
    ['a webhook host outside the allow-list', { allowedHosts: ['hooks.slack.com'] }, 'slack', () => hooks().slack],
    ['a private host without CHAT_ALLOW_PRIVATE', { allowPrivate: false }, 'discord', () => hooks().discord],
  ])('when %s, then the message is rejected without a request', async (_, over, provider, address) => {
    const before = await sink.chat.requests();
    const err = await failureOf(sender(over).send(msg(provider, address())));
    expect(err!.kind).toBe('rejected');
    expect(err!.message).not.toContain('xoxb-');
    expect(await sink.chat.requests()).toBe(before);
  });
});
