import type { ConfirmationMailBudget } from './confirmation-mail-budget';
import { createSignedLinks } from './signed-link';

/**
 * Contact confirmation capabilities: a token names one contact of one recipient of one
 * project and the address it was mailed to, and expires. It is `c1.<payload>.<mac>` (see
 * signed-link.ts), its key derived from UNSUBSCRIBE_SECRET for this purpose only: an unsubscribe
 * token never passes for a confirmation token, nor the reverse. It confirms that address only: once
 * the contact's address changes, the link confirms nothing (the recipient service checks).
 */
export interface ContactConfirmationClaim {
  projectId: number;
  recipientId: string;
  contactId: number;
  address: string;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
}

export type ConfirmationCheck = { ok: true; claim: ContactConfirmationClaim } | { ok: false; why: 'malformed' | 'forged' | 'expired' };

export function createContactConfirmationTokens(secret: string) {
  const links = createSignedLinks(secret, { purpose: 'herald contact confirmation v1', version: 'c1' });
  return {
    sign(claim: ContactConfirmationClaim): string {
      return links.sign({ p: claim.projectId, r: claim.recipientId, i: claim.contactId, a: claim.address }, claim.expiresAt);
    },

    verify(token: string, now: Date): ConfirmationCheck {
      const checked = links.verify(token, now);
      if (!checked.ok) return checked;
      const p = checked.payload;
      const str = (v: unknown) => typeof v === 'string' && v.length > 0;
      if (!Number.isSafeInteger(p.p) || !str(p.r) || !Number.isSafeInteger(p.i) || !str(p.a)) return { ok: false, why: 'malformed' };
      return { ok: true, claim: { projectId: p.p as number, recipientId: p.r as string, contactId: p.i as number, address: p.a as string, expiresAt: p.x as number } };
    },
  };
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
