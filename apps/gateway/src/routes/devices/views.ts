import type { Device } from '@herald/contracts';
import { formatProtoTimestamp } from '../shared/timestamps';

/** RPC Device → REST Device. */
export const deviceView = (d: Device | undefined) => ({
  id: Number(d?.id ?? 0),
  platform: d?.platform ?? '',
  token: d?.token ?? '',
  app_id: d?.appId ?? null,
  locale: d?.locale ?? null,
  created_at: formatProtoTimestamp(d?.createdAt) ?? '',
  updated_at: formatProtoTimestamp(d?.updatedAt) ?? '',
});
