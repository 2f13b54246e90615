import type { Provider } from '../provider';

/** One SMS to hand to a provider. */
export interface OutgoingSms {
  /** E.164, as the recipient service stored it (`+4915112345678`). */
  to: string;
  text: string;
  /** Where the provider reports the message's later status (delivered, undelivered); absent: no callbacks. */
  statusCallbackUrl?: string;
}

/**
 * The SMS port: one provider account (outbound/sms/twilio-compatible.ts speaks the Messages API most
 * providers share). Another provider is one more implementation of this.
 */
export type SmsProvider = Provider<OutgoingSms>;

/**
 * A provider's status callback, as Herald reads it (Twilio's MessageStatus values): the final ones
 * move the SMS outcome on from `sent`; intermediate ones (queued, sending, sent, accepted) change
 * nothing.
 */
export function smsFinalStatus(status: string): 'delivered' | 'undelivered' | null {
  switch (status.toLowerCase()) {
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
    case 'failed':
      return 'undelivered';
    default:
      return null;
  }
}
