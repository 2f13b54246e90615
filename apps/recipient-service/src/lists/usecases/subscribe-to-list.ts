import { assertValid } from '../../domain/errors';
import { notSelfService, subscriptionLimitReached } from '../domain/list-errors';
import { checkIdCount } from '../domain/list-rules';
import { partitionIds, type IdFailure } from '../domain/subscription-ids';
import type { ListRecord } from '../store/list-repository';
import type { ListDeps } from './list-deps';
import { reserveRoom } from './project-room';
import { recountSubscribers } from './recount-subscribers';
import { requireList } from './require-list';

/** Ids per EnsureRecipients call (its own bound is 500). */
const ENSURE_CHUNK = 500;

export interface SubscriptionChangeInput {
  projectId: number;
  key: string;
  recipientIds: string[];
  byRecipientToken: boolean;
}

export interface SubscribeResult {
  subscribed: number;
  already: number;
  failed: IdFailure[];
}

/** The list a subscription change works on: it must exist, and a recipient token needs a self-service list. */
export async function listToChange(deps: Pick<ListDeps, 'lists'>, input: SubscriptionChangeInput): Promise<ListRecord> {
  assertValid([checkIdCount(input.recipientIds.length)].filter((v) => v !== null));
  const list = await requireList(deps.lists, input.projectId, input.key);
  if (input.byRecipientToken && !list.selfService) throw notSelfService();
  return list;
}

/**
 * The ids not subscribed yet, once the project's total has taken room for them (nothing is written
 * when they do not fit: subscription_limit_reached). What is already there is found first (one
 * count of the call's subscriptions: a retried call finds them all and writes nothing).
 */
async function freshWithinLimit(deps: Pick<ListDeps, 'lists' | 'subscriptions' | 'totals' | 'clock' | 'limits'>, projectId: number, listId: number, ids: string[]): Promise<string[]> {
  const before = await deps.subscriptions.subscribedAmong(projectId, listId, ids);
  const fresh = ids.filter((id) => !before.has(id));
  const max = deps.limits.subscriptionsPerProject;
  if (!(await reserveRoom(deps, projectId, 'subscriptions', fresh.length, max))) throw subscriptionLimitReached(max);
  return fresh;
}

/**
 * Each id with its incarnation (kept on the subscription, so a list send looks no recipient up),
 * creating the recipients not there yet as a direct send does. One read of the ids' sequences first:
 * when every id is an active recipient already (the common case: subscribing known users) nothing
 * else is read, where EnsureRecipients would read each recipient's whole document.
 */
async function withIncarnations(deps: Pick<ListDeps, 'recipients'>, projectId: number, ids: string[]): Promise<{ recipientId: string; seq: number }[]> {
  if (ids.length === 0) return [];
  const active = await deps.recipients.activeSeqs(projectId, ids);
  if (ids.every((id) => active.has(id))) return ids.map((id) => ({ recipientId: id, seq: active.get(id)! }));
  const out: { recipientId: string; seq: number }[] = [];
  for (let i = 0; i < ids.length; i += ENSURE_CHUNK) {
    const chunk = ids.slice(i, i + ENSURE_CHUNK);
    const { seqs } = await deps.recipients.ensureRecipients({ projectId, ids: chunk });
    chunk.forEach((id, j) => out.push({ recipientId: id, seq: seqs[j] }));
  }
  return out;
}

/**
 * Subscribes up to 1,000 recipients to a list. Ids failing the recipient id rules come back as
 * failures; unknown recipients are created (as a direct send does); ids subscribed before count as
 * `already`, so a retry changes nothing. Past the project's subscription limit nothing is written.
 * One unordered insert of the ids not there yet (the unique `_id` refuses those a concurrent call
 * wrote first), the room they did not use given back to the project's total, one recount of the
 * list, and a `list.subscribed` event naming the recipients it added (none when it added none).
 */
export function createSubscribeToList(deps: ListDeps) {
  return async function subscribeToList(input: SubscriptionChangeInput): Promise<SubscribeResult> {
    const list = await listToChange(deps, input);
    const { projectId } = input;
    const { valid, failed } = partitionIds(input.recipientIds);
    const fresh = await freshWithinLimit(deps, projectId, list.listId, valid);
    const giveBack = (n: number) => deps.totals.add(projectId, 'subscriptions', -n);
    const subscribers = await withIncarnations(deps, projectId, fresh).catch(async (err: unknown) => {
      await giveBack(fresh.length);
      throw err;
    });
    const at = deps.clock.date();
    // An insert that fails keeps its room (some may be written): the total runs high, never low.
    const added = await deps.subscriptions.insertMany(projectId, list.listId, subscribers, at);
    await giveBack(fresh.length - added.length);
    if (added.length > 0) {
      await recountSubscribers(deps, projectId, list.listId);
      await deps.events.subscriptionsChanged({ projectId, list: list.key, change: 'subscribed', recipientIds: added, at });
    }
    return { subscribed: added.length, already: valid.length - added.length, failed };
  };
}
