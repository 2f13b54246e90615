import { LIMITS } from '@herald/contracts';
import { Type } from '@sinclair/typebox';
import { CONTACT_MEDIUMS } from '@herald/contracts';
import { serviceRules } from '../http/openapi-document';
import { EMAIL_ADDRESS, NullableTimestamp, Timestamp } from './common';

export const ContactSchema = Type.Object(
  {
    id: Type.Integer(),
    medium: Type.String(),
    address: Type.String(),
    is_primary: Type.Boolean(),
    verified_at: NullableTimestamp,
    /** False after a permanent refusal of the address; true again once the address changes or is verified. */
    deliverable: Type.Boolean({ description: 'False after the mail server refused the address permanently; emails to it are skipped (address_undeliverable) until the address changes or the contact is verified again.' }),
    confirmed: Type.Boolean({
      description:
        'False while the address, set with a recipient token (a browser), waits for its owner to follow the confirmation link Herald mailed to it; no email is sent to it meanwhile (contact_unconfirmed). Addresses set with a key are confirmed at once; verifying a contact confirms it too.',
    }),
    undeliverable_reason: Type.Union([Type.String(), Type.Null()], { description: "The mail server's refusal, e.g. 550 5.1.1 no such user; null when deliverable." }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'Contact' },
);

/** `contact_id` stays text here: a non-integer id is a 404 `Contact not found`, not a 400. */
export const ContactParams = Type.Object({ recipient_id: Type.String({ minLength: 1 }), contact_id: Type.String() });

const Medium = Type.String({ description: 'email, sms, web_push or mobile_push', maxLength: 32, ...serviceRules({ enum: [...CONTACT_MEDIUMS] }) });
const Address = Type.String({ minLength: 1, maxLength: LIMITS.contactAddressMax });

/** An email address is one addr-spec (docs/api-gateway.md, "Email addresses"), judged trimmed and lowercased. */
const emailRule = serviceRules({
  allOf: [{ if: { properties: { medium: { const: 'email' } } }, then: { properties: { address: { maxLength: LIMITS.emailAddressMax, pattern: EMAIL_ADDRESS } } } }],
});
export const AddContactBody = Type.Object({ medium: Medium, address: Address, is_primary: Type.Optional(Type.Boolean()) }, { title: 'ContactInput', ...emailRule });
export const SetPrimaryContactBody = Type.Object({ medium: Medium, address: Address }, { title: 'PrimaryContactInput', ...emailRule });
/** At least one of the two fields; an address follows the rules of the contact's medium. */
export const UpdateContactBody = Type.Object(
  { address: Type.Optional(Address), is_primary: Type.Optional(Type.Boolean()) },
  serviceRules({ anyOf: [{ required: ['address'] }, { required: ['is_primary'] }] }),
);
