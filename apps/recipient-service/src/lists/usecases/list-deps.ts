import type { Clock, Sequences } from '@herald/service-kit';
import type { ListRepository } from '../store/list-repository';
import type { ProjectTotalsRepository } from '../store/project-totals-repository';
import type { SubscriptionRepository } from '../store/subscription-repository';

/** How much a project may hold (LIST_MAX_PER_PROJECT, LIST_SUBSCRIPTIONS_MAX_PER_PROJECT). */
export interface ListLimits {
  listsPerProject: number;
  subscriptionsPerProject: number;
}

/** What the list use cases need of the recipients: creating unknown ones as a direct send does, and finding one. */
export interface RecipientPort {
  /** Each id's incarnation, in the request's order (up to 500 ids). */
  ensureRecipients(input: { projectId: number; ids: string[] }): Promise<{ seqs: number[] }>;
  /** The incarnations of those of these ids that are active recipients (only ids and sequences read). */
  activeSeqs(projectId: number, ids: string[]): Promise<Map<string, number>>;
  /** Throws recipient_not_found when the recipient does not exist (or is being erased). */
  requireRecipient(projectId: number, id: string): Promise<unknown>;
}

/** A stored change of a list's subscriptions: the recipients it actually added or removed (never empty). */
export interface SubscriptionsChanged {
  projectId: number;
  /** The list's key. */
  list: string;
  change: 'subscribed' | 'unsubscribed';
  recipientIds: string[];
  at: Date;
}

/** Announces subscription changes (published after the write, before the call is answered). */
export interface ListEvents {
  subscriptionsChanged(e: SubscriptionsChanged): Promise<void>;
}

export interface ListDeps {
  lists: ListRepository;
  subscriptions: SubscriptionRepository;
  /** The project's list and subscription totals its limits are checked against. */
  totals: ProjectTotalsRepository;
  sequences: Sequences;
  clock: Clock;
  limits: ListLimits;
  recipients: RecipientPort;
  events: ListEvents;
}
