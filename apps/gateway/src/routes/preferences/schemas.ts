import { LIMITS, PREFERENCE_MEDIUMS } from '@herald/contracts';
import { Type } from '@sinclair/typebox';
import { hidden, serviceRules } from '../../http/openapi-document';
import { NOT_BLANK_NO_CONTROL, Nullable, Timestamp } from '../../schemas/common';

// The gateway checks JSON types only; value rules (lengths, medium values, duplicates) are the
// preference service's, so every violation names its property the same way.

const TargetField = (description: string) =>
  Type.String({ description: `${description}: 1–${LIMITS.targetFieldMax} characters`, ...serviceRules({ minLength: 1, maxLength: LIMITS.targetFieldMax }) });
export const Medium = Type.String({
  minLength: 1,
  description: '`in_app` (default), `email`, `sms` or `web_push`',
  examples: ['in_app', 'email', 'sms', 'web_push'],
  ...serviceRules({ enum: [...PREFERENCE_MEDIUMS] }),
});
const Name = Type.String({ description: 'Human-readable name (returned as `label`)', ...serviceRules({ maxLength: 256, pattern: NOT_BLANK_NO_CONTROL }) });
const Description = Nullable(Type.String({ description: 'Omitted, null or blank stores none', ...serviceRules({ maxLength: 2048 }) }));

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
  },
  { title: 'CatalogEntryInput' },
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
    // The natural key may be sent, but only with its stored values (else 400 immutable_field): not offered.
    channel: Type.Optional(Type.String(hidden())),
    topic: Type.Optional(Type.String(hidden())),
    event: Type.Optional(Type.String(hidden())),
    medium: Type.Optional(Type.String(hidden())),
  },
  { title: 'CatalogEntryPatch', ...serviceRules({ anyOf: ['name', 'description', 'default_enabled', 'mandatory'].map((p) => ({ required: [p] })) }) },
);

export const PreferenceIdParams = Type.Object({ preference_id: Type.String() });

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
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'CatalogEntry' },
);
