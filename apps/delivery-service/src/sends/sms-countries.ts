import { callingCodeAllowed } from '@herald/contracts';
import { emailSkipped, type OutboundOutcome } from '../kernel/notification';
import type { OutboundMedium } from '../kernel/outbound';

/**
 * A pending SMS to a number outside the project's `sms_country_codes` (as they were at the send) is
 * skipped, `sms_country_not_allowed`, however old the number: a list set after the number was
 * stored still holds. Null when the outcome stands.
 */
export function outsideSmsCountries(medium: OutboundMedium, outcome: OutboundOutcome, smsCountryCodes: readonly string[] = []): OutboundOutcome | null {
  if (medium !== 'sms' || outcome.status !== 'pending' || !outcome.address || callingCodeAllowed(outcome.address, smsCountryCodes)) return null;
  return emailSkipped('sms_country_not_allowed', outcome.address);
}
