import { LIMITS } from '@herald/contracts';
import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../../schemas/common';

// The gateway checks JSON types only; value rules (lengths, medium values, duplicates) are the
// preference service's, so every violation names its property the same way.

const TargetField = (description: string) => Type.String({ description: `${description}: 1–${LIMITS.targetFieldMax} characters` });
export const Medium = Type.String({ minLength: 1, description: '`in_app` (default) or `email`', examples: ['in_app', 'email'] });

/** The create body and each bulk item: the entry's full desired state. */
export const CatalogItemBody = Type.Object(
  {
    channel: TargetField('Broad category'),
    topic: TargetField('Subcategory; `any` matches every topic, `none` is the base'),
    event: TargetField('Event that triggers the notification'),
    medium: Type.Optional(Medium),
    name: Type.String({ description: 'Human-readable name (returned as `label`)' }),
    description: Type.Optional(Nullable(Type.String({ description: 'Omitted, null or blank stores none' }))),
    default_enabled: Type.Boolean(),
    mandatory: Type.Optional(Type.Boolean({ default: false })),
  },
  { title: 'CatalogEntryInput' },
);

export const UpsertCatalogBody = Type.Array(CatalogItemBody, { maxItems: 1000 });

export const UpsertCatalogQuery = Type.Object({
  prune: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'Delete entries absent from the array' })),
});

export const UpdateCatalogBody = Type.Object({
  name: Type.Optional(Type.String()),
  description: Type.Optional(Nullable(Type.String())),
  default_enabled: Type.Optional(Type.Boolean()),
  mandatory: Type.Optional(Type.Boolean()),
  // The natural key may be sent, but only with its stored values (else 400 immutable_field).
  channel: Type.Optional(Type.String()),
  topic: Type.Optional(Type.String()),
  event: Type.Optional(Type.String()),
  medium: Type.Optional(Type.String()),
});

export const PreferenceIdParams = Type.Object({ preference_id: Type.String() });

export const CatalogEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    project_id: Type.Integer(),
    target: Type.Object({ channel: Type.String(), topic: Type.String(), event: Type.String() }),
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
