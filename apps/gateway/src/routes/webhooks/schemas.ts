import { Type } from '@sinclair/typebox';
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_TYPES } from '@herald/contracts';
import { Nullable, NullableTimestamp, Timestamp } from '../shared/schemas';
import { INVALID_MESSAGE, serviceRules } from '../../plugins/external/swagger/openapi-document';

const EventType = Type.Union(WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t)));

// An endpoint URL as the gateway accepts it: absolute http(s), a host name (ASCII labels of letters,
// digits and single hyphens, the last one starting with a letter) or an IPv4 address, an optional
// port, then an RFC 3986 path, query and fragment. Every such URL is a valid `uri` that the delivery
// service accepts (webhook-rules.ts; it also refuses credentials, which the host part cannot hold);
// IPv6 literals and internationalized names are not taken (use a name, in its ASCII form for none).
const LABEL = '[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*';
const LAST_LABEL = '[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const PORT = '(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4})';
const PCHAR = "(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})";
export const WEBHOOK_URL_PATTERN =
  `^[Hh][Tt][Tt][Pp][Ss]?://(?:(?:${LABEL}\\.)*${LAST_LABEL}|${OCTET}(?:\\.${OCTET}){3})(?::${PORT})?` +
  `(?:/${PCHAR}*)*(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`;

const urlRules = (description?: string) =>
  ({
    ...serviceRules({ format: 'uri' }),
    pattern: WEBHOOK_URL_PATTERN,
    [INVALID_MESSAGE]: 'An absolute http or https URL: a host name or IPv4 address, an optional port, no credentials',
    ...(description ? { description } : {}),
  }) as const;

export const WebhookSchema = Type.Object(
  {
    id: Type.Integer(),
    url: Type.String(serviceRules({ format: 'uri', pattern: WEBHOOK_URL_PATTERN })),
    description: Nullable(Type.String()),
    event_types: Type.Array(Type.String(), { description: 'Empty: every event type' }),
    status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
    // gone: the endpoint answered 410; failing: every attempt failed for WEBHOOK_DISABLE_AFTER_MS (5 days); manual: PATCH enabled=false.
    disabled_reason: Nullable(Type.Union([Type.Literal('gone'), Type.Literal('failing'), Type.Literal('manual')])),
    failing_since: NullableTimestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'Webhook' },
);

export const WebhookWithSecretSchema = Type.Object(
  { webhook: WebhookSchema, secret: Type.String({ description: 'whsec_… signing secret, shown only here' }) },
  { title: 'WebhookWithSecret' },
);

export const WebhookAttemptSchema = Type.Object(
  { at: Timestamp, response_status: Nullable(Type.Integer()), latency_ms: Type.Integer(), error: Nullable(Type.String()) },
  { title: 'WebhookAttempt' },
);

export const WebhookDeliverySchema = Type.Object(
  {
    id: Type.Integer(),
    webhook_id: Type.Integer(),
    event_id: Type.String({ description: 'The webhook-id header: the same on every attempt' }),
    event_type: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
    attempts: Type.Integer(),
    last_response_status: Nullable(Type.Integer()),
    last_latency_ms: Nullable(Type.Integer()),
    last_response_body: Nullable(Type.String({ description: 'At most 1 KiB' })),
    last_error: Nullable(Type.String()),
    next_attempt_at: NullableTimestamp,
    attempt_log: Type.Array(WebhookAttemptSchema),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'WebhookDelivery' },
);

export const CreateWebhookBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: MAX_WEBHOOK_URL_LENGTH, ...urlRules('An absolute http or https URL (a host name or IPv4 address, an optional port; no credentials)') }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  event_types: Type.Optional(Type.Array(EventType, { maxItems: WEBHOOK_EVENT_TYPES.length * 2, description: 'Omitted or empty: every event type' })),
});

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_WEBHOOK_URL_LENGTH, ...urlRules() })),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
    event_types: Type.Optional(Type.Array(EventType, { maxItems: WEBHOOK_EVENT_TYPES.length * 2 })),
    enabled: Type.Optional(Type.Boolean({ description: 'true re-enables a disabled endpoint (clearing its failing state)' })),
  },
  { minProperties: 1 },
);

export const WebhookParams = Type.Object({ id: Type.String({ examples: ['2'] }) });
export const DeliveryParams = Type.Object({ id: Type.String({ examples: ['2'] }), delivery_id: Type.String({ examples: ['981'] }) });
export const DeliveriesQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page', ...serviceRules({ pattern: '^(?:[1-9][0-9]{0,15})?$' }) })),
  status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')])),
});
