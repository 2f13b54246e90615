import { parsePathId } from '../../http/path-id';

// The REST views live in @herald/contracts (shared with the live stream and the webhook dispatcher).
export { broadcastView, EMAIL_ERROR_SUMMARY, notificationView, type Audience } from '@herald/contracts';

/** A path's notification or broadcast id (`parsePathId`), as the RPCs take it; null names nothing. */
export const parseId = (raw: string): bigint | null => {
  const id = parsePathId(raw);
  return id === null ? null : BigInt(id);
};
