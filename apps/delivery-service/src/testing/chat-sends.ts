import { eventually } from '@herald/testing';
import { INTERRUPTED_ERROR } from '../kernel/outbound';
import type { OutboundOutcome } from '../kernel/notification';
import { createOutcomeRecords, type RecordedNotification } from '../kernel/store/outcome-records';
import type { ProcessStack } from './process-stack';

type Provider = 'slack' | 'teams' | 'discord';
type ContactKind = 'slack-channel' | 'slack-webhook' | 'teams' | 'discord';
/** A post the chat fakes received (GET /chat): `authorization` tells a Slack channel post's token, so its process. */
export interface ChatPost {
  to: string;
  text: string;
  authorization: string | null;
}
/** What became of one send: its outcome, and the posts of its text the fakes received. */
export interface ChatFate {
  index: number;
  notificationId: number;
  outcome: OutboundOutcome;
  posts: ChatPost[];
}

const target = { channel: 'ops', topic: 'deploys', event: 'finished' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };
/** Sends made at once, each lane one after another. */
const LANES = 10;

/** A send's fate as the at-most-once rule allows it: `sent` and posted once, or failed as interrupted (posted at most once); else why not. */
function fateName(f: ChatFate): string {
  if (f.outcome.status === 'sent' && f.posts.length === 1) return 'sent';
  if (f.outcome.status === 'failed' && f.outcome.error === INTERRUPTED_ERROR && f.posts.length <= 1) return 'interrupted';
  return `unaccounted: ${f.outcome.status} (${f.outcome.error}), posted ${f.posts.length} times`;
}

/**
 * What the fates show against the rule: the messages not accounted for (not sent and posted once,
 * nor failed as interrupted and posted at most once), the interrupted ones, and the interrupted ones
 * no kill can explain (not in flight, claimed by the killed process, at any kill of `inFlightAtKills`).
 */
export function tallyFates(fates: ChatFate[], inFlightAtKills: Set<number>[]) {
  const unaccounted = fates.map(fateName).filter((f) => f !== 'sent' && f !== 'interrupted');
  const interrupted = fates.filter((f) => fateName(f) === 'interrupted');
  const interruptedNotInFlight = interrupted.filter((f) => !inFlightAtKills.some((s) => s.has(f.notificationId))).map((f) => f.notificationId);
  return { unaccounted, interrupted, interruptedNotInFlight };
}

/**
 * `count` chat sends of a project of their own for the fault tests that SIGKILL a delivery process:
 * recipients each with a chat contact of their own on the stack's fakes (by default a quarter each
 * a Slack channel, a Slack, a Teams and a Discord webhook), the fakes answering them `slowMs` late
 * so a kill finds messages in flight, and what the fakes and the store saw of them.
 */
export async function prepareChatSends(stack: ProcessStack, { count, slowMs, kinds = ['slack-channel', 'slack-webhook', 'teams', 'discord'] }: { count: number; slowMs: number; kinds?: ContactKind[] }) {
  const projectId = BigInt(Date.now());
  const ids = Array.from({ length: count }, (_, i) => `team:kill-${i}`);
  const db = stack.deliveryDb.db;
  const outcomes = createOutcomeRecords(db);
  /** The i-th recipient's chat contact: its own Slack channel or webhook URL (the fakes' `to`). */
  const contactOf = (i: number): { provider: Provider; address: string } => {
    const tag = `${projectId}${String(i).padStart(4, '0')}`;
    const contacts: Record<ContactKind, { provider: Provider; address: string }> = {
      'slack-channel': { provider: 'slack', address: `C${tag.slice(-12)}` },
      'slack-webhook': { provider: 'slack', address: `${stack.mailApiUrl}/services/T0KILL/B0KILL/${tag}` },
      teams: { provider: 'teams', address: `${stack.mailApiUrl}/webhookb2/kill-${tag}/IncomingWebhook/1/2` },
      discord: { provider: 'discord', address: `${stack.mailApiUrl}/api/webhooks/${tag}/kill-token` },
    };
    return contacts[kinds[i % kinds.length]];
  };
  const textOf = (i: number) => `deploy ${i} of ${projectId} finished`;
  const addresses = new Set(ids.map((_, i) => contactOf(i).address));
  /** Each send's notification id, by its index (its text names the index). */
  const notificationOf = new Map<number, number>();

  const slow = async (ms: number) => {
    for (let i = 0; i < count; i += 1) await stack.sink('POST', '/chat/control', { slow: { to: contactOf(i).address, ms } });
  };
  await stack.preferences.createCatalogEntry({ projectId, entry: { target, medium: 'chat', name: 'Deploys in chat', defaultEnabled: true, mandatory: false } });
  await stack.recipients.batchUpsertRecipients({ projectId, items: ids.map((id, batchIndex) => ({ id, batchIndex })) });
  for (const [i, recipientId] of ids.entries()) await stack.recipients.addContact({ projectId, recipientId, medium: 'chat', isPrimary: true, ...contactOf(i) });
  await slow(slowMs);

  const posted = async () => (await stack.sink<ChatPost[]>('GET', '/chat')).filter((m) => m.text.endsWith(`of ${projectId} finished`));
  /** Requests the fakes got for these sends, answered or still held. */
  const requested = async () => Object.entries((await stack.sink<{ by_to: Record<string, number> }>('GET', '/chat/requests')).by_to).reduce((sum, [to, n]) => sum + (addresses.has(to) ? n : 0), 0);
  const notifications = async () => outcomes.follow(await db.collection<RecordedNotification>('notifications').find({ project_id: Number(projectId) }).toArray());

  return {
    projectId,
    slow,
    posted,
    requested,
    async sendAll(): Promise<void> {
      const lane = async (first: number) => {
        for (let i = first; i < count; i += LANES) {
          const sent = await stack.delivery().send({ projectId, settings, recipientId: ids[i], target, payloadJson: '{"t":"deploy"}', chat: { text: textOf(i), url: `https://ci.example/d/${i}` } });
          notificationOf.set(i, Number(sent.notification!.id));
        }
      };
      await Promise.all(Array.from({ length: LANES }, (_, first) => lane(first)));
    },
    /** Waits until at least `minPosted` messages are posted (of those `by`, when given) and at least `minHeld` held by the fakes (asked, not yet answered). */
    async midway(what: string, { minPosted, minHeld, by }: { minPosted: number; minHeld: number; by?: (string | null)[] }): Promise<void> {
      await eventually(
        what,
        async () => {
          const all = await posted();
          const enough = (by ?? [undefined]).every((auth) => all.filter((m) => auth === undefined || m.authorization === auth).length >= minPosted);
          return enough && (await requested()) - all.length >= minHeld;
        },
        { timeoutMs: 120_000 },
      );
    },
    /** The messages pending with a claim on their attempt: in flight, if the claim's process is dead. */
    async claimedPending(): Promise<Set<number>> {
      const pending = (await notifications()).filter((d) => (d.chat as OutboundOutcome).status === 'pending');
      const keys = pending.map((d) => `chat:${d._id}:${(d.chat as OutboundOutcome).attempts}`);
      const claimed = new Set((await db.collection<{ _id: string }>('outbound_claims').find({ _id: { $in: keys } }, { projection: { _id: 1 } }).toArray()).map((c) => c._id));
      return new Set(pending.filter((_, i) => claimed.has(keys[i])).map((d) => Number(d._id)));
    },
    /** Waits until every message's outcome is final; then what became of each, with the posts the fakes received. */
    async fates(): Promise<ChatFate[]> {
      const docs = await eventually(
        'every chat outcome final',
        async () => {
          const found = await notifications();
          return found.length === count && found.every((d) => (d.chat as OutboundOutcome).status !== 'pending') ? found : undefined;
        },
        { timeoutMs: 150_000 },
      );
      const outcomeOf = new Map(docs.map((d) => [Number(d._id), d.chat as OutboundOutcome]));
      const all = await posted();
      return Array.from({ length: count }, (_, index) => {
        const notificationId = notificationOf.get(index)!;
        return { index, notificationId, outcome: outcomeOf.get(notificationId)!, posts: all.filter((m) => m.text === textOf(index)) };
      });
    },
  };
}

export type ChatSends = Awaited<ReturnType<typeof prepareChatSends>>;
