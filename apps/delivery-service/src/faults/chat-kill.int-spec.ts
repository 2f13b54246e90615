import { eventually } from '@herald/testing';
import { INTERRUPTED_ERROR } from '../kernel/outbound';
import type { OutboundOutcome } from '../kernel/notification';
import { createOutcomeRecords, type RecordedNotification } from '../kernel/store/outcome-records';
import { startProcessStack, type ProcessStack } from '../testing/process-stack';

/** Chat sends, a quarter each to a Slack channel, a Slack, a Teams and a Discord webhook (each its own). */
const SENDS = 160;
/** How long the chat fakes take to answer each message: enough for the kill to find messages in flight. */
const SLOW_MS = 1_500;
const target = { channel: 'ops', topic: 'deploys', event: 'finished' };

jest.setTimeout(240_000);

type Provider = 'slack' | 'teams' | 'discord';
interface Received {
  to: string;
  text: string;
}

/**
 * The delivery process SIGKILLed while chat messages are in flight (the chat fakes answering
 * slowly): after the restart no message may be posted twice, and every one is accounted for: sent
 * (posted once), or failed as interrupted (its worker died holding it: posted at most once).
 */
describe('fault: the delivery process is SIGKILLed in the middle of chat sends', () => {
  let stack: ProcessStack;
  beforeAll(async () => {
    // A killed worker's jobs and claims come back after the ack wait and the lease: short here.
    stack = await startProcessStack({ 'delivery-service': { ACK_WAIT_MS: '2000', EMAIL_LEASE_MS: '2000', CHAT_RETRY_BASE_MS: '200' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const sink = <T>(method: string, path: string, body?: unknown) => stack.sink<T>(method, path, body);
  /** The i-th recipient's chat contact: its own Slack channel or webhook URL (the fakes' `to`). */
  const contactOf = (projectId: bigint, i: number): { provider: Provider; address: string } => {
    const tag = `${projectId}${String(i).padStart(4, '0')}`;
    const kinds: { provider: Provider; address: string }[] = [
      { provider: 'slack', address: `C${tag.slice(-12)}` },
      { provider: 'slack', address: `${stack.mailApiUrl}/services/T0KILL/B0KILL/${tag}` },
      { provider: 'teams', address: `${stack.mailApiUrl}/webhookb2/kill-${tag}/IncomingWebhook/1/2` },
      { provider: 'discord', address: `${stack.mailApiUrl}/api/webhooks/${tag}/kill-token` },
    ];
    return kinds[i % kinds.length];
  };
  const textOf = (projectId: bigint, i: number) => `deploy ${i} of ${projectId} finished`;

  it('when it is restarted, then every message was posted at most once, and one not recorded sent failed as interrupted', async () => {
    const projectId = BigInt(Date.now());
    const ids = Array.from({ length: SENDS }, (_, i) => `team:kill-${i}`);
    await stack.preferences.createCatalogEntry({ projectId, entry: { target, medium: 'chat', name: 'Deploys in chat', defaultEnabled: true, mandatory: false } });
    await stack.recipients.batchUpsertRecipients({ projectId, items: ids.map((id, batchIndex) => ({ id, batchIndex })) });
    for (const [i, recipientId] of ids.entries()) {
      await stack.recipients.addContact({ projectId, recipientId, medium: 'chat', isPrimary: true, ...contactOf(projectId, i) });
      await sink('POST', '/chat/control', { slow: { to: contactOf(projectId, i).address, ms: SLOW_MS } });
    }
    const ours = async () => (await sink<Received[]>('GET', '/chat')).filter((m) => m.text.endsWith(`of ${projectId} finished`));

    // Each send's notification id, by its index (its text names the index).
    const notificationOf = new Map<number, number>();
    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };
    const lane = async (first: number) => {
      for (let i = first; i < SENDS; i += 10) {
        const sent = await stack.delivery().send({ projectId, settings, recipientId: ids[i], target, payloadJson: '{"t":"deploy"}', chat: { text: textOf(projectId, i), url: `https://ci.example/d/${i}` } });
        notificationOf.set(i, Number(sent.notification!.id));
      }
    };
    await Promise.all(Array.from({ length: 10 }, (_, first) => lane(first)));

    // In the middle: some messages posted, and some held by the fakes (sent, their answer not yet given).
    const addresses = new Set(ids.map((_, i) => contactOf(projectId, i).address));
    const requested = async () => Object.entries((await sink<{ by_to: Record<string, number> }>('GET', '/chat/requests')).by_to).reduce((sum, [to, n]) => sum + (addresses.has(to) ? n : 0), 0);
    await eventually('some chat messages posted, others in flight', async () => {
        const posted = (await ours()).length;
        return posted >= SENDS / 10 && (await requested()) - posted >= 5;
      }, { timeoutMs: 120_000 }
    );
    await stack.kill('delivery-service');
    const db = stack.deliveryDb.db;
    const outcomes = createOutcomeRecords(db);
    const notifications = async () => outcomes.follow(await db.collection<RecordedNotification>('notifications').find({ project_id: Number(projectId) }).toArray());
    // Messages were in flight: claimed, their outcome not recorded.
    const pendingAtKill = (await notifications()).filter((d) => (d.chat as OutboundOutcome).status === 'pending').map((d) => `chat:${d._id}:0`);
    const inFlight = await db.collection<{ _id: string }>('outbound_claims').countDocuments({ _id: { $in: pendingAtKill } });
    expect(inFlight).toBeGreaterThan(0);
    expect((await ours()).length).toBeLessThan(SENDS);

    for (let i = 0; i < SENDS; i += 1) await sink('POST', '/chat/control', { slow: { to: contactOf(projectId, i).address, ms: 0 } });
    await stack.restart('delivery-service');
    const docs = await eventually('every chat outcome final', async () => {
        const found = await notifications();
        return found.length === SENDS && found.every((d) => (d.chat as OutboundOutcome).status !== 'pending') ? found : undefined;
      }, { timeoutMs: 150_000 }
    );

    // At most once per message.
    const received = await ours();
    const times = new Map<string, number>();
    for (const r of received) times.set(r.text, (times.get(r.text) ?? 0) + 1);
    expect([...times].filter(([, n]) => n > 1)).toEqual([]);

    // Every one accounted for: sent and posted once, or failed as interrupted.
    const outcomeOf = new Map(docs.map((d) => [Number(d._id), d.chat as OutboundOutcome]));
    const fates = Array.from({ length: SENDS }, (_, i) => {
      const o = outcomeOf.get(notificationOf.get(i)!)!;
      const posted = times.get(textOf(projectId, i)) ?? 0;
      if (o.status === 'sent' && posted === 1) return 'sent';
      if (o.status === 'failed' && o.error === INTERRUPTED_ERROR) return 'interrupted';
      return `unaccounted: ${o.status} (${o.error}), posted ${posted} times`;
    });
    expect(fates.filter((f) => f.startsWith('unaccounted'))).toEqual([]);
    // Only the messages in flight at the kill were lost to it.
    expect(fates.filter((f) => f === 'interrupted').length).toBeGreaterThan(0);
    expect(fates.filter((f) => f === 'interrupted').length).toBeLessThanOrEqual(inFlight);
  });
});
