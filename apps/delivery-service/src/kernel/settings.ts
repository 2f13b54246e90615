import type { OutboundMedium } from './outbound';

/** The delivery settings the use cases read (from the service's config). */
export interface DeliverySettings {
  chunkSize: number;
  /** Broadcasts of one project enqueued or fanning out at once (0: no cap). */
  maxActiveBroadcasts: number;
  /** Pending timers of one project past which a scheduled send or broadcast is refused (0: no cap). */
  maxPendingTimers?: number;
  emailMaxAttempts: number;
  emailRetryBaseMs: number;
  /** How long a worker's claim on an email holds without renewal (renewed every third of it while the send runs). */
  emailLeaseMs: number;
  /** Attempts and first retry delay (doubling) of each outbound medium's messages (email's are the two above). */
  outboundRetry?: Partial<Record<OutboundMedium, { maxAttempts: number; baseMs: number }>>;
  /** A digest mail claimed this long ago and not recorded: its closing died, another may send it (same Message-ID). */
  digestSendLeaseMs: number;
}

/** Fault tests only (config FAILPOINT): where a process may be made to die. */
export type Failpoint = 'exit_after_insert' | 'exit_after_accept' | 'exit_in_digest_close';
