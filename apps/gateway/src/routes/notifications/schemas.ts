import { Type } from '@sinclair/typebox';
import { LIMITS } from '@herald/contracts';
import { serviceRules } from '../../http/openapi-document';
import { NOT_BLANK_NO_CONTROL, Nullable, Timestamp, TRIMMED_NO_CONTROL } from '../../schemas/common';
import { NotificationDecisionSchema } from '../../schemas/decision';

const TargetField = Type.String(serviceRules({ minLength: 1, maxLength: LIMITS.targetFieldMax }));

// JSON types only: the delivery service owns the value rules (interface "Send notification", decisions §8).

export const TargetSchema = Type.Object({ channel: Type.String(), topic: Type.String(), event: Type.String() }, { title: 'Target' });
const TargetInput = Type.Object({ channel: TargetField, topic: TargetField, event: TargetField }, { title: 'TargetInput' });

const EmailInput = Type.Object(
  {
    subject: Type.String(serviceRules({ minLength: 1, maxLength: LIMITS.emailSubjectMax })),
    html: Type.String({ description: `Up to ${LIMITS.emailHtmlMaxBytes} bytes (UTF-8)`, ...serviceRules({ minLength: 1 }) }),
    text: Type.Optional(Type.String({ description: `Up to ${LIMITS.emailTextMaxBytes} bytes (UTF-8); derived from html when omitted` })),
    from_name: Type.Optional(
      Type.String({
        description: "Sender display name for this send only (1-256 characters); the address stays the project's",
        ...serviceRules({ maxLength: 256, pattern: NOT_BLANK_NO_CONTROL }),
      }),
    ),
  },
  { title: 'EmailInput' },
);

/**
 * The delivery service's rules (decisions §8), stated for the document: a send carries a payload
 * or an email block; a broadcast (recipient_id null) carries a target and a payload, and no email
 * block (the default `max_broadcast_recipients_for_email` of 0; a project may allow one).
 */
const sendRules = serviceRules({
  anyOf: [
    { required: ['payload'], properties: { payload: { type: 'object' } } },
    { required: ['email'], properties: { email: { type: 'object' } } },
  ],
  if: { properties: { recipient_id: { type: 'null' } } },
  then: {
    required: ['target', 'payload'],
    properties: { target: { type: 'object' }, payload: { type: 'object' }, email: { type: 'null' } },
  },
});

export const SendBody = Type.Object(
  {
    /** Required: a string sends to that recipient (created when missing), an explicit null broadcasts. */
    recipient_id: Nullable(Type.String(serviceRules({ minLength: 1, maxLength: LIMITS.recipientIdMax, pattern: TRIMMED_NO_CONTROL }))),
    target: Type.Optional(Nullable(TargetInput)),
    payload: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true, description: `In-app content, up to ${LIMITS.payloadMaxBytes} bytes serialized; title, body, url, avatar by convention` }))),
    // Sizes (html and text up to 512 KiB each) are the delivery service's value rules: a bound here
    // would be reported against the whole nullable `email` union, echoing the value back.
    email: Type.Optional(Nullable(EmailInput)),
  },
  { title: 'SendInput', ...sendRules },
);

export const SendHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) });

export const EmailOutcomeSchema = Type.Object(
  {
    status: Type.String(),
    reason: Type.Optional(
      Nullable(
        Type.String({
          description:
            'Why the email was skipped or failed: not_cataloged, preference_disabled, no_primary_contact, no_target, quota_exceeded, broadcast_limit_exceeded, provider_error, address_rejected (the mail server refused the address permanently; the contact is marked undeliverable), address_undeliverable (the contact is marked undeliverable), contact_unconfirmed (the primary address was written with a recipient token and its owner has not followed the confirmation link yet). Null when sent.',
        }),
      ),
    ),
    address: Type.Optional(Nullable(Type.String())),
    message_id: Type.Optional(Nullable(Type.String())),
    attempts: Type.Optional(Type.Integer()),
    sent_at: Type.Optional(Nullable(Timestamp)),
    error: Type.Optional(Nullable(Type.String())),
  },
  { title: 'NotificationEmail' },
);

export const NotificationSchema = Type.Object(
  {
    id: Type.Integer(),
    recipient_id: Type.String(),
    payload: Type.Unknown(),
    broadcast_id: Nullable(Type.Integer()),
    target: Nullable(TargetSchema),
    read: Type.Boolean(),
    opened: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
    status: Type.String(),
    email: EmailOutcomeSchema,
    decision: NotificationDecisionSchema,
  },
  { title: 'Notification' },
);

export const BroadcastSchema = Type.Object(
  {
    id: Type.Integer(),
    target: TargetSchema,
    payload: Type.Unknown(),
    status: Type.String(),
    recipients_total: Type.Integer(),
    notifications_created: Type.Integer(),
    email: Nullable(Type.Object({ status: Type.String(), eligible: Type.Optional(Type.Integer()) })),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'Broadcast' },
);

export const SendResult = Type.Object({ notification: Nullable(NotificationSchema), broadcast: Nullable(BroadcastSchema) });

/** Path ids stay text: a non-integer id is a 404, like an unknown one. */
export const IdParams = Type.Object({ id: Type.String() });
