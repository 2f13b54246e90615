import { DomainError } from '@herald/service-kit';
import type { CascadeDecision } from './decision';
import type { AcceptedSend, Target } from './notification';
import type { OutboundMedium } from './outbound';

/**
 * What the use cases need from outside the service, declared here and implemented by adapters:
 * jobs by platform/job-publisher.ts (JetStream), peers by platform/peer-clients.ts (Connect), presence by
 * platform/recipient-presence.ts. Use cases import no transport (docs/architecture.md).
 */

/** One broadcast chunk: recipients of one page and the first of their block of notification ids. */
export interface ChunkJob {
  projectId: bigint;
  broadcastId: bigint;
  chunkIndex: number;
  firstNotificationId: bigint;
  recipientIds: string[];
  recipientSeqs: bigint[];
}

/**
 * Hands work to the service's own workers. Every publish but a send's carries an id, so a repeat
 * inside the broker's window is dropped: `email:<id>` (`sms:<id>`, `push:<id>`), `chunk:<broadcast>:<index>`, and for
 * broadcasts `broadcast:<id>` unless the caller names another (a resumed fan-out). A send needs
 * none: its notification id is fixed before it is published, so a second copy writes nothing.
 */
export interface JobPort {
  /**
   * Publishes an accepted direct send; resolves once JetStream stored it (the send is durable then).
   * `msgId`: a scheduled send handed on by its timer (a repeat of the firing is dropped).
   */
  send(send: AcceptedSend, opts?: { msgId?: string }): Promise<void>;
  /** One outbound message of a notification (its email, SMS or web push), for that medium's sender. */
  outbound(medium: OutboundMedium, projectId: number | bigint, notificationId: number): Promise<void>;
  /** Close one email digest; msgID `digest:<id>`. */
  digest(projectId: number | bigint, digestId: number): Promise<void>;
  broadcast(projectId: number | bigint, broadcastId: number, publishId?: string): Promise<void>;
  chunk(job: ChunkJob): Promise<void>;
}

/** The recipient service, as the use cases need it. */
export interface RecipientDirectory {
  /**
   * One page of a project's recipient ids. Throws a DomainError (kind `invalid`) when the recipient
   * service refuses the request itself (retrying cannot help); anything else is worth a retry.
   */
  listRecipientIds(
    req: { projectId: bigint; after: string; upperBound: string; pageSize: number },
    opts?: { timeoutMs?: number },
  ): Promise<{ recipientIds: string[]; recipientSeqs: bigint[]; nextAfter: string; upperBound: string; done: boolean; remainingAtMost: bigint }>;
  /**
   * Primary contacts; `undeliverableReason` is set on one a provider refused for good (or a push
   * subscription that expired), `awaitingConfirmation` on one a recipient token wrote and its owner
   * has not confirmed.
   */
  getPrimaryContacts(req: {
    projectId: bigint;
    recipientIds: string[];
    medium: string;
  }): Promise<{ contacts: { recipientId: string; address: string; undeliverableReason?: string; awaitingConfirmation?: boolean }[] }>;
  /** Marks the contact holding this address undeliverable (a permanent refusal, an expired push subscription); false when the address changed meanwhile. */
  markContactUndeliverable(req: { projectId: bigint; recipientId: string; medium: string; address: string; reason: string }): Promise<{ marked: boolean }>;
}

/** A recipient's app installations (the recipient service's devices), as mobile push needs them. */
/** A recipient's mobile app installation, as the senders see it. */
export interface Device {
  id: number;
  platform: string;
  token: string;
}

export interface DeviceDirectory {
  /** The recipient's devices, oldest first. */
  list(projectId: number, recipientId: string): Promise<Device[]>;
  /** The devices of many recipients, read in batches (not one call per recipient): each recipient's, oldest first; none: absent. */
  listForRecipients(projectId: number, recipientIds: string[]): Promise<Map<string, Device[]>>;
  /** Removes a device its provider reported gone; a device already removed is no error. */
  remove(projectId: number, recipientId: string, deviceId: number): Promise<void>;
}

/** The mobile push providers (`fcm`, `apns`) a project has configured. */
export type ConfiguredPlatforms = (projectId: number) => Promise<Set<string>>;

/**
 * The subscribers of a list, as a send to the list pages them (the recipient service's
 * ListSubscribers). Throws `list_not_found` (not_found) for a list the project does not have.
 */
export interface ListAudience {
  /**
   * Up to `limit` subscriber ids after `after` ('' : from the start), in a stable order, with each
   * one's incarnation as kept on the subscription (0n where it was not kept); `next` is '' after
   * the last page.
   */
  page(projectId: bigint, list: string, after: string, limit: number): Promise<{ recipientIds: string[]; recipientSeqs: bigint[]; next: string }>;
}

/** Accepted sends JetStream still holds (their notifications not written yet). */
export interface AcceptedSends {
  /** The accepted send of this notification id while JetStream holds it; null once written (or unknown). */
  find(notificationId: number): Promise<AcceptedSend | null>;
}

/** What the governing catalog entry asks of delivery after the cascade. */
export interface GoverningEntry {
  id: number;
  target: Target;
  digest?: { windowSeconds: number; maxItems: number; subject: string };
  throttle?: { max: number; windowSeconds: number };
}

/** One medium's resolution of a batch of recipients (arrays in the request's recipient order). */
export interface MediumResolution {
  enabled: boolean[];
  covered: boolean;
  mandatory: boolean;
  /** `decisions[i]`: which step of the cascade decided recipient i (and the rule or entry it was). */
  decisions: (CascadeDecision | undefined)[];
  /** The governing catalog entry, when one exists, with its digest and throttle. */
  governing?: GoverningEntry;
}

/** The preference service, as the use cases need it. */
export interface PreferenceResolver {
  /** Resolves one target on each of `mediums` for a batch of recipients, in one call: one resolution per medium, in order. */
  resolveBatch(req: {
    projectId: bigint;
    target: { channel: string; topic: string; event: string };
    mediums: string[];
    recipientIds: string[];
  }): Promise<MediumResolution[]>;
  checkCoverage(req: { projectId: bigint; queries: { target: { channel: string; topic: string; event: string }; medium: string }[] }): Promise<{ covered: boolean[] }>;
}

/** "This recipient exists", confirmed by the recipient service and cached briefly. */
export interface RecipientPresence {
  /** Creates the recipient when it does not exist (direct sends auto-create their recipient); returns its incarnation. */
  ensure(projectId: bigint, recipientId: string): Promise<number>;
  /** Throws `recipient_not_found` for a recipient the recipient service does not know; returns its incarnation. */
  require(projectId: bigint, recipientId: string): Promise<number>;
}

/** A peer refused a request as invalid: what RecipientDirectory throws instead of a transport error. */
export const isRefusedByPeer = (err: unknown): err is DomainError => err instanceof DomainError && err.kind === 'invalid';
