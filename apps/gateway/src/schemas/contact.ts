import { LIMITS } from '@herald/contracts';
import { Type } from '@sinclair/typebox';
import { NullableTimestamp, Timestamp } from './common';

export const ContactSchema = Type.Object(
  {
    id: Type.Integer(),
    medium: Type.String(),
    address: Type.String(),
    is_primary: Type.Boolean(),
    verified_at: NullableTimestamp,
    /** False after a permanent refusal of the address; true again once the address changes or is verified. */
    deliverable: Type.Boolean({ description: 'False after the mail server refused the address permanently; emails to it are skipped (address_undeliverable) until the address changes or the contact is verified again.' }),
    undeliverable_reason: Type.Union([Type.String(), Type.Null()], { description: "The mail server's refusal, e.g. 550 5.1.1 no such user; null when deliverable." }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'Contact' },
);

/** `contact_id` stays text here: a non-integer id is a 404 `Contact not found`, not a 400. */
export const ContactParams = Type.Object({ recipient_id: Type.String({ minLength: 1 }), contact_id: Type.String() });

const Medium = Type.String({ description: 'email, sms, web_push or mobile_push', maxLength: 32 });
const Address = Type.String({ minLength: 1, maxLength: LIMITS.contactAddressMax });

export const AddContactBody = Type.Object({ medium: Medium, address: Address, is_primary: Type.Optional(Type.Boolean()) });
export const SetPrimaryContactBody = Type.Object({ medium: Medium, address: Address });
export const UpdateContactBody = Type.Object({ address: Type.Optional(Address), is_primary: Type.Optional(Type.Boolean()) });
