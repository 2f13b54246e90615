import type { CatalogEntry } from '@herald/contracts';
import { formatProtoTimestamp } from '../../http/timestamps';

/** RPC catalog entry → REST shape (decisions §6). */
export const catalogEntryView = (e: CatalogEntry) => ({
  id: Number(e.id),
  project_id: Number(e.projectId),
  target: { channel: e.target?.channel ?? '', topic: e.target?.topic ?? '', event: e.target?.event ?? '' },
  medium: e.medium,
  label: e.label,
  description: e.description ?? null,
  default_enabled: e.defaultEnabled,
  mandatory: e.mandatory,
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
}) => ({
  target: { channel: b.channel, topic: b.topic, event: b.event },
  medium: b.medium ?? 'in_app',
  name: b.name,
  description: b.description ?? undefined,
  defaultEnabled: b.default_enabled,
  mandatory: b.mandatory ?? false,
});
