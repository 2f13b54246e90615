import type { ContactCodeRepository } from './contact-code-repository';
import type { SlotBudget } from './slot-budget';

/** Confirmation SMS one recipient, one project, one project's numbers of one country may cause. */
export interface ContactCodeLimits {
  perRecipientDay: number;
  perProjectHour: number;
  perCountryHour: number;
}

/** Confirmation codes of sms contacts (needs UNSUBSCRIBE_SECRET, which keys their hashes); absent without it. */
export interface ContactCodes {
  codes: Pick<ContactCodeRepository, 'put' | 'get' | 'countTry' | 'remove'>;
  budget: Pick<SlotBudget, 'take'>;
  secret: string;
  limits: ContactCodeLimits;
}

/** The store key of one contact's code. */
export const contactKey = (projectId: number, recipientId: string, contactId: number) => `${projectId}|${recipientId}|${contactId}`;
