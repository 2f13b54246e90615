import type { CatalogEntry } from '@herald/contracts';
import { formatProtoTimestamp } from '../shared/timestamps';
import { int32 } from '../shared/int32';

interface DigestBody {
  window_seconds: number;
  max_items: number;
  subject: string;
}
interface ThrottleBody {
  max: number;
  window_seconds: number;
}

/** A REST digest → the RPC's; null or absent: none. Integers past int32 are pinned (the service refuses them by name). */
export const digestInput = (d: DigestBody | null | undefined) =>
  d ? { windowSeconds: int32(d.window_seconds), maxItems: int32(d.max_items), subject: d.subject } : undefined;

/** A REST throttle → the RPC's; null or absent: none. */
export const throttleInput = (t: ThrottleBody | null | undefined) => (t ? { max: int32(t.max), windowSeconds: int32(t.window_seconds) } : undefined);

/** RPC catalog entry → REST shape. */
export const catalogEntryView = (e: CatalogEntry) => ({
  id: Number(e.id),
  project_id: Number(e.projectId),
  target: { channel: e.target?.channel ?? '', topic: e.target?.topic ?? '', event: e.target?.event ?? '' },
  medium: e.medium,
  label: e.label,
  description: e.description ?? null,
  default_enabled: e.defaultEnabled,
  mandatory: e.mandatory,
  digest: e.digest ? { window_seconds: e.digest.windowSeconds, max_items: e.digest.maxItems, subject: e.digest.subject } : null,
  throttle: e.throttle ? { max: e.throttle.max, window_seconds: e.throttle.windowSeconds } : null,
  created_at: formatProtoTimestamp(e.createdAt) ?? '',
  updated_at: formatProtoTimestamp(e.updatedAt) ?? '',
});

/** A REST catalog item → the RPC's CatalogEntryInput. */
export const catalogInput = (b: {
  channel: string;
  topic: string;
  event: string;
  medium?: string;
  name: string;
  description?: string | null;
  default_enabled: boolean;
  mandatory?: boolean;
  digest?: DigestBody | null;
  throttle?: ThrottleBody | null;
}) => ({
  target: { channel: b.channel, topic: b.topic, event: b.event },
  medium: b.medium ?? 'in_app',
  name: b.name,
  description: b.description ?? undefined,
  defaultEnabled: b.default_enabled,
  mandatory: b.mandatory ?? false,
  digest: digestInput(b.digest),
  throttle: throttleInput(b.throttle),
});
