import type { MobilePushBlockInput } from '@herald/contracts';
import type { StoredDecision } from './decision';
import type { Target } from './target';

/** The delivery domain's records, as the store keeps them and the use cases see them. */

export type { Target } from './target';

export interface SendSettings {
  strictTargets: boolean;
  maxBroadcastRecipientsForEmail: number;
  /** Most recipients a broadcast's push may reach; 0 (the default): push on broadcasts is refused. */
  maxBroadcastRecipientsForPush?: number;
  /** Most recipients a send to a list or to recipient ids may email (push, text); absent: DEFAULT_LIST_RECIPIENT_CAP. */
  maxListRecipientsForEmail?: number;
  maxListRecipientsForPush?: number;
  maxListRecipientsForSms?: number;
  /** Most recipients a broadcast's mobile push may reach; absent or 0: mobile push on broadcasts is refused. */
  maxBroadcastRecipientsForMobilePush?: number;
  /** Most recipients a send to a list or to recipient ids may push to their phones; absent: DEFAULT_LIST_RECIPIENT_CAP. */
  maxListRecipientsForMobilePush?: number;
  /** null: unlimited. */
  monthlyQuota: number | null;
  /** Days kept (the project's retention at send time); null: forever. */
  retentionDays?: number | null;
  /** The project's sender; absent: the configured SMTP_FROM. */
  emailFrom?: { address: string; name: string | null };
  emailReplyTo?: string;
  /** The country calling codes whose numbers the project may text; absent or empty: all. */
  smsCountryCodes?: string[];
}

const DAY_MS = 24 * 3600_000;
/** When a record created at `createdAt` under these settings expires; null: never. */
export const expiresAt = (settings: Pick<SendSettings, 'retentionDays'>, createdAt: Date): Date | null =>
  settings.retentionDays ? new Date(createdAt.getTime() + settings.retentionDays * DAY_MS) : null;

export interface EmailContent {
  subject: string;
  html: string;
  text?: string;
  /** The sender's display name for this send (overrides the project's `email_from.name`). */
  from_name?: string;
  /** Escalation: the email waits this long after the in-app delivery. */
  delay_seconds?: number;
  /** Escalation: skipped (`read_in_app`) when the in-app notification is read (or opened) by then. */
  unless?: EmailUnless;
}

/** The SMS block of a send. */
export interface SmsContent {
  text: string;
}

/** The chat block of a send: its text and an optional link, rendered for each chat service. */
export interface ChatContent {
  text: string;
  url?: string;
}

/** The mobile_push block of a send, as the delivery service keeps it (docs/mobile-push.md). */
export type MobilePushContent = MobilePushBlockInput;

/** The web push block of a send: what the browser's service worker shows. */
export interface PushContent {
  title: string;
  body: string;
  url?: string;
  icon?: string;
  tag?: string;
}

export type EmailUnless = 'read' | 'opened';

export type NotificationStatus =
  | 'enqueued'
  | 'delivered'
  | 'suppressed'
  | 'quota_exceeded'
  | 'failed'
  | 'not_requested'
  /** A send with a future `send_at`, not fired yet (cancelable). */
  | 'scheduled'
  /** A scheduled send canceled before it fired: nothing was delivered, mailed or counted. */
  | 'canceled'
  /** Past the governing entry's throttle (excluded from the feed, like `suppressed`). */
  | 'throttled';
/**
 * Status of one outbound medium (email, SMS, web push). `delivered` / `undelivered` only for SMS:
 * the provider's status callback after `sent`.
 */
export type OutboundStatus = 'not_requested' | 'pending' | 'sent' | 'delivered' | 'undelivered' | 'skipped' | 'failed';
export type EmailStatus = OutboundStatus;
export type OutboundReason = EmailReason | 'subscription_expired';
export type EmailReason =
  | 'not_cataloged'
  | 'preference_disabled'
  | 'no_primary_contact'
  | 'no_target'
  | 'quota_exceeded'
  | 'broadcast_limit_exceeded'
  | 'provider_error'
  /** The mail server refused the address permanently (5xx at RCPT TO, or a 5.1.x status). */
  | 'address_rejected'
  /** The recipient's contact is marked undeliverable (an earlier `address_rejected`). */
  | 'address_undeliverable'
  /** Web push: the push service answered 404/410 (the subscription is gone), or the contact is marked so. */
  | 'subscription_expired'
  /** The primary address was written by a recipient token and its owner has not confirmed it yet. */
  | 'contact_unconfirmed'
  /** SMS: the number's country calling code is not in the project's `sms_country_codes` (checked at send time). */
  | 'sms_country_not_allowed'
  /** Escalation: the in-app notification was read (or opened) when the email was due. */
  | 'read_in_app'
  /** Past the governing entry's throttle. */
  | 'throttled'
  /** The scheduled send was canceled. */
  | 'canceled'
  /** Mobile push: the recipient has no device. */
  | 'no_device'
  /** Mobile push: the project has configured no provider (FCM, APNs) of the recipient's devices. */
  | 'provider_not_configured'
  /** Mobile push: every device was reported gone by its provider (and removed). */
  | 'device_gone';

/**
 * The outcome of one outbound medium of a notification (email, SMS, web push). For web push `address` is the subscription JSON as stored (views show its endpoint).
 */
export interface OutboundOutcome {
  status: OutboundStatus;
  reason: EmailReason | null;
  address: string | null;
  message_id: string | null;
  attempts: number;
  sent_at: Date | null;
  error: string | null;
  /** The configured provider that sent it (failover); absent until sent. */
  provider?: string | null;
  /**
   * Internal (never in a view): the mail may carry one-click unsubscribe headers, i.e. the entry
   * governing (target, email) at gating was not mandatory. Absent: no headers.
   */
  unsubscribable?: boolean;
  /** The digest the email was collected into; its mail's id is `message_id`. */
  digest_id?: number | null;
}
export type EmailOutcome = OutboundOutcome;

export interface Notification {
  id: number;
  projectId: number;
  recipientId: string;
  broadcastId: number | null;
  target: Target | null;
  payloadJson: string | null;
  read: boolean;
  opened: boolean;
  /** Seen in a list by the recipient; absent: not seen. */
  seen?: boolean;
  /** Out of the default feed; absent: not archived. */
  archived?: boolean;
  /** The id of the `payload.actions` entry the recipient chose; absent or null: none yet. */
  actionTaken?: string | null;
  /** While snoozed: when it comes back to the feed as new; absent or null otherwise. */
  snoozedUntil?: Date | null;
  status: NotificationStatus;
  email: EmailOutcome;
  /** Not requested unless the send carried an sms block. */
  sms: OutboundOutcome;
  /** Not requested unless the send carried a push block. */
  push: OutboundOutcome;
  /** Absent (not requested) unless the send carried a chat block. */
  chat?: OutboundOutcome;
  /** Absent (not requested) unless the send carried a mobile_push block. */
  mobilePush?: OutboundOutcome;
  /** Which rule decided each medium; absent on notifications written before it was recorded. */
  decision?: StoredDecision;
  /** When a scheduled send is (or was) due; null for sends made at once. */
  sendAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * One accepted direct send, as JetStream carries it (SendJob) until the worker has written its
 * notification: everything the worker needs to decide and write it, without reading the store.
 */
export interface AcceptedSend {
  id: number;
  projectId: number;
  recipientId: string;
  /** The recipient's incarnation when the send was accepted (0: unknown). */
  recipientSeq: number;
  target: Target | null;
  payloadJson: string | null;
  email: EmailContent | null;
  /** The sms block (absent: none). */
  sms?: SmsContent | null;
  /** The push block (absent: none). */
  push?: PushContent | null;
  /** The chat block (absent: none). */
  chat?: ChatContent | null;
  /** The mobile_push block (absent: none). */
  mobilePush?: MobilePushContent | null;
  settings: SendSettings;
  createdAt: Date;
  /** A scheduled send: when it is due; null: at once. */
  sendAt?: Date | null;
}

/**
 * The notification of an accepted send before its worker has written it (status as accepted,
 * decision pending); `scheduled`: a scheduled send whose timer has not fired.
 */
export function acceptedView(s: AcceptedSend, scheduled = false): Notification {
  return {
    id: s.id,
    projectId: s.projectId,
    recipientId: s.recipientId,
    broadcastId: null,
    target: s.target,
    payloadJson: s.payloadJson,
    read: false,
    opened: false,
    status: scheduled ? 'scheduled' : s.payloadJson !== null ? 'enqueued' : 'not_requested',
    email: s.email ? emailPending() : emailNotRequested(),
    sms: s.sms ? emailPending() : emailNotRequested(),
    push: s.push ? emailPending() : emailNotRequested(),
    ...(s.chat ? { chat: emailPending() } : {}),
    ...(s.mobilePush ? { mobilePush: emailPending() } : {}),
    decision: {},
    sendAt: s.sendAt ?? null,
    createdAt: s.createdAt,
    updatedAt: s.createdAt,
  };
}

export type BroadcastStatus = 'scheduled' | 'canceled' | 'enqueued' | 'fanning_out' | 'completed' | 'failed';

/** A broadcast's email or push: sent to every eligible recipient unless more are eligible than the project's cap. */
export interface BroadcastOutbound {
  status: 'pending' | 'sent' | 'blocked';
  eligible: number | null;
}

/** Who a send to many goes to: a list, or explicit recipient ids (counted); absent: every recipient. */
export interface BroadcastAudience {
  list: string | null;
  recipientIds: number | null;
  /** Recipients left out by name. */
  excluded: number;
}

/** The cap of a list (or recipient ids) send's email, push and SMS when the project names none. */
export const DEFAULT_LIST_RECIPIENT_CAP = 10_000;

export interface Broadcast {
  id: number;
  projectId: number;
  target: Target;
  payloadJson: string;
  settings: SendSettings;
  status: BroadcastStatus;
  recipientsTotal: number;
  notificationsCreated: number;
  /** null when the broadcast carries no email block. */
  email: BroadcastOutbound | null;
  /** null when the broadcast carries no push block. */
  push: BroadcastOutbound | null;
  /** null when the send carries no SMS block. */
  sms: BroadcastOutbound | null;
  /** null when the send carries no mobile push block. */
  mobilePush: BroadcastOutbound | null;
  /** When a scheduled broadcast is (or was) due; null: at once. */
  sendAt?: Date | null;
  /** Absent or null: every recipient of the project. */
  audience?: BroadcastAudience | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The outcome of an outbound medium the send did not ask for. */
export const outcomeNotRequested = (): OutboundOutcome => ({
  status: 'not_requested',
  reason: null,
  address: null,
  message_id: null,
  attempts: 0,
  sent_at: null,
  error: null,
});

export const emailNotRequested = outcomeNotRequested;

export const emailPending = (): OutboundOutcome => ({ ...outcomeNotRequested(), status: 'pending' });
export const outcomePending = emailPending;

export const emailSkipped = (reason: EmailReason, address: string | null = null): OutboundOutcome => ({
  ...outcomeNotRequested(),
  status: 'skipped',
  reason,
  address,
});
export const outcomeSkipped = emailSkipped;
