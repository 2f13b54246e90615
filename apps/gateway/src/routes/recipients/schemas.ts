import { LIMITS } from '@herald/contracts';
import { Type } from '@sinclair/typebox';
import { hidden, serviceRules } from '../../plugins/external/swagger/openapi-document';
import { Nullable, Timestamp } from '../shared/schemas';
import { NO_CONTROL, TRIMMED_NO_CONTROL } from '../../plugins/external/swagger/text-patterns';

export const RecipientSchema = Type.Object(
  { id: Type.String(), name: Nullable(Type.String()), created_at: Timestamp, updated_at: Timestamp },
  { title: 'Recipient' },
);

export const RecipientIdParams = Type.Object({ recipient_id: Type.String({ minLength: 1, examples: ['user-42'] }) });

/**
 * Recipient id rules are the recipient service's (`checkRecipientId` in service-kit,
 * one rule for every service); the document states them. The gateway checks the JSON type only:
 * lengths count code points, which JSON Schema's `maxLength` does too but the gateway's validator
 * (TypeBox, UTF-16 units) does not, so a check here would refuse 129–256 astral characters that the
 * rule accepts. The same holds for the name.
 */
export const RecipientId = Type.String({ minLength: 1, ...serviceRules({ maxLength: LIMITS.recipientIdMax, pattern: TRIMMED_NO_CONTROL }) });
const RecipientName = Nullable(Type.String(serviceRules({ maxLength: LIMITS.recipientNameMax, pattern: NO_CONTROL })));

export const CreateRecipientBody = Type.Object({ id: RecipientId, name: Type.Optional(RecipientName) }, { title: 'RecipientInput' });
// `id` may be repeated with the path's value (anything else: 400 immutable_field); not offered.
export const UpdateRecipientBody = Type.Object({ id: Type.Optional(Type.String(hidden())), name: Type.Optional(RecipientName) });

// A recipient page cursor is base64url("r1:" + 1 to 15 digits) (recipient-service domain/cursor.ts):
// "r1:" is "cjE6"; each three digits make four characters, a last one or two digits two or three.
const D3 = '(?:[MN][DTjz]|O[DT])[AEIMQUYcgk][wxyz0-5]';
const D1 = '(?:[MN][AQgw]|O[AQ])';
const D2 = '(?:[MN][DTjz]|O[DT])[AEIMQUYcgk]';
export const RECIPIENT_CURSOR = `^(?:cjE6(?:(?:${D3}){1,5}|(?:${D3}){0,4}(?:${D1}|${D2})))?$`;

export const ListRecipientsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: LIMITS.recipientsPageMax, default: LIMITS.recipientsPageDefault }),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page', ...serviceRules({ pattern: RECIPIENT_CURSOR }) })),
  q: Type.Optional(
    Type.String({
      description: `Search: the recipients whose id, name or a contact address starts with it (case as typed), at most \`limit\`, in id order, in one page (no cursor)`,
      examples: ['ali'],
      ...serviceRules({ minLength: 1, maxLength: LIMITS.recipientIdMax }),
    }),
  ),
});

/** Items are checked one by one in the gateway (wrong types become per-item failures). */
export const BatchBody = Type.Object({
  recipients: Type.Array(Type.Unknown({ description: 'RecipientInput; an invalid item is reported in failed, the others are written' }), { maxItems: LIMITS.batchRecipientsMax }),
});

export const BatchFailureSchema = Type.Object(
  {
  id: Type.String(),
  batch_index: Type.Integer(),
  errors: Type.Array(
    Type.Object({ message: Type.String(), description: Type.String(), property_path: Type.String(), invalid_value: Type.Unknown() }),
  ),
  },
  { title: 'BatchFailure' },
);
export const BatchResultSchema = Type.Object({
  created: Type.Array(Type.Object({ id: Type.String() })),
  updated: Type.Array(Type.Object({ id: Type.String() })),
  failed: Type.Array(BatchFailureSchema),
});

export const TokenBody = Type.Object({
  ttl_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.tokenTtlMaxSeconds, default: LIMITS.tokenTtlDefaultSeconds })),
});
export const TokenSchema = Type.Object({ token: Type.String(), recipient_id: Type.String(), expires_at: Timestamp }, { title: 'RecipientToken' });
