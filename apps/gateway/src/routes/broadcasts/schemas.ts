import { Type } from '@sinclair/typebox';
import { Nullable } from '../shared/schemas';
import { BroadcastSchema } from '../notifications/schemas';

/** Broadcasts a page holds by default and at most. */
export const BROADCAST_PAGE = { default: 20, max: 100 } as const;

export const BroadcastsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: BROADCAST_PAGE.max, default: BROADCAST_PAGE.default }),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page', pattern: '^[1-9][0-9]{0,15}$' })),
});

export const BroadcastPage = Type.Object({ broadcasts: Type.Array(BroadcastSchema), next_cursor: Nullable(Type.String()) }, { title: 'BroadcastPage' });
