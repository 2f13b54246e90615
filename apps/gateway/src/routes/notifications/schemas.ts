import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../../schemas/common';

// JSON types only: the delivery service owns the value rules (interface "Send notification", decisions §8).

export const TargetSchema = Type.Object({ channel: Type.String(), topic: Type.String(), event: Type.String() });

export const SendBody = Type.Object({
  /** Required: a string sends to that recipient, an explicit null broadcasts. */
  recipient_id: Nullable(Type.String()),
  target: Type.Optional(Nullable(TargetSchema)),
  payload: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true }))),
  // Sizes (html and text up to 512 KiB each) are the delivery service's value rules: a bound here
  // would be reported against the whole nullable `email` union, echoing the value back.
  email: Type.Optional(
    Nullable(
      Type.Object({
        subject: Type.String(),
        html: Type.String(),
        text: Type.Optional(Type.String()),
        from_name: Type.Optional(Type.String({ description: "Sender display name for this send only (1-256 characters); the address stays the project's" })),
      }),
    ),
  ),
});

export const SendHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) });

export const EmailOutcomeSchema = Type.Object(
  {
    status: Type.String(),
    reason: Type.Optional(
      Nullable(
        Type.String({
          description:
            'Why the email was skipped or failed: not_cataloged, preference_disabled, no_primary_contact, no_target, quota_exceeded, broadcast_limit_exceeded, provider_error, address_rejected (the mail server refused the address permanently; the contact is marked undeliverable), address_undeliverable (the contact is marked undeliverable). Null when sent.',
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
