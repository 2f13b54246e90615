import { LIMITS } from '@herald/contracts';
import { Type } from '@sinclair/typebox';
import { CHAT_PROVIDERS, CONTACT_MEDIUMS } from '@herald/contracts';
import { serviceRules } from '../../plugins/external/swagger/openapi-document';
import { NullableTimestamp, Timestamp } from '../shared/schemas';
import { EMAIL_ADDRESS } from '../../plugins/external/swagger/text-patterns';

export const ContactSchema = Type.Object(
  {
    id: Type.Integer(),
    medium: Type.String(),
    address: Type.String(),
    provider: Type.Optional(Type.String({ description: "A chat contact's service: slack, teams or discord (only on chat contacts)." })),
    is_primary: Type.Boolean(),
    verified_at: NullableTimestamp,
    /** False after a permanent refusal of the address; true again once the address changes or is verified. */
    deliverable: Type.Boolean({
      description:
        'False after a provider refused the address permanently (or a push service answered 404/410 for the subscription); messages to it are skipped (address_undeliverable, subscription_expired) until the address changes or the contact is verified again.',
    }),
    confirmed: Type.Boolean({
      description:
        'False while the address, set with a recipient token (a browser), waits for its owner: an email address for the confirmation link Herald mailed to it, an sms number for the code Herald texted to it (POST …/confirm); nothing is sent to it meanwhile (contact_unconfirmed). Addresses set with a key are confirmed at once; verifying a contact confirms it too.',
    }),
    undeliverable_reason: Type.Union([Type.String(), Type.Null()], {
      description: "The provider's refusal, e.g. 550 5.1.1 no such user, or the push service's 410 for an expired web push subscription; null when deliverable.",
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'Contact' },
);

/** `contact_id` stays text here: a non-integer id is a 404 `Contact not found`, not a 400. */
export const ContactParams = Type.Object({ recipient_id: Type.String({ minLength: 1, examples: ['user-42'] }), contact_id: Type.String({ examples: ['7'] }) });

const Medium = Type.String({ description: 'email, sms, web_push, mobile_push or chat', maxLength: 32, ...serviceRules({ enum: [...CONTACT_MEDIUMS] }) });
const Provider = Type.String({
  description: "A chat contact's service (required for chat, refused for other mediums): slack, teams or discord",
  maxLength: 32,
  ...serviceRules({ enum: [...CHAT_PROVIDERS] }),
});
const Address = Type.String({
  minLength: 1,
  maxLength: LIMITS.webPushAddressMax,
  description:
    'email: one address (trimmed, lowercased); sms: an E.164 number, + and 8 to 15 digits (spaces, dashes, dots and parentheses are dropped); web_push: the browser PushSubscription as JSON text, JSON.stringify(subscription) (endpoint an https URL on a public host, keys.p256dh, keys.auth), up to 4,096 characters; chat: a Slack conversation id (C…, G…, D…, U…; sent with the project\'s bot token) or the provider\'s incoming-webhook URL (https on the provider\'s hosts: hooks.slack.com, *.webhook.office.com or *.logic.azure.com, discord.com), up to 1,024 characters; others up to 320 characters',
});

/**
 * The JSON text of a browser's PushSubscription (`JSON.stringify(subscription)`): the endpoint, an
 * optional expirationTime and the keys in either order; p256dh the base64url of 65 bytes starting
 * 0x04 (so `B` then `A`-`P`), auth of 16 bytes. That the endpoint's host is public is the recipient
 * service's rule (not expressible here).
 */
const P256DH = '"p256dh":"B[A-P][A-Za-z0-9_-]{85}"';
const AUTH = '"auth":"[A-Za-z0-9_-]{22}"';
const EXPIRATION = '"expirationTime":(?:null|[0-9]{1,15})';
const PUSH_SUBSCRIPTION_JSON =
  `^\\{"endpoint":"https://[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.[a-z][a-z0-9-]*(?::[1-9][0-9]{0,3})?(?:/[A-Za-z0-9._~:%/-]*)?",(?:${EXPIRATION},)?` +
  `"keys":\\{(?:${P256DH},${AUTH}|${AUTH},${P256DH})\\}(?:,${EXPIRATION})?\\}$`;

/**
 * An email address is one addr-spec (docs/api-gateway.md, "Email addresses"), judged trimmed and
 * lowercased; an sms address an E.164 number (separators dropped); a web_push address a
 * PushSubscription's JSON (checked by the recipient service); every other medium at most 320 characters.
 */
const emailRule = serviceRules({
  allOf: [
    { if: { properties: { medium: { const: 'email' } } }, then: { properties: { address: { maxLength: LIMITS.emailAddressMax, pattern: EMAIL_ADDRESS } } } },
    { if: { properties: { medium: { const: 'sms' } } }, then: { properties: { address: { maxLength: LIMITS.contactAddressMax, pattern: '^[\\s\\-.()]*\\+[\\s\\-.()]*[1-9](?:[\\s\\-.()]*[0-9]){7,14}[\\s\\-.()]*$' } } } },
    { if: { properties: { medium: { const: 'web_push' } } }, then: { properties: { address: { pattern: PUSH_SUBSCRIPTION_JSON } } } },
    { if: { properties: { medium: { const: 'mobile_push' } } }, then: { properties: { address: { maxLength: LIMITS.contactAddressMax } } } },
    { if: { properties: { medium: { const: 'chat' } } }, then: { required: ['provider'], properties: { address: { maxLength: LIMITS.chatAddressMax } } } },
  ],
});
export const AddContactBody = Type.Object({ medium: Medium, address: Address, provider: Type.Optional(Provider), is_primary: Type.Optional(Type.Boolean()) }, { title: 'ContactInput', ...emailRule });
export const SetPrimaryContactBody = Type.Object({ medium: Medium, address: Address, provider: Type.Optional(Provider) }, { title: 'PrimaryContactInput', ...emailRule });
/** At least one of the two fields; an address follows the rules of the contact's medium. */
export const UpdateContactBody = Type.Object(
  { address: Type.Optional(Address), is_primary: Type.Optional(Type.Boolean()) },
  serviceRules({ anyOf: [{ title: 'Changes the address', required: ['address'] }, { title: 'Changes is_primary', required: ['is_primary'] }] }),
);

/** The code texted to an sms number set with a recipient token. */
export const ConfirmContactCodeBody = Type.Object(
  { code: Type.String({ pattern: '^[0-9]{6}$', description: 'The 6-digit code texted to the number: valid 10 minutes and 5 tries', examples: ['042917'] }) },
  { title: 'ContactCodeInput' },
);
