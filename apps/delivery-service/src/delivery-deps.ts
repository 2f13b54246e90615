import type { CallbackTokens } from './outbound/callback-token';
import type { OutboundMedium } from './kernel/outbound';
import type { ContactConfirmationTokens } from './outbound/contact-confirmation-token';
import type { ConfirmationMailBudget } from './outbound/confirmation-mail-budget';
import type { UnsubscribeTokens } from './outbound/unsubscribe-token';
import type { BroadcastRepository } from './kernel/store/broadcast-repository';
import type { IdAllocator } from './kernel/id-allocator';
import type { IdempotencyRepository } from './sends/idempotency-repository';
import type { NotificationRepository } from './kernel/store/notification-repository';
import type { QuotaRepository } from './outbound/quota-repository';
import type { SmsReportRepository } from './outbound/sms-report-repository';
import type { DigestRepository } from './scheduling/digest-repository';
import type { ThrottleRepository } from './scheduling/throttle-repository';
import type { TimerRepository } from './kernel/store/timer-repository';
import type { OutcomeEvents } from './kernel/outcome-events';
import type { DeliveryMetrics } from './platform/delivery-metrics';
import type { AcceptedSends, JobPort, PreferenceResolver, RecipientDirectory, RecipientPresence } from './kernel/ports';
import type { OutboundSenders } from './outbound/outbound-senders';

/** Everything the use cases are built from; each takes the part it needs. */
export interface DeliveryDeps {
  notifications: NotificationRepository;
  broadcasts: BroadcastRepository;
  idempotency: IdempotencyRepository;
  quota: QuotaRepository;
  /** SMS final statuses that arrived before their `sent` outcome was written. */
  smsReports: SmsReportRepository;
  /** Issue 21: durable timers (scheduled sends, escalations, digest windows), throttle counts, digests. */
  timers: TimerRepository;
  throttles: ThrottleRepository;
  digests: DigestRepository;
  digestIds: IdAllocator;
  notificationIds: IdAllocator;
  broadcastIds: IdAllocator;
  jobs: JobPort;
  /** Accepted direct sends JetStream still holds (their notifications not written yet). */
  accepted: AcceptedSends;
  /** Outcome events (HERALD_OUTCOMES), emitted after each outcome write, before the job's ack or the RPC's answer. */
  events: OutcomeEvents;
  recipients: RecipientDirectory;
  /** Recipient existence, confirmed by the recipient service and cached briefly. */
  presence: RecipientPresence;
  preferences: PreferenceResolver;
  /** Email, SMS and web push, each behind its providers' failover. */
  senders: OutboundSenders;
  /**
   * SMS status callbacks (PUBLIC_BASE_URL + CALLBACK_SECRET): each SMS names
   * `<baseUrl>/callbacks/sms/<token>` as its status callback; absent: no callbacks are asked for
   * and SMS outcomes stay `sent`.
   */
  smsCallbacks?: { tokens: CallbackTokens; baseUrl: string };
  /**
   * One-click unsubscribe links (PUBLIC_BASE_URL + UNSUBSCRIBE_SECRET); absent when either is not
   * configured, and then mails carry no List-Unsubscribe header.
   */
  unsubscribe?: { tokens: UnsubscribeTokens; baseUrl: string; ttlSeconds: number };
  /**
   * Contact confirmation links (issue 20; PUBLIC_BASE_URL + UNSUBSCRIBE_SECRET); absent when either
   * is not configured, and then no confirmation mail can be sent.
   */
  contactConfirmation?: {
    tokens: ContactConfirmationTokens;
    baseUrl: string;
    ttlSeconds: number;
    /** At most `maxPerHour` confirmation mails per recipient and clock hour. */
    budget: Pick<ConfirmationMailBudget, 'take'>;
    maxPerHour: number;
  };
  now: () => Date;
  metrics: DeliveryMetrics;
  /** Fault tests only (config FAILPOINT): the process dies here, as if killed. */
  failpoint?: (at: Failpoint) => void;
  settings: {
    chunkSize: number;
    /** Broadcasts of one project enqueued or fanning out at once (0: no cap). */
    maxActiveBroadcasts: number;
    emailMaxAttempts: number;
    emailRetryBaseMs: number;
    /** How long a worker's claim on an email holds without renewal (renewed every third of it while the send runs). */
    emailLeaseMs: number;
    /** Attempts and first retry delay (doubling) of each outbound medium's messages (email's are the two above). */
    outboundRetry?: Partial<Record<OutboundMedium, { maxAttempts: number; baseMs: number }>>;
    /** A digest mail claimed this long ago and not recorded: its closing died, another may send it (same Message-ID). */
    digestSendLeaseMs: number;
  };
}

/** Fault tests only (config FAILPOINT): where a process may be made to die. */
export type Failpoint = 'exit_after_insert' | 'exit_after_accept' | 'exit_in_digest_close';
