export { createCheckContactCode } from './check-contact-code';
export { createContactCodeRepository } from './contact-code-repository';
export type { ContactCodeLimits, ContactCodes } from './contact-codes';
export { createSendContactCode, type ContactCodeDeps } from './send-contact-code';
export { createSlotBudget } from './slot-budget';
