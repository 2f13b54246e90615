import { assertValid } from '../../domain/errors';
import { notSelfService, subscriptionLimitReached } from '../domain/list-errors';
import { checkIdCount } from '../domain/list-rules';
import { partitionIds, type IdFailure } from '../domain/subscription-ids';
import type { ListRecord } from '../store/list-repository';
import type { ListDeps } from './list-deps';
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
 * The ids to write, once the project's subscription limit allows them: every valid id while the
 * total stays within the limit counting them all as new (no lookup); near the limit, only those not
 * subscribed yet, and none (subscription_limit_reached) when even they do not fit.
 */
async function withinLimit(deps: Pick<ListDeps, 'lists' | 'subscriptions' | 'limits'>, projectId: number, listId: number, ids: string[]): Promise<string[]> {
  const max = deps.limits.subscriptionsPerProject;
  const total = await deps.lists.subscriptionTotal(projectId);
  if (total + ids.length <= max) return ids;
  const before = await deps.subscriptions.subscribedAmong(projectId, listId, ids);
  const fresh = ids.filter((id) => !before.has(id));
  if (fresh.length > 0 && total + fresh.length > max) throw subscriptionLimitReached(max);
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
 * One unordered insert (the unique `_id` refuses what is already there), one recount of the list,
 * and a `list.subscribed` event naming the recipients it added (none when it added none).
 */
export function createSubscribeToList(deps: ListDeps) {
  return async function subscribeToList(input: SubscriptionChangeInput): Promise<SubscribeResult> {
    const list = await listToChange(deps, input);
    const { projectId } = input;
    const { valid, failed } = partitionIds(input.recipientIds);
    const toWrite = await withinLimit(deps, projectId, list.listId, valid);
    const subscribers = await withIncarnations(deps, projectId, toWrite);
    const at = deps.clock.date();
    const added = await deps.subscriptions.insertMany(projectId, list.listId, subscribers, at);
    if (added.length > 0) {
      await recountSubscribers(deps, projectId, list.listId);
      await deps.events.subscriptionsChanged({ projectId, list: list.key, change: 'subscribed', recipientIds: added, at });
    }
    return { subscribed: added.length, already: valid.length - added.length, failed };
  };
}
