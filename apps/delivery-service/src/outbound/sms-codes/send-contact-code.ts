import { countryCallingCode } from '@herald/contracts';
import { DomainError } from '@herald/service-kit';
import type { OutboundSenders } from '../outbound-senders';
import { CODE_TRIES, CODE_TTL_MS, hashCode, newCode } from './contact-code';
import { contactKey, type ContactCodes } from './contact-codes';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface ContactCodeDeps {
  contactCodes?: ContactCodes;
  now: () => Date;
  senders: Pick<OutboundSenders, 'sms'>;
}

export interface ContactCodeRequest {
  projectId: number;
  recipientId: string;
  contactId: number;
  /** The sms number, E.164 as stored. */
  address: string;
}

/**
 * Texts a 6-digit code confirming an sms number a recipient token set: valid CODE_TTL_MS, CODE_TRIES
 * wrong tries, kept only as a keyed hash (a new code replaces the last). Budgeted, on all replicas
 * together: per recipient and day, per project and hour, per project and country calling code and
 * hour, taken in that order (a refusal may have used a slot of a budget taken before it); past one,
 * resource exhausted `confirmation_sms_limit` naming it, and nothing is texted.
 */
export function createSendContactCode(deps: ContactCodeDeps) {
  return async function sendContactCode(req: ContactCodeRequest): Promise<void> {
    const c = deps.contactCodes;
    if (!c) throw new DomainError('precondition', 'contact_confirmation_unavailable', 'Confirmation codes are not configured (UNSUBSCRIBE_SECRET)');
    const now = deps.now();
    const { limits } = c;
    const budgets: Array<[string, number, number, string]> = [
      [`r|${req.projectId}|${req.recipientId}`, DAY_MS, limits.perRecipientDay, `${limits.perRecipientDay} a day for one recipient`],
      [`p|${req.projectId}`, HOUR_MS, limits.perProjectHour, `${limits.perProjectHour} an hour for the project`],
      [`c|${req.projectId}|${countryCallingCode(req.address)}`, HOUR_MS, limits.perCountryHour, `${limits.perCountryHour} an hour for the project's numbers of +${countryCallingCode(req.address)}`],
    ];
    for (const [key, windowMs, max, what] of budgets) {
      if (!(await c.budget.take(key, windowMs, now, max))) {
        throw new DomainError('exhausted', 'confirmation_sms_limit', `No confirmation SMS sent: at most ${what}`);
      }
    }
    const code = newCode();
    const key = contactKey(req.projectId, req.recipientId, req.contactId);
    await c.codes.put(key, { address: req.address, codeHash: hashCode(c.secret, key, code), tries: 0, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
    await deps.senders.sms({
      to: req.address,
      text: `${code} is your confirmation code. It works for ${CODE_TTL_MS / 60_000} minutes and ${CODE_TRIES} tries. If you did not ask for it, ignore this message.`,
    });
  };
}
