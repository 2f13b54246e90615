import { createSignedTokens, type Clock } from '@herald/service-kit';
import type { ConfirmationMailBudget } from './confirmation-mail-budget';
import { createLegacyTokenCheck } from './legacy-token';

/**
 * Contact confirmation capabilities: a token names one contact of one recipient of one project and
 * the address it was mailed to, and expires. It is a service-kit signed token (purpose
 * `contact-confirmation`) signed with UNSUBSCRIBE_SECRET: an unsubscribe token never passes for a
 * confirmation token, nor the reverse. It confirms that address only: once the contact's address
 * changes, the link confirms nothing (the recipient service checks).
 */
export interface ContactConfirmationClaim {
  projectId: number;
  recipientId: string;
  contactId: number;
  address: string;
  /**
   * Set for an approval link (its own purpose, `primary-change-approval`): the current primary
   * address it was mailed to, approving the contact (holding `address`) becoming the primary.
   */
  approvedBy?: string;
}

export type ConfirmationCheck = { ok: true; claim: ContactConfirmationClaim } | { ok: false; why: 'invalid' | 'expired' };

const PURPOSE = 'contact-confirmation';
const APPROVAL_PURPOSE = 'primary-change-approval';

export function createContactConfirmationTokens(secret: string, clock: Clock) {
  const tokens = createSignedTokens({ secret, clock });
  const legacy = createLegacyTokenCheck(secret, { purpose: 'herald contact confirmation v1', version: 'c1', clock });
  return {
    sign(claim: ContactConfirmationClaim, ttlSeconds: number): string {
      const claims = { project: claim.projectId, recipient: claim.recipientId, contact: claim.contactId, address: claim.address };
      if (claim.approvedBy === undefined) return tokens.sign(PURPOSE, claims, ttlSeconds);
      return tokens.sign(APPROVAL_PURPOSE, { ...claims, approved_by: claim.approvedBy }, ttlSeconds);
    },

    verify(token: string): ConfirmationCheck {
      if (legacy.owns(token)) {
        const old = legacy.check(token);
        return old.ok ? claimOf({ project: old.payload.p, recipient: old.payload.r, contact: old.payload.i, address: old.payload.a }) : { ok: false, why: old.reason };
      }
      const checked = tokens.check(PURPOSE, token);
      if (checked.ok) return claimOf(checked.claims);
      const approval = tokens.check(APPROVAL_PURPOSE, token);
      if (!approval.ok) return { ok: false, why: checked.reason === 'expired' ? 'expired' : approval.reason };
      const approvedBy = approval.claims.approved_by;
      const claim = claimOf(approval.claims);
      if (!claim.ok || typeof approvedBy !== 'string' || approvedBy.length === 0) return { ok: false, why: 'invalid' };
      return { ok: true, claim: { ...claim.claim, approvedBy } };
    },
  };
}

function claimOf(c: Record<string, unknown>): ConfirmationCheck {
  const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
  if (!Number.isSafeInteger(c.project) || !str(c.recipient) || !Number.isSafeInteger(c.contact) || !str(c.address)) return { ok: false, why: 'invalid' };
  return { ok: true, claim: { projectId: c.project as number, recipientId: c.recipient, contactId: c.contact as number, address: c.address } };
}

export type ContactConfirmationTokens = ReturnType<typeof createContactConfirmationTokens>;

/**
 * Contact confirmation links (PUBLIC_BASE_URL + UNSUBSCRIBE_SECRET); absent when either is not
 * configured, and then no confirmation mail can be sent.
 */
export interface ContactConfirmationLinks {
  tokens: ContactConfirmationTokens;
  baseUrl: string;
  ttlSeconds: number;
  /** At most `maxPerHour` confirmation mails per recipient and clock hour. */
  budget: Pick<ConfirmationMailBudget, 'take'>;
  maxPerHour: number;
}
