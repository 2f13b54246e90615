import { LIST_LIMITS } from '@herald/contracts';
import { Type } from '@sinclair/typebox';
import { hidden, serviceRules } from '../../plugins/external/swagger/openapi-document';
import { NO_CONTROL_BUT_LINES, NOT_BLANK_NO_CONTROL } from '../../plugins/external/swagger/text-patterns';
import { BatchFailureSchema } from '../recipients/schemas';
import { Nullable, Timestamp } from '../shared/schemas';

export const ListSchema = Type.Object(
  {
    key: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    self_service: Type.Boolean({ description: 'A recipient token may subscribe and unsubscribe its own recipient' }),
    subscriber_count: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'List' },
);

/** Value rules are the recipient service's (lists/domain/list-rules.ts); the document states them. */
const ListKey = Type.String({ description: '1–128 characters of A-Z, a-z, 0-9, `.`, `_`, `:` and `-`; unique per project', ...serviceRules({ pattern: LIST_LIMITS.keyPattern }) });
const ListName = Type.String(serviceRules({ minLength: 1, maxLength: LIST_LIMITS.nameMax, pattern: NOT_BLANK_NO_CONTROL }));
const ListDescription = Nullable(Type.String(serviceRules({ maxLength: LIST_LIMITS.descriptionMax, pattern: NO_CONTROL_BUT_LINES })));

export const ListKeyParams = Type.Object({ list_key: Type.String({ minLength: 1, examples: ['issue:42:watchers'] }) });
export const RecipientListParams = Type.Object({ recipient_id: Type.String({ minLength: 1, examples: ['user-42'] }), list_key: Type.String({ minLength: 1, examples: ['product-updates'] }) });

export const CreateListBody = Type.Object(
  { key: ListKey, name: ListName, description: Type.Optional(ListDescription), self_service: Type.Optional(Type.Boolean({ default: false })) },
  { title: 'ListInput' },
);
// `key` may be repeated with the path's value (anything else: 400 immutable_field); not offered.
export const UpdateListBody = Type.Object({
  key: Type.Optional(Type.String(hidden())),
  name: Type.Optional(ListName),
  description: Type.Optional(ListDescription),
  self_service: Type.Optional(Type.Boolean()),
});

export const PageQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: LIST_LIMITS.pageMax, default: LIST_LIMITS.pageDefault }),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page' })),
});

export const RecipientIdsBody = Type.Object(
  { recipient_ids: Type.Array(Type.String(), { minItems: 1, maxItems: LIST_LIMITS.idsPerCall, description: 'Repeated ids count once; an id failing the recipient id rules is reported in failed, the others are written' }) },
  { title: 'ListSubscriptionsInput' },
);

export const SubscribeResultSchema = Type.Object(
  {
    subscribed: Type.Integer({ description: 'Recipients subscribed by this call' }),
    already: Type.Integer({ description: 'Recipients that were subscribed before' }),
    failed: Type.Array(BatchFailureSchema),
  },
  { title: 'ListSubscribeResult' },
);
export const UnsubscribeResultSchema = Type.Object(
  {
    unsubscribed: Type.Integer({ description: 'Recipients unsubscribed by this call' }),
    already: Type.Integer({ description: 'Recipients that were not subscribed' }),
    failed: Type.Array(BatchFailureSchema),
  },
  { title: 'ListUnsubscribeResult' },
);

/** A list as a recipient sees it: with self_service=true, whether they are subscribed. */
export const RecipientListEntrySchema = Type.Composite(
  [ListSchema, Type.Object({ subscribed: Type.Optional(Type.Boolean({ description: 'With self_service=true: whether this recipient is subscribed' })) })],
  { title: 'RecipientListEntry' },
);

export const RecipientListsQuery = Type.Object({
  self_service: Type.Optional(Type.Boolean({ description: "true: every self-service list of the project (the ones the recipient may follow or leave), each with `subscribed`, a page at a time; absent or false: the lists the recipient is on" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_LIMITS.pageMax, description: `With self_service=true: the page size (default ${LIST_LIMITS.pageDefault})` })),
  cursor: Type.Optional(Type.String({ description: 'With self_service=true: next_cursor of the previous page' })),
});

export const RecipientListsSchema = Type.Object({
  lists: Type.Array(RecipientListEntrySchema),
  next_cursor: Type.Optional(Nullable(Type.String({ description: 'With self_service=true: the cursor of the next page, null on the last' }))),
});

export const SubscriberPageSchema = Type.Object({
  subscribers: Type.Array(Type.Object({ recipient_id: Type.String() }, { title: 'ListSubscriber' })),
  next_cursor: Nullable(Type.String()),
});
