import { Type, type TSchema } from '@sinclair/typebox';
import { LIMITS } from '@herald/contracts';
import { serviceRules } from '../../plugins/external/swagger/openapi-document';
import { Nullable, Timestamp } from '../shared/schemas';
import { NO_CONTROL, NOT_BLANK, NOT_BLANK_NO_CONTROL, TRIMMED_NO_CONTROL } from '../../plugins/external/swagger/text-patterns';
import { NotificationDecisionSchema } from '../shared/decision-schemas';
import { BatchFailureSchema } from '../recipients/schemas';

/** The send-time bounds, the delivery service's (stated here for the document). */
export const SEND_TIME_LIMITS = { emailDelayMaxSeconds: 604_800, sendAheadMaxDays: 90 } as const;

const TargetField = Type.String(serviceRules({ minLength: 1, maxLength: LIMITS.targetFieldMax }));

// JSON types only: the delivery service owns the value rules.

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
    delay_seconds: Type.Optional(
      Type.Integer({
        description: `Escalation: send the email this many seconds after the in-app delivery (0-${SEND_TIME_LIMITS.emailDelayMaxSeconds}; default 0)`,
        ...serviceRules({ minimum: 0, maximum: SEND_TIME_LIMITS.emailDelayMaxSeconds }),
      }),
    ),
    unless: Type.Optional(
      Type.String({
        description:
          'Escalation: `read` or `opened`. When the email is due, it is skipped (reason `read_in_app`) if the in-app notification is read (or opened) by then. Needs a `payload`.',
        examples: ['read'],
        ...serviceRules({ enum: ['read', 'opened'] }),
      }),
    ),
  },
  { title: 'EmailInput' },
);

const SmsInput = Type.Object(
  {
    text: Type.String({ description: `The message, 1 to ${LIMITS.smsTextMax} characters (the provider splits it into segments)`, ...serviceRules({ minLength: 1, maxLength: LIMITS.smsTextMax, pattern: NOT_BLANK }) }),
  },
  { title: 'SmsInput', description: 'Asks for the `sms` medium: sent when (target, sms) is cataloged, the preference is on and the recipient has a primary sms contact (E.164)' },
);

const WebUrl = (description: string) => Type.String({ description: `${description}; an absolute http(s) URL, at most ${LIMITS.pushUrlMax} characters`, ...serviceRules({ maxLength: LIMITS.pushUrlMax, pattern: '^https?://' }) });

const PushInput = Type.Object(
  {
    title: Type.String({ ...serviceRules({ minLength: 1, maxLength: LIMITS.pushTitleMax, pattern: NOT_BLANK_NO_CONTROL }) }),
    body: Type.String({ ...serviceRules({ minLength: 1, pattern: NOT_BLANK }) }),
    url: Type.Optional(WebUrl('Opened when the notification is clicked')),
    icon: Type.Optional(WebUrl('Icon shown with the notification')),
    tag: Type.Optional(Type.String({ description: 'A newer notification of the same tag replaces the shown one', ...serviceRules({ minLength: 1, maxLength: LIMITS.pushTagMax, pattern: NO_CONTROL }) })),
  },
  {
    title: 'PushInput',
    description: `Asks for the \`web_push\` medium (at most ${LIMITS.pushMaxBytes} bytes serialized): sent to the recipient's primary web_push contact (a PushSubscription) when (target, web_push) is cataloged and the preference is on`,
  },
);

const ChatInput = Type.Object(
  {
    text: Type.String({ description: `The message, 1 to ${LIMITS.chatTextMax} characters, shown as written (no mentions, no markup)`, ...serviceRules({ minLength: 1, maxLength: LIMITS.chatTextMax, pattern: NOT_BLANK }) }),
    url: Type.Optional(WebUrl('A link shown as a button (Slack, Teams) or the embed\'s title link (Discord)')),
  },
  {
    title: 'ChatInput',
    description:
      "Asks for the `chat` medium: posted to the recipient's primary chat contact (a Slack channel with the project's bot token, or a Slack, Teams or Discord incoming webhook) when (target, chat) is cataloged and the preference is on. Not on broadcasts.",
  },
);

const MobilePushInput = Type.Object(
  {
    title: Type.String({ ...serviceRules({ minLength: 1, maxLength: LIMITS.pushTitleMax, pattern: NOT_BLANK }) }),
    body: Type.String({ ...serviceRules({ minLength: 1, pattern: NOT_BLANK }) }),
    data: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Key-value data for the app (FCM `data`; custom keys beside `aps` on APNs)' })),
    badge: Type.Optional(
      Type.Union([Type.Literal('unread'), Type.Integer({ minimum: 0, maximum: 2_147_483_647 })], {
        description: "The app icon's badge: a whole number, or `unread`: the recipient's in-app unread count at the time of sending",
      }),
    ),
    sound: Type.Optional(Type.String({ description: 'A sound file of the app (`default`: the system sound)', ...serviceRules({ minLength: 1, maxLength: 256, pattern: NOT_BLANK }) })),
    collapse_key: Type.Optional(Type.String({ description: 'A newer push of the same key replaces an undelivered one (APNs collapse id, FCM collapse key), at most 64 bytes', ...serviceRules({ minLength: 1, maxLength: 64 }) })),
    ttl_seconds: Type.Optional(Type.Integer({ description: 'How long the service keeps the push for an offline device (at most 28 days)', ...serviceRules({ minimum: 0, maximum: 2_419_200 }) })),
  },
  {
    title: 'MobilePushInput',
    description:
      "Asks for the `mobile_push` medium: pushed to every device of the recipient (FCM or APNs by the device's platform, with the project's provider credentials) when (target, mobile_push) is cataloged and the preference is on. More than 4 KiB of APNs payload or FCM message is a 400 naming `mobile_push`. Not on broadcasts or list sends.",
  },
);

/**
 * The delivery service's rules, stated for the document: a send carries a
 * payload, an email, an sms or a push block; an email's `unless` needs a payload (the in-app
 * notification whose reading holds the email back); a broadcast (recipient_id null) carries a
 * target and a payload, no sms block, and no email or push block unless the project allows one
 * (`max_broadcast_recipients_for_email` / `_for_push`, default 0).
 */
const sendRules = serviceRules({
  anyOf: [
    { title: 'With a payload (in-app)', required: ['payload'], properties: { payload: { type: 'object' } } },
    { title: 'With an email', required: ['email'], properties: { email: { type: 'object' } } },
    { title: 'With an sms', required: ['sms'], properties: { sms: { type: 'object' } } },
    { title: 'With a push', required: ['push'], properties: { push: { type: 'object' } } },
    { title: 'With a chat message', required: ['chat'], properties: { chat: { type: 'object' } } },
    { title: 'With a mobile push', required: ['mobile_push'], properties: { mobile_push: { type: 'object' } } },
  ],
  allOf: [{ if: { required: ['email'], properties: { email: { type: 'object', required: ['unless'] } } }, then: { required: ['payload'], properties: { payload: { type: 'object' } } } }],
  if: { required: ['recipient_id'], properties: { recipient_id: { type: 'null' } } },
  then: {
    required: ['target', 'payload'],
    properties: { target: { type: 'object' }, payload: { type: 'object' }, email: { type: 'null' }, sms: { type: 'null' }, push: { type: 'null' }, chat: { type: 'null' }, mobile_push: { type: 'null' } },
  },
});

const RecipientIdText = Type.String(serviceRules({ minLength: 1, maxLength: LIMITS.recipientIdMax, pattern: TRIMMED_NO_CONTROL }));

export const SendBody = Type.Object(
  {
    /** One of recipient_id, recipient_ids or list is required: a string sends to that recipient (created when missing), an explicit null broadcasts. */
    recipient_id: Type.Optional(
      Nullable(Type.String({ description: 'The recipient (created when missing); an explicit null broadcasts to every recipient. Required unless `recipient_ids` or `list` is given.', ...serviceRules({ minLength: 1, maxLength: LIMITS.recipientIdMax, pattern: TRIMMED_NO_CONTROL }) })),
    ),
    recipient_ids: Type.Optional(
      Type.Array(Type.String(), {
        minItems: 1,
        description: `Instead of recipient_id: send to these recipients (1 to ${LIMITS.sendRecipientIdsMax}, duplicates counted once; unknown ones are created). Answers 201 with a broadcast; an id failing the recipient id rules is left out and listed in \`failed\`.`,
        examples: [['user-42', 'user-7', 'user-9']],
        ...serviceRules({ maxItems: LIMITS.sendRecipientIdsMax }),
      }),
    ),
    list: Type.Optional(
      Type.String({
        description: "Instead of recipient_id: send to the list's subscribers (its key). Answers 201 with a broadcast; an unknown list is 404 list_not_found.",
        examples: ['issue-1042-watchers'],
        ...serviceRules({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' }),
      }),
    ),
    exclude_recipient_ids: Type.Optional(
      Type.Array(RecipientIdText, {
        description: `A send to many (recipient_ids, list or a broadcast) leaves these recipients out, e.g. the one who acted (at most ${LIMITS.sendExcludedMax})`,
        examples: [['user-7']],
        ...serviceRules({ maxItems: LIMITS.sendExcludedMax }),
      }),
    ),
    target: Type.Optional(Nullable(TargetInput)),
    payload: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true, description: `In-app content, up to ${LIMITS.payloadMaxBytes} bytes serialized; title, body, url, avatar by convention` }))),
    // Sizes (html and text up to 512 KiB each) are the delivery service's value rules: a bound here
    // would be reported against the whole nullable `email` union, echoing the value back.
    email: Type.Optional(Nullable(EmailInput)),
    sms: Type.Optional(Nullable(SmsInput)),
    push: Type.Optional(Nullable(PushInput)),
    chat: Type.Optional(Nullable(ChatInput)),
    mobile_push: Type.Optional(Nullable(MobilePushInput)),
    send_at: Type.Optional(
      Nullable(
        Type.String({
          description: `When to send (RFC 3339, at most ${SEND_TIME_LIMITS.sendAheadMaxDays} days ahead). Absent, null or past: now. A future send answers status \`scheduled\` and can be canceled until it starts.`,
          ...serviceRules({ format: 'date-time' }),
        }),
      ),
    ),
  },
  { title: 'SendInput', ...sendRules },
);

export const SendHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) });

const REASONS =
  "not_cataloged, preference_disabled, no_primary_contact, no_target, quota_exceeded, broadcast_limit_exceeded, provider_error, address_rejected (the provider refused the address permanently; the contact is marked undeliverable), address_undeliverable (the contact is marked undeliverable), contact_unconfirmed (email: the primary address was written with a recipient token and its owner has not followed the confirmation link yet), sms_country_not_allowed (sms: the number's country calling code is not in the project's sms_country_codes at the send), subscription_expired (web push: the push service answered 404/410, or the contact is marked so), read_in_app (email escalation: the in-app notification was read or opened before the email was due), throttled (the catalog entry's throttle was reached), canceled (the send was canceled)";

/** One outbound medium's outcome (email, sms, push): `{status: "not_requested"}` without its block, else every field. */
const outcomeSchema = (title: string, statuses: string, extra: Record<string, TSchema> = {}) =>
  Type.Object(
    {
      status: Type.String({ description: statuses }),
      reason: Type.Optional(Nullable(Type.String({ description: `Why it was skipped or failed: ${REASONS}. Null when sent.` }))),
      address: Type.Optional(Nullable(Type.String({ description: 'The email address or phone number it went to; for push, the subscription endpoint' }))),
      message_id: Type.Optional(Nullable(Type.String({ description: "The provider's message id" }))),
      attempts: Type.Optional(Type.Integer()),
      sent_at: Type.Optional(Nullable(Timestamp)),
      error: Type.Optional(Nullable(Type.String())),
      provider: Type.Optional(Nullable(Type.String({ description: 'The configured provider that sent it (failover: the primary or the secondary); null until sent' }))),
      ...extra,
    },
    { title },
  );

export const EmailOutcomeSchema = outcomeSchema('NotificationEmail', 'not_requested | pending | sent | skipped | failed', {
  digest_id: Type.Optional(Nullable(Type.Integer({ description: "The email digest this email was sent in (`GET /digests/{id}`); its `message_id` is the digest mail's" }))),
});
export const SmsOutcomeSchema = outcomeSchema('NotificationSms', 'not_requested | pending | sent | delivered | undelivered (the provider\'s status callback) | skipped | failed');
export const PushOutcomeSchema = outcomeSchema('NotificationPush', 'not_requested | pending | sent | skipped | failed');
export const MobilePushOutcomeSchema = outcomeSchema(
  'NotificationMobilePush',
  "pending | sent | skipped | failed (present only when the send had a mobile_push block). `address`: the ids of the devices it goes to; `provider`: fcm, apns or both; `error` on a sent one names the devices that did not take it (gone and removed, refused)",
);
export const ChatOutcomeSchema = outcomeSchema('NotificationChat', 'pending | sent | skipped | failed (present only when the send had a chat block; `address` is null for a recipient credential: a webhook URL holds its secret)');

export const NotificationSchema = Type.Object(
  {
    id: Type.Integer(),
    recipient_id: Type.String(),
    payload: Type.Unknown(),
    broadcast_id: Nullable(Type.Integer()),
    target: Nullable(TargetSchema),
    read: Type.Boolean(),
    opened: Type.Boolean(),
    seen: Type.Boolean({ description: 'The recipient has seen it in a list (the badge can count unseen rather than unread)' }),
    archived: Type.Boolean({ description: 'Out of the default feed, kept (`?archived=true` lists these)' }),
    action_taken: Nullable(Type.String({ description: 'The id of the `payload.actions` entry the recipient chose; null until one is' })),
    snoozed_until: Type.Optional({ ...Timestamp, description: 'Only while snoozed: when it comes back to the feed as new' }),
    created_at: Timestamp,
    updated_at: Timestamp,
    status: Type.String({ description: 'enqueued, scheduled, canceled, delivered, suppressed, throttled, failed, not_requested' }),
    send_at: Type.Optional(Nullable(Timestamp)),
    email: EmailOutcomeSchema,
    sms: SmsOutcomeSchema,
    push: PushOutcomeSchema,
    chat: Type.Optional(ChatOutcomeSchema),
    mobile_push: Type.Optional(MobilePushOutcomeSchema),
    decision: NotificationDecisionSchema,
  },
  { title: 'Notification' },
);

const BroadcastOutbound = Type.Object(
  { status: Type.String({ description: 'pending | sent | blocked (more recipients eligible than the project allows)' }), eligible: Type.Optional(Type.Integer()) },
  { title: 'BroadcastOutbound' },
);

const BroadcastAudience = Type.Object(
  {
    list: Type.Optional(Type.String({ description: 'A send to a list: its key' })),
    recipient_ids: Type.Optional(Type.Integer({ description: 'A send to recipient ids: how many (duplicates and excluded ids taken out)' })),
    excluded: Type.Integer({ description: 'How many recipients the send left out by name (exclude_recipient_ids)' }),
  },
  { title: 'BroadcastAudience', description: 'Who a send to many goes to; absent: every recipient of the project' },
);

export const BroadcastSchema = Type.Object(
  {
    id: Type.Integer(),
    target: TargetSchema,
    payload: Type.Unknown(),
    status: Type.String(),
    recipients_total: Type.Integer(),
    notifications_created: Type.Integer(),
    email: Nullable(BroadcastOutbound),
    push: Nullable(BroadcastOutbound),
    // Present on a send carrying an sms block, as `email` and `push` are on theirs.
    sms: Type.Optional(BroadcastOutbound),
    // Present on a send carrying a mobile_push block.
    mobile_push: Type.Optional(BroadcastOutbound),
    created_at: Timestamp,
    updated_at: Timestamp,
    send_at: Type.Optional(Nullable(Timestamp)),
    audience: Type.Optional(BroadcastAudience),
  },
  { title: 'Broadcast' },
);

export const SendResult = Type.Object({
  notification: Nullable(NotificationSchema),
  broadcast: Nullable(BroadcastSchema),
  failed: Type.Optional(Type.Array(BatchFailureSchema, { description: 'A send to recipient_ids: the ids that failed the recipient id rules (left out; the others were sent)' })),
});

/** Path ids stay text: a non-integer id is a 404, like an unknown one. */
export const IdParams = Type.Object({ id: Type.String() });

/** One email digest: a recipient's emails governed by one catalog entry, sent as one mail. */
export const DigestSchema = Type.Object(
  {
    id: Type.Integer(),
    recipient_id: Type.String(),
    entry_id: Type.Integer({ description: 'The catalog entry whose digest this is (`/preferences/{preference_id}`)' }),
    target: TargetSchema,
    status: Type.String({ description: 'open (collecting), sent, skipped (nothing left to send), failed' }),
    subject: Type.String(),
    max_items: Type.Integer(),
    opened_at: Timestamp,
    closes_at: Timestamp,
    sent_at: Nullable(Timestamp),
    message_id: Nullable(Type.String()),
    address: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    notification_ids: Type.Array(Type.Integer(), { description: 'In the order collected (the mail\'s order)' }),
  },
  { title: 'Digest' },
);
