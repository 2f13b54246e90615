import { DomainError } from '@herald/service-kit';
import type { ContactConfirmationClaim } from './contact-confirmation-token';
import type { ContactConfirmationLinks } from './contact-confirmation-token';
import type { OutboundSenders } from './outbound-senders';
import { confirmationMail, primaryChangeMail } from './contact-confirmation-mails';

export interface ContactConfirmationRequest {
  projectId: number;
  recipientId: string;
  contactId: number;
  address: string;
  from?: { address: string; name: string | null };
  /** The notice of a change of primary address: `address` is the current primary, asked to approve contact `contactId` holding `newAddress`. */
  newAddress?: string;
}

const MESSAGES = {
  invalid: 'This confirmation link is not valid',
  expired: 'This confirmation link has expired: add the address again in the application to get a new one',
} as const;

/** The ports this use case works with. */
export interface ContactConfirmationDeps {
  contactConfirmation?: ContactConfirmationLinks;
  now: () => Date;
  senders: OutboundSenders;
}

/**
 * Mails the confirmation link of a contact address written by a recipient token: the
 * link carries a token signed like an unsubscribe token (its own purpose key), naming the contact and
 * the address, valid CONTACT_CONFIRMATION_TTL_HOURS. The mail is Herald's, not a notification: no
 * feed entry, no quota, no unsubscribe header. At most CONTACT_CONFIRMATION_MAILS_PER_HOUR per
 * recipient and clock hour (resource exhausted, `contact_confirmation_limit`, past it). With
 * `newAddress`, the mail is the notice to the current primary address of a change to `newAddress`,
 * its link approving it (a token of its own purpose). Without PUBLIC_BASE_URL and UNSUBSCRIBE_SECRET no link
 * can be made: failed precondition (`contact_confirmation_unavailable`).
 */
export function createSendContactConfirmation(deps: ContactConfirmationDeps) {
  return async function sendContactConfirmation(req: ContactConfirmationRequest): Promise<void> {
    const c = deps.contactConfirmation;
    if (!c) throw new DomainError('precondition', 'contact_confirmation_unavailable', 'Contact confirmation links are not configured (PUBLIC_BASE_URL, UNSUBSCRIBE_SECRET)');
    if (!(await c.budget.take(req.projectId, req.recipientId, deps.now(), c.maxPerHour))) {
      throw new DomainError('exhausted', 'contact_confirmation_limit', `This recipient has caused ${c.maxPerHour} confirmation mails this hour; no more are sent before the next hour`);
    }
    const claim = req.newAddress === undefined
      ? { projectId: req.projectId, recipientId: req.recipientId, contactId: req.contactId, address: req.address }
      : { projectId: req.projectId, recipientId: req.recipientId, contactId: req.contactId, address: req.newAddress, approvedBy: req.address };
    const url = `${c.baseUrl}/contact-confirmations/${c.tokens.sign(claim, c.ttlSeconds)}`;
    const hours = Math.round(c.ttlSeconds / 3600);
    const mail = req.newAddress === undefined ? confirmationMail(url, hours) : primaryChangeMail(url, hours, req.newAddress);
    // Through the email providers (failover: the secondary relay when the primary is down).
    await deps.senders.email({ to: req.address, from: req.from, ...mail });
  };
}

/**
 * What a contact confirmation token confirms. A forged, malformed or expired token is refused
 * (not found: 404 at the gateway, `contact_confirmation_invalid` or `contact_confirmation_expired`);
 * so is every token while links are not configured.
 */
export function createCheckContactConfirmationToken(deps: ContactConfirmationDeps) {
  return function checkContactConfirmationToken(token: string): ContactConfirmationClaim {
    const checked = deps.contactConfirmation ? deps.contactConfirmation.tokens.verify(token) : ({ ok: false, why: 'invalid' } as const);
    if (checked.ok) return checked.claim;
    throw new DomainError('not_found', checked.why === 'expired' ? 'contact_confirmation_expired' : 'contact_confirmation_invalid', MESSAGES[checked.why]);
  };
}
