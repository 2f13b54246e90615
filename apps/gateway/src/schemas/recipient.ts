import { LIMITS } from '@herald/contracts';
import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from './common';

export const RecipientSchema = Type.Object(
  { id: Type.String(), name: Nullable(Type.String()), created_at: Timestamp, updated_at: Timestamp },
  { title: 'Recipient' },
);

export const RecipientIdParams = Type.Object({ recipient_id: Type.String({ minLength: 1 }) });

const RecipientId = Type.String({ minLength: 1, maxLength: LIMITS.recipientIdMax });
const RecipientName = Nullable(Type.String({ maxLength: LIMITS.recipientNameMax }));

export const CreateRecipientBody = Type.Object({ id: RecipientId, name: Type.Optional(RecipientName) });
export const UpdateRecipientBody = Type.Object({ id: Type.Optional(Type.String()), name: Type.Optional(RecipientName) });

export const ListRecipientsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: LIMITS.recipientsPageMax, default: LIMITS.recipientsPageDefault }),
  cursor: Type.Optional(Type.String()),
});

/** Items are checked one by one in the gateway (wrong types become per-item failures). */
export const BatchBody = Type.Object({ recipients: Type.Array(Type.Unknown(), { maxItems: LIMITS.batchRecipientsMax }) });

export const BatchFailureSchema = Type.Object({
  id: Type.String(),
  batch_index: Type.Integer(),
  errors: Type.Array(
    Type.Object({ message: Type.String(), description: Type.String(), property_path: Type.String(), invalid_value: Type.Unknown() }),
  ),
});
export const BatchResultSchema = Type.Object({
  created: Type.Array(Type.Object({ id: Type.String() })),
  updated: Type.Array(Type.Object({ id: Type.String() })),
  failed: Type.Array(BatchFailureSchema),
});

export const TokenBody = Type.Object({
  ttl_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.tokenTtlMaxSeconds, default: LIMITS.tokenTtlDefaultSeconds })),
});
export const TokenSchema = Type.Object({ token: Type.String(), recipient_id: Type.String(), expires_at: Timestamp });
