import { LIMITS, PREFERENCE_MEDIUMS } from '@herald/contracts';
import { Type } from '@sinclair/typebox';
import { hidden, serviceRules } from '../../plugins/external/swagger/openapi-document';
import { Nullable, Timestamp } from '../shared/schemas';
import { NOT_BLANK_NO_CONTROL } from '../../plugins/external/swagger/text-patterns';

// The gateway checks JSON types only; value rules (lengths, medium values, duplicates) are the
// preference service's, so every violation names its property the same way.

const TargetField = (description: string) =>
  Type.String({ description: `${description}: 1–${LIMITS.targetFieldMax} characters`, ...serviceRules({ minLength: 1, maxLength: LIMITS.targetFieldMax }) });
export const Medium = Type.String({
  minLength: 1,
  description: '`in_app` (default), `email`, `sms`, `web_push`, `chat` or `mobile_push`',
  examples: ['in_app', 'email', 'sms', 'web_push', 'chat', 'mobile_push'],
  ...serviceRules({ enum: [...PREFERENCE_MEDIUMS] }),
});
const Name = Type.String({ description: 'Human-readable name (returned as `label`)', ...serviceRules({ maxLength: 256, pattern: NOT_BLANK_NO_CONTROL }) });
const Description = Nullable(Type.String({ description: 'Omitted, null or blank stores none', ...serviceRules({ maxLength: 2048 }) }));

// What an entry asks of delivery after the cascade (bounds are the preference service's).
const DigestInput = Type.Object(
  {
    window_seconds: Type.Integer({ description: 'From the first email, how long the window collects (60-86,400)', ...serviceRules({ minimum: 60, maximum: 86_400 }) }),
    max_items: Type.Integer({ description: 'A window reaching this many items is sent at once (2-100)', ...serviceRules({ minimum: 2, maximum: 100 }) }),
    subject: Type.String({ description: 'The digest mail\'s subject; `{count}` becomes the number of items', examples: ['{count} new comments'], ...serviceRules({ minLength: 1, maxLength: 998 }) }),
  },
  { title: 'CatalogDigest', description: 'Email entries only: a recipient\'s emails governed by this entry are collected and sent as one mail' },
);
const ThrottleInput = Type.Object(
  {
    max: Type.Integer({ description: 'Deliveries allowed to one recipient in any window (1-1,000)', ...serviceRules({ minimum: 1, maximum: 1_000 }) }),
    window_seconds: Type.Integer({ description: 'The sliding window (60-2,592,000)', ...serviceRules({ minimum: 60, maximum: 2_592_000 }) }),
  },
  { title: 'CatalogThrottle', description: 'Past `max` in the window: in-app ends `throttled` (not in the feed), email is skipped `throttled`' },
);
const DigestField = Nullable(DigestInput);
const ThrottleField = Nullable(ThrottleInput);

/** The create body and each bulk item: the entry's full desired state. */
export const CatalogItemBody = Type.Object(
  {
    channel: TargetField('Broad category'),
    topic: TargetField('Subcategory; `any` matches every topic, `none` is the base'),
    event: TargetField('Event that triggers the notification'),
    medium: Type.Optional(Medium),
    name: Name,
    description: Type.Optional(Description),
    default_enabled: Type.Boolean(),
    mandatory: Type.Optional(Type.Boolean({ default: false })),
    digest: Type.Optional(DigestField),
    throttle: Type.Optional(ThrottleField),
  },
  {
    title: 'CatalogEntryInput',
    // A digest is for email entries only (medium defaults to in_app).
    ...serviceRules({ if: { required: ['digest'], properties: { digest: { type: 'object' } } }, then: { required: ['medium'], properties: { medium: { const: 'email' } } } }),
  },
);

/** Items may not repeat a natural key (channel, topic, event, medium): a 400 naming the index. */
export const UpsertCatalogBody = Type.Array(CatalogItemBody, { maxItems: 1000 });

export const UpsertCatalogQuery = Type.Object({
  prune: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'Delete entries absent from the array' })),
});

export const UpdateCatalogBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    default_enabled: Type.Optional(Type.Boolean()),
    mandatory: Type.Optional(Type.Boolean()),
    digest: Type.Optional(DigestField),
    throttle: Type.Optional(ThrottleField),
    // The natural key may be sent, but only with its stored values (else 400 immutable_field): not offered.
    channel: Type.Optional(Type.String(hidden())),
    topic: Type.Optional(Type.String(hidden())),
    event: Type.Optional(Type.String(hidden())),
    medium: Type.Optional(Type.String(hidden())),
  },
  { title: 'CatalogEntryPatch', ...serviceRules({ anyOf: ['name', 'description', 'default_enabled', 'mandatory', 'digest', 'throttle'].map((p) => ({ title: `Changes ${p}`, required: [p] })) }) },
);

export const PreferenceIdParams = Type.Object({ preference_id: Type.String({ examples: ['3'] }) });

export const CatalogEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    project_id: Type.Integer(),
    target: Type.Object({ channel: Type.String(), topic: Type.String(), event: Type.String() }, { title: 'Target' }),
    medium: Type.String(),
    label: Type.String(),
    description: Nullable(Type.String()),
    default_enabled: Type.Boolean(),
    mandatory: Type.Boolean(),
    digest: Nullable(DigestInput),
    throttle: Nullable(ThrottleInput),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'CatalogEntry' },
);
