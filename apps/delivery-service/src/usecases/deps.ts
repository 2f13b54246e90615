import type { PreferenceClient, RecipientClient } from '../clients';
import type { Mailer } from '../email/mailer';
import type { JobPublisher } from '../messaging/job-publisher';
import type { BroadcastRepository } from '../store/broadcast-repository';
import type { IdAllocator } from '../store/id-allocator';
import type { IdempotencyRepository } from '../store/idempotency-repository';
import type { NotificationRepository } from '../store/notification-repository';
import type { QuotaRepository } from '../store/quota-repository';
import type { RecipientPresence } from '../recipient-presence';
import type { OutcomeEvents } from './outcome-events';
import type { DeliveryMetrics } from '../telemetry/delivery-metrics';

/** Everything the use cases are built from; each takes the part it needs. */
export interface DeliveryDeps {
  notifications: NotificationRepository;
  broadcasts: BroadcastRepository;
  idempotency: IdempotencyRepository;
  quota: QuotaRepository;
  notificationIds: IdAllocator;
  broadcastIds: IdAllocator;
  jobs: JobPublisher;
  /** Outcome events (HERALD_OUTCOMES), emitted after each outcome write, before the job's ack or the RPC's answer. */
  events: OutcomeEvents;
  recipients: RecipientClient;
  /** Recipient existence, confirmed by the recipient service and cached briefly. */
  presence: RecipientPresence;
  preferences: PreferenceClient;
  mailer: Mailer;
  now: () => Date;
  metrics: DeliveryMetrics;
  settings: {
    chunkSize: number;
    emailMaxAttempts: number;
    emailRetryBaseMs: number;
  };
}
